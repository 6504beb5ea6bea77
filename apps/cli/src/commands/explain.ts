/** `einv explain <rule>`: what a rule checks, why, and how to fix an invoice that breaks it — from the catalogue. */
// the catalogue and the terms only: no need to load the PDF and XML code for a lookup
import { getTerm } from '@einv/core-model';
import { getRule, ruleCatalogue } from '@einv/rules';
import pc from 'picocolors';
import { EXIT, type ExitCode, UsageError } from '../exit-codes.js';
import type { LANGS } from './options.js';

export async function explainCommand(
  id: string,
  opts: { lang: (typeof LANGS)[number]; format: 'pretty' | 'json' },
): Promise<ExitCode> {
  const rule = getRule(id);
  if (!rule) {
    const prefix = id.trim().toUpperCase();
    const near = ruleCatalogue
      .map((r) => r.id)
      .filter((r) => r.startsWith(prefix) || prefix.startsWith(r))
      .slice(0, 8);
    throw new UsageError(
      `no rule ${id} in the catalogue${near.length ? `; did you mean ${near.join(', ')}?` : ''}`,
    );
  }
  const lang = opts.lang;
  const terms = rule.terms.map((t) => ({ id: t, name: getTerm(t)?.name[lang] }));
  const severity =
    rule.editionSeverity ??
    (typeof rule.severity === 'string' ? rule.severity : { CII: rule.severity.CII, UBL: rule.severity.UBL });
  if (opts.format === 'json') {
    const out = {
      rule: rule.id,
      ruleSet: rule.ruleSet,
      family: rule.family,
      severity,
      terms,
      lang,
      checks: rule.message[lang],
      explanation: rule.explanation[lang],
      fix: rule.fix[lang],
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return EXIT.ok;
  }
  const c = pc.createColors(pc.isColorSupported);
  const fr = lang === 'fr';
  const label = (en: string, frText: string) => c.bold(fr ? frText : en);
  process.stdout.write(
    [
      `${c.bold(rule.id)}  ${c.dim(`${rule.ruleSet} · ${typeof severity === 'string' ? severity : JSON.stringify(severity)}`)}`,
      rule.message[lang],
      '',
      `${label('Why', 'Pourquoi')}: ${rule.explanation[lang]}`,
      `${label('Fix', 'Correction')}: ${rule.fix[lang]}`,
      terms.length
        ? `${label('Terms', 'Termes')}: ${terms.map((t) => (t.name ? `${t.id} ${t.name}` : t.id)).join('; ')}`
        : '',
    ]
      .filter((l, i, all) => l !== '' || i < all.length - 1)
      .join('\n')
      .concat('\n'),
  );
  return EXIT.ok;
}
