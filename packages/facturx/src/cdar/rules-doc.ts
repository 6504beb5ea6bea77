/**
 * docs/rules-cdv.md, generated from the BR-FR-CDV table (rules.ts) and the status-message terms
 * (terms.ts): one row per official assert with its flag, releases, term, context and messages, then
 * what 1.4.0.04 changed, then the terms (en/fr names, model and XML paths). A test fails when the committed file is stale.
 */
import { CDV_PATTERNS } from './rules.js';
import { STATUS_TERMS, statusTerm } from './terms.js';

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function renderCdvRulesDoc(): string {
  const out: string[] = [
    '# BR-FR-CDV: the rules of lifecycle status messages',
    '',
    '<!-- Generated from packages/facturx/src/cdar/rules.ts by cdar/rules-doc.ts; do not edit by hand.',
    '     Regenerate: EINV_UPDATE_DOCS=1 npx jest packages/facturx/src/cdar/rules-doc.test.ts -->',
    '',
    'The official BR-FR-CDV asserts (FNFE-MPE schematron, XP Z12-012 Flux 6) as `validateCdar` runs them',
    '(decision 0076): **1.4.0.04** (standard, default), 1.4.0.03 (standard), 1.4.0.02 `_WARNING`',
    '(transition: the 1.4.0.03 tests, every flag a warning). Ids and flags are the official ones; the',
    'messages are einv’s. "never fails" marks the asserts the official set cannot fire either (a',
    '`test="."` on an element, or a rule shadowed by an earlier rule with the same context).',
    '',
    '| assert | flag | releases | term | context | checks (en) | contrôle (fr) |',
    '|---|---|---|---|---|---|---|',
  ];
  const changes: string[] = [];
  for (const pattern of CDV_PATTERNS) {
    pattern.rules.forEach((rule, i) => {
      const shadowed = pattern.rules.slice(0, i).some((r) => r.context === rule.context);
      for (const a of rule.asserts) {
        const term = statusTerm(a.term);
        const never = shadowed || a.alwaysTrue === true;
        out.push(
          `| \`${a.id}\` | ${a.flag} | ${a.since ? `${a.since} only` : 'all'} | ${a.term}${term ? ` ${cell(term.name.en)}` : ''} | \`${cell(rule.context)}\` | ${never ? '(never fails) ' : ''}${cell(a.message.en)} | ${cell(a.message.fr)} |`,
        );
        if (a.fix04) changes.push(`- \`${a.id}\`: ${a.fix04}.`);
      }
    });
  }
  out.push(
    '',
    '## 1.4.0.03 → 1.4.0.04',
    '',
    ...changes,
    '- `BR-FR-CDV-15_MDT-113`: message text only (213 Rejetée).',
    '',
    '## The terms of a status message (`STATUS_TERMS`)',
    '',
    '| term | card. | name (en) | nom (fr) | model path | XML path |',
    '|---|---|---|---|---|---|',
    ...STATUS_TERMS.map(
      (t) =>
        `| ${t.id} | ${t.cardinality} | ${cell(t.name.en)} | ${cell(t.name.fr)} | \`${t.path}\` | \`${t.xpath.replace('/rsm:CrossDomainAcknowledgementAndResponse', '')}\` |`,
    ),
    '',
  );
  return out.join('\n');
}
