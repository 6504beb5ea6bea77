/**
 * Translation of generated English sentences by template (decision 0132): a template is the English
 * sentence with {placeholders} and its other-language form. `translateByTemplates` finds the template
 * an English text was written from and writes the other form with the same values; a placeholder
 * written {name*} holds a sentence of its own and is translated again. Used for the findings of the
 * lower layers (structure, readers) and for the services' problem details.
 */

export interface TextTemplate {
  en: string;
  fr: string;
}

export interface CompiledTemplate<T extends TextTemplate> {
  template: T;
  pattern: RegExp;
  names: string[];
  nested: Set<string>;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function compileTemplate<T extends TextTemplate>(template: T): CompiledTemplate<T> {
  const names: string[] = [];
  const nested = new Set<string>();
  let source = '';
  let last = 0;
  for (const m of template.en.matchAll(/\{(\w+)(\*?)\}/g)) {
    source += escapeRegExp(template.en.slice(last, m.index));
    const name = m[1] as string;
    names.push(name);
    if (m[2]) nested.add(name);
    source += m[2] ? '(.+)' : '(.+?)';
    last = (m.index ?? 0) + m[0].length;
  }
  source += escapeRegExp(template.en.slice(last));
  return { template, pattern: new RegExp(`^${source}$`, 's'), names, nested };
}

/** The French of `en` by the first of `templates` it matches; undefined when none does */
export function translateByTemplates<T extends TextTemplate>(
  templates: readonly CompiledTemplate<T>[],
  en: string,
  accept: (template: T) => boolean = () => true,
  depth = 0,
): string | undefined {
  if (depth > 3) return undefined;
  for (const c of templates) {
    if (!accept(c.template)) continue;
    const m = c.pattern.exec(en);
    if (!m) continue;
    const values = new Map<string, string>();
    c.names.forEach((name, i) => {
      const v = m[i + 1] ?? '';
      values.set(name, c.nested.has(name) ? (translateByTemplates(templates, v, accept, depth + 1) ?? v) : v);
    });
    return c.template.fr.replace(/\{(\w+)\*?\}/g, (_, name: string) => values.get(name) ?? '');
  }
  return undefined;
}
