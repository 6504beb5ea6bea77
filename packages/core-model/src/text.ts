/**
 * Words for people, with nothing else: the template engine of the translations (decision 0132) and
 * sizes in readable units. Also exported alone as `@einv/core-model/text`, so the command line can
 * write its messages without loading the model's schema (its `--version` and `--help` stay fast).
 */
export {
  type CompiledTemplate,
  compileTemplate,
  type TextTemplate,
  translateByTemplates,
} from './text-templates.js';

const UNITS = {
  en: ['bytes', 'KB', 'MB', 'GB'],
  fr: ['octets', 'Ko', 'Mo', 'Go'],
};

/** A size for people: 20971520 → "20 MB" / "20 Mo" (binary multiples, as the limits are set) */
export function formatSize(bytes: number, lang: 'en' | 'fr'): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < 3) {
    value /= 1024;
    unit++;
  }
  const shown = Number.isInteger(value) ? String(value) : value.toFixed(1);
  const text = lang === 'fr' ? shown.replace('.', ',') : shown;
  // French typography: a no-break space between number and unit
  return `${text}${lang === 'fr' ? '\u00a0' : ' '}${UNITS[lang][unit]}`;
}
