/**
 * docs/rules-cdv.md, generated from the BR-FR-CDV table (rules.ts) and the status-message terms
 * (terms.ts): one row per official assert with its flag, releases, term, context and messages, then
 * what 1.4.0.04 changed, then the terms (en/fr names, model and XML paths), then every official code
 * with its labels and where the French one comes from. A test fails when the committed file is stale.
 */
import {
  ACTION_LABELS,
  CHARACTERISTIC_LABELS,
  type CodeLabel,
  REASON_LABELS,
  STATUS_LABELS,
} from './labels.js';
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
    ...labelTables(),
  );
  return out.join('\n');
}

const SOURCE: Record<CodeLabel['source'], string> = {
  official: 'official',
  einv: '**einv** (no official label)',
  none: '**none** (no label known)',
};

/** Every official code, its labels, and where the French label comes from */
function labelTables(): string[] {
  const lists: [string, Record<string, CodeLabel>][] = [
    ['Status codes (MDT-105 / MDT-115)', STATUS_LABELS],
    ['Status reasons (MDT-113)', REASON_LABELS],
    ['Requested actions (MDT-121)', ACTION_LABELS],
    ['Characteristic types (MDT-207)', CHARACTERISTIC_LABELS],
  ];
  const count = (table: Record<string, CodeLabel>, source: CodeLabel['source']) =>
    Object.values(table).filter((l) => l.source === source).length;
  const out = [
    '## The codes and their labels (`STATUS_LABELS`, `REASON_LABELS`, `ACTION_LABELS`, `CHARACTERISTIC_LABELS`)',
    '',
    'The codes are the official lists (generated from the schematrons). A French label is **official** when',
    'an official artefact einv holds gives it: the Annexe B lifecycle examples (MDT-106 / MDT-114 / MDT-122)',
    'or the status names of the BR-FR-CDV-CL-09 messages. The other French labels are **einv**’s own',
    'wording of the code (the XP Z12-012 lists themselves are not among those artefacts); a code einv',
    'could not name keeps the code as its label (**none**). English labels are all einv’s translations.',
    'Reports say which in `statusMessage.labelSource`.',
    '',
  ];
  for (const [title, table] of lists) {
    out.push(
      `### ${title}: ${count(table, 'official')} official, ${count(table, 'einv')} einv, ${count(table, 'none')} none`,
      '',
      '| code | libellé (fr) | label (en) | French label |',
      '|---|---|---|---|',
      ...Object.values(table).map(
        (l) => `| \`${l.code}\` | ${cell(l.fr)} | ${cell(l.en)} | ${SOURCE[l.source]} |`,
      ),
      '',
    );
  }
  return out;
}
