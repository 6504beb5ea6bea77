/**
 * `einv explain <code>`: what a rule checks, why, and how to fix an invoice that breaks it — from the
 * catalogue; any other finding code (syntax rules, XSD-*, PDF/A, Factur-X) from the facade's
 * explainCode, loaded only then (decision 0131).
 */
// the catalogue and the terms only for a rule: no need to load the PDF and XML code for that lookup
import { getTerm } from '@einv/core-model';
import { getRule, ruleCatalogue } from '@einv/rules';
import pc from 'picocolors';
import { EXIT, type ExitCode, UsageError } from '../exit-codes.js';
import { say } from '../i18n/messages.js';
import type { LANGS } from './options.js';

export async function explainCommand(
  id: string,
  opts: { lang: (typeof LANGS)[number]; format: 'pretty' | 'json' },
): Promise<ExitCode> {
  const entry = explained(id, opts.lang) ?? (await explainedCode(id, opts.lang));
  if (!entry) {
    const prefix = id.trim().toUpperCase();
    const near = ruleCatalogue
      .map((r) => r.id)
      .filter((r) => r.startsWith(prefix) || prefix.startsWith(r))
      .slice(0, 8);
    const message = say('usage.noRule', { id }, opts.lang);
    throw new UsageError(
      near.length ? say('usage.didYouMean', { message, list: near.join(', ') }, opts.lang) : message,
    );
  }
  const lang = opts.lang;
  const { terms, severity } = entry;
  if (opts.format === 'json') {
    process.stdout.write(`${JSON.stringify(entry, null, 2)}\n`);
    return EXIT.ok;
  }
  const c = pc.createColors(pc.isColorSupported);
  const label = (key: 'explain.why' | 'explain.fix' | 'explain.terms') => c.bold(say(key, {}, lang));
  const colon = lang === 'fr' ? '\u00a0:' : ':';
  process.stdout.write(
    [
      `${c.bold(entry.rule)}  ${c.dim(`${entry.ruleSet}${severity === undefined ? '' : ` · ${typeof severity === 'string' ? severity : JSON.stringify(severity)}`}`)}`,
      entry.checks,
      '',
      `${label('explain.why')}${colon} ${entry.explanation}`,
      `${label('explain.fix')}${colon} ${entry.fix}`,
      terms.length
        ? `${label('explain.terms')}${colon} ${terms.map((t) => (t.name ? `${t.id} ${t.name}` : t.id)).join(lang === 'fr' ? '\u00a0; ' : '; ')}`
        : '',
    ]
      .filter((l, i, all) => l !== '' || i < all.length - 1)
      .join('\n')
      .concat('\n'),
  );
  return EXIT.ok;
}

interface Entry {
  rule: string;
  ruleSet: string;
  family?: string;
  severity?: unknown;
  terms: { id: string; name: string | undefined }[];
  lang: string;
  checks: string;
  explanation: string;
  fix: string;
}

/** A business rule of the catalogue (the fast path: no PDF or XML code loaded) */
function explained(id: string, lang: (typeof LANGS)[number]): Entry | undefined {
  const rule = getRule(id);
  if (!rule) return undefined;
  return {
    rule: rule.id,
    ruleSet: rule.ruleSet,
    family: rule.family,
    severity:
      rule.editionSeverity ??
      (typeof rule.severity === 'string'
        ? rule.severity
        : { CII: rule.severity.CII, UBL: rule.severity.UBL }),
    terms: rule.terms.map((t) => ({ id: t, name: getTerm(t)?.name[lang] })),
    lang,
    checks: rule.message[lang],
    explanation: rule.explanation[lang],
    fix: rule.fix[lang],
  };
}

/** Any other code einv emits (syntax rules, XSD-*, PDF/A, Factur-X…), as /v1/rules/{code} answers */
async function explainedCode(id: string, lang: (typeof LANGS)[number]): Promise<Entry | undefined> {
  const { explainCode } = await import('@einv/facturx');
  const e = explainCode(id, lang);
  if (!e) return undefined;
  return {
    rule: e.code,
    ruleSet: e.ruleSet,
    ...(e.severity === undefined ? {} : { severity: e.severity }),
    terms: e.terms,
    lang,
    checks: e.checks,
    explanation: e.explanation,
    fix: e.fix,
  };
}
