/**
 * The language of the command line's own words (decision 0150): `--lang` when given, else the
 * locale of the environment as POSIX orders it (LC_ALL, then LC_MESSAGES, then LANG; `fr_FR.UTF-8`,
 * `fr_BE`, `fr` → French), else English. Read from argv before commander runs, because the help
 * text and commander's own errors are written in it.
 */
export const CLI_LANGS = ['en', 'fr'] as const;
export type CliLang = (typeof CLI_LANGS)[number];

const isLang = (v: string | undefined): v is CliLang => v === 'en' || v === 'fr';

/** The value of `--lang X` / `--lang=X` (the last one wins, as commander takes it), if any */
export function langArgument(argv: readonly string[]): string | undefined {
  let value: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') break;
    if (arg === '--lang') value = argv[i + 1];
    else if (arg.startsWith('--lang=')) value = arg.slice('--lang='.length);
  }
  return value;
}

/** `fr_FR.UTF-8` → fr; `C`, `POSIX`, `de_DE` → undefined (not a language einv speaks) */
export function localeLang(locale: string | undefined): CliLang | undefined {
  const m = /^([a-z]{2})(?:[_.@-]|$)/i.exec(locale ?? '');
  const lang = m?.[1]?.toLowerCase();
  return isLang(lang) ? lang : undefined;
}

/** The language of the messages: --lang, else the environment's locale, else English */
export function cliLang(argv: readonly string[], env: NodeJS.ProcessEnv): CliLang {
  const given = langArgument(argv);
  if (isLang(given)) return given;
  // the first locale variable that is set decides, as POSIX does (LC_ALL=C means the C locale)
  for (const name of ['LC_ALL', 'LC_MESSAGES', 'LANG'] as const) {
    const value = env[name];
    if (value !== undefined && value !== '') return localeLang(value) ?? 'en';
  }
  return 'en';
}
