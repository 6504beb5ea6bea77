/**
 * docs/terms.md, rendered from the term catalogue (never written by hand). `node
 * scripts/gen-terms-doc.mjs` writes it from the built package; a test fails when it is stale.
 */
import { PROFILES } from './profiles.js';
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
  out.push('');
  return out.join('\n');
}
