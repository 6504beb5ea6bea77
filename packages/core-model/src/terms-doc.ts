/**
 * docs/terms.md, rendered from the term catalogue (never written by hand). `node
 * scripts/gen-terms-doc.mjs` writes it from the built package; a test fails when it is stale.
 */
import { PROFILES } from './profiles.js';
import { businessProcessTypeOf, KNOWN_VAT_EXEMPTIONS, OPERATION_CATEGORIES } from './shorthands.js';
import { TERMS } from './terms.js';

const SHORT: Record<string, string> = {
  MINIMUM: 'MIN',
  'BASIC-WL': 'BWL',
  BASIC: 'BAS',
  EN16931: 'EN',
  EXTENDED: 'EXT',
};

const cell = (s: string) => s.replace(/\|/g, '\\|');

export function termsMarkdown(): string {
  const bt = TERMS.filter((t) => t.kind === 'BT').length;
  const bg = TERMS.length - bt;
  const out: string[] = [
    '# EN 16931 business terms in einv',
    '',
    '<!-- Generated from packages/core-model/src/terms-data.ts by `node scripts/gen-terms-doc.mjs`: do not edit. -->',
    '',
    `${TERMS.length} entries: ${bt} business terms (BT) and ${bg} business groups (BG). For each: names in English`,
    'and French, cardinality, datatype, where it lives in the einv `Invoice` model (`[]` = each item of an',
    'array) and which Factur-X 1.09.2 profiles can carry it (derived from the profile XSDs; a group is',
    `available where one of its own terms is). Profiles: ${PROFILES.map((p) => `${SHORT[p]} = ${p}`).join(', ')}.`,
    '',
    `| id | name | nom | card. | datatype | model path | ${PROFILES.map((p) => SHORT[p]).join(' | ')} |`,
    `|---|---|---|---|---|---|${PROFILES.map(() => ':-:').join('|')}|`,
  ];
  for (const t of TERMS) {
    const paths = [t.path, ...(t.otherPaths ?? [])].map((p) => `\`${p}\``).join(', ');
    const id = t.kind === 'BG' ? `**${t.id}**` : t.id;
    const marks = PROFILES.map((p) => (t.profiles.includes(p) ? '✓' : ''));
    out.push(
      `| ${id} | ${cell(t.name.en)} | ${cell(t.name.fr)} | ${t.cardinality} | ${t.datatype ?? 'group'} | ${paths} | ${marks.join(' | ')} |`,
    );
  }
  out.push('', ...shorthandsMarkdown());
  return out.join('\n');
}

/** The shorthands of the JSON invoice (shorthands.ts): not terms, expanded by complete() */
function shorthandsMarkdown(): string[] {
  const out = [
    '## Shorthands (JSON invoices only)',
    '',
    'Two fields spare what users otherwise work out by hand. They are not EN 16931 terms: `complete()`',
    '(run by `generate`, `validate` and the services before anything else) turns them into the terms',
    'above, and fills only what the invoice leaves empty — a value you give always wins.',
    '',
    '### `operationCategory`: the operation category (BT-23)',
    '',
    'The reform wants the category of the operation on every invoice: goods, services or both. It is the',
    'first letter of BT-23 (billing framework). `operationCategory` writes BT-23 with framework 1 (a plain',
    'invoice) when `businessProcessType` is absent; for another framework (S2 already paid, B4 final',
    'invoice after a down payment…) give `businessProcessType` itself.',
    '',
    '| `operationCategory` | BT-23 |',
    '|---|---|',
    ...OPERATION_CATEGORIES.map((c) => `| \`${c}\` | \`${businessProcessTypeOf(c)}\` |`),
    '',
    '### `vatExemption`: a VAT exemption by its VATEX code (BT-121)',
    '',
    '`{ "vatExemption": { "code": "VATEX-FR-FRANCHISE" } }` on the invoice applies to every line (and',
    'document allowance or charge) that names no VAT category (BT-151 / BT-95) and no positive rate; on a',
    "line, to that line. Each such line gets the code's VAT category, rate 0 (none for category O, BR-O-05),",
    'BT-121 = the code and BT-120 = the mention below (in French for a French seller, else in English),',
    'which `complete()` carries to the VAT breakdown. `reason` replaces the mention. Codes not listed are',
    'exemptions (category E); codes of the VAT directive (`VATEX-EU-132-1I`…) get their article as the',
    'mention; any other code is written without a mention unless `reason` gives it (the code alone satisfies',
    'BR-E-10, but French law wants the legal reference written out). An unknown code is reported by BR-CL-22.',
    '',
    '| code | VAT category | mention (fr) | mention (en) |',
    '|---|---|---|---|',
  ];
  for (const [code, e] of Object.entries(KNOWN_VAT_EXEMPTIONS)) {
    out.push(`| \`${code}\` | ${e.category} | ${cell(e.mention.fr)} | ${cell(e.mention.en)} |`);
  }
  out.push('');
  return out;
}
