#!/usr/bin/env node
/**
 * Extracts the EN 16931 1.3.16 code lists from the official validation artefacts in ../shared
 * (the XPath tests of rules-cii.tsv / rules-ubl.tsv, where each BR-CL rule spells its code list as
 * `contains(' AED AFN … ', concat(' ', normalize-space(.), ' '))`) and writes
 * packages/rules/src/code-lists/generated.ts.
 *
 *   node scripts/gen-code-lists.mjs    # (re)write the module
 *
 * packages/rules/src/code-lists/code-lists.test.ts checks that the module holds exactly what this
 * script extracts from ../shared (when present).
 *
 * Dev-time only: the product never reads ../shared. See docs/decisions/0060-code-lists-from-official-artefacts.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OUTPUT = path.join(ROOT, 'packages/rules/src/code-lists/generated.ts');
/** `--shared <dir>` points at another copy of the official artefacts; default ../shared */
const sharedArg = process.argv.indexOf('--shared');
const DEFAULT_SHARED =
  sharedArg > 0 && process.argv[sharedArg + 1]
    ? path.resolve(process.argv[sharedArg + 1])
    : path.resolve(ROOT, '../shared');

/**
 * Which official rule (and which of its code-list literals) each list comes from. A list spelt by
 * several rules is taken from the first and checked equal in the others, so a drift in the official
 * files fails the generation instead of passing silently.
 */
const LISTS = [
  {
    name: 'UNTDID_1001',
    doc: 'UNTDID 1001 document name codes allowed for BT-3 (invoice and credit note subsets)',
    cii: ['BR-CL-01'],
  },
  {
    name: 'UNTDID_1001_UBL_INVOICE',
    doc: 'UNTDID 1001 subset for UBL Invoice (cbc:InvoiceTypeCode)',
    ubl: [['BR-CL-01', 0]],
  },
  {
    name: 'UNTDID_1001_UBL_CREDIT_NOTE',
    doc: 'UNTDID 1001 subset for UBL CreditNote (cbc:CreditNoteTypeCode)',
    ubl: [['BR-CL-01', 1]],
  },
  {
    name: 'ISO_4217',
    doc: 'ISO 4217 alpha-3 currency codes (BT-5, BT-6, amount currencies)',
    cii: ['BR-CL-03', 'BR-CL-04', 'BR-CL-05'],
    ubl: ['BR-CL-03', 'BR-CL-04', 'BR-CL-05'],
  },
  {
    name: 'VAT_POINT_DATE_CODE_CII',
    doc: 'BT-8 Value added tax point date code as CII spells it (UNTDID 2475: 5, 29, 72)',
    cii: ['BR-CL-06'],
  },
  {
    name: 'VAT_POINT_DATE_CODE_UBL',
    doc: 'BT-8 Value added tax point date code as UBL spells it (UNTDID 2005: 3, 35, 432)',
    ubl: ['BR-CL-06'],
  },
  {
    name: 'UNTDID_1153',
    doc: 'UNTDID 1153 reference code qualifiers (BT-18-1)',
    cii: ['BR-CL-07'],
    ubl: ['BR-CL-07'],
  },
  {
    name: 'UNTDID_4451_CII',
    doc: 'UNTDID 4451 text subject codes (BT-21), list of the CII artefacts',
    cii: ['BR-CL-08'],
  },
  {
    name: 'UNTDID_4451_UBL',
    doc: 'UNTDID 4451 text subject codes (BT-21), list of the UBL artefacts',
    ubl: ['BR-CL-08'],
  },
  {
    name: 'ISO_6523_ICD',
    doc: 'ISO 6523 ICD identifier scheme codes (BT-29-1, BT-30-1, BT-46-1, BT-47-1, BT-60-1, BT-61-1, BT-71-1, BT-157-1)',
    cii: ['BR-CL-10', 'BR-CL-11', 'BR-CL-21', 'BR-CL-26'],
    ubl: [['BR-CL-10', 0], 'BR-CL-11', 'BR-CL-21', 'BR-CL-26'],
  },
  {
    name: 'SELLER_PAYEE_EXTRA_SCHEMES_UBL',
    doc: 'Extra identifier schemes UBL accepts for the seller and payee identifiers (SEPA creditor id)',
    ubl: [['BR-CL-10', 1]],
  },
  {
    name: 'UNTDID_7143',
    doc: 'UNTDID 7143 item type identification codes (BT-158-1)',
    cii: ['BR-CL-13'],
    ubl: ['BR-CL-13'],
  },
  {
    name: 'ISO_3166_CII',
    doc: 'ISO 3166-1 alpha-2 country codes (+ 1A Kosovo), list of the CII artefacts',
    cii: ['BR-CL-14', 'BR-CL-15'],
  },
  {
    name: 'ISO_3166_UBL',
    doc: 'ISO 3166-1 alpha-2 country codes (+ 1A Kosovo), list of the UBL artefacts',
    ubl: ['BR-CL-14', 'BR-CL-15'],
  },
  {
    name: 'UNTDID_4461',
    doc: 'UNTDID 4461 payment means codes (BT-81)',
    cii: ['BR-CL-16'],
    ubl: ['BR-CL-16'],
  },
  {
    name: 'UNTDID_5305',
    doc: 'UNTDID 5305 duty/tax/fee category codes used by EN 16931 (BT-95, BT-102, BT-118, BT-151)',
    cii: ['BR-CL-17', 'BR-CL-18'],
    ubl: ['BR-CL-17', 'BR-CL-18'],
  },
  {
    name: 'UNTDID_5189',
    doc: 'UNTDID 5189 allowance reason codes (BT-98, BT-140)',
    cii: ['BR-CL-19'],
    ubl: ['BR-CL-19'],
  },
  {
    name: 'UNTDID_7161',
    doc: 'UNTDID 7161 charge reason codes (BT-105, BT-145)',
    cii: ['BR-CL-20'],
    ubl: ['BR-CL-20'],
  },
  {
    name: 'VATEX',
    doc: 'CEF VATEX VAT exemption reason codes (BT-121)',
    cii: ['BR-CL-22'],
    ubl: ['BR-CL-22'],
  },
  {
    name: 'UNECE_REC_20_21',
    doc: 'UN/ECE Recommendation 20 and 21 unit codes (BT-130, BT-150)',
    cii: ['BR-CL-23'],
    ubl: ['BR-CL-23'],
  },
  {
    name: 'MIME_CODES',
    doc: 'MIME codes allowed for attached documents (BT-125-1)',
    cii: ['BR-CL-24'],
    ubl: ['BR-CL-24'],
    mime: true,
  },
  {
    name: 'EAS',
    doc: 'CEF EAS electronic address schemes (BT-34-1, BT-49-1)',
    cii: ['BR-CL-25'],
    ubl: ['BR-CL-25'],
  },
];

function readTests(file) {
  const tests = new Map();
  for (const row of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
    const cols = row.split('\t');
    if (cols.length < 5 || !cols[0].startsWith('BR-CL-')) continue;
    tests.set(cols[0], cols[4]);
  }
  return tests;
}

/** The code-list literals of one XPath test, in order, as arrays of codes (order kept, duplicates removed). */
function literals(test, mime) {
  if (mime) return [[...test.matchAll(/@mimeCode = '([^']+)'/g)].map((m) => m[1])];
  return [...test.matchAll(/contains\(\s*' ([^']*) '\s*,/g)].map((m) => [
    ...new Set(m[1].trim().split(/\s+/)),
  ]);
}

/** Reads the official files and returns { NAME: string[] } (codes sorted), checking consistency. */
export function extractCodeLists(sharedDir = DEFAULT_SHARED) {
  const files = {
    cii: readTests(path.join(sharedDir, 'en16931/rules-cii.tsv')),
    ubl: readTests(path.join(sharedDir, 'en16931/rules-ubl.tsv')),
  };
  const out = {};
  for (const spec of LISTS) {
    let found;
    for (const syntax of ['cii', 'ubl']) {
      for (const ref of spec[syntax] ?? []) {
        const [rule, index] = Array.isArray(ref) ? ref : [ref, 0];
        const test = files[syntax].get(rule);
        if (!test) throw new Error(`${rule} not found in rules-${syntax}.tsv`);
        const list = literals(test, spec.mime)[index];
        if (!list || list.length === 0) throw new Error(`${rule} (${syntax}) has no code list #${index}`);
        const sorted = [...list].sort();
        if (found && found.join(' ') !== sorted.join(' ')) {
          throw new Error(`${spec.name}: ${rule} (${syntax}) spells a different list than the first source`);
        }
        found = sorted;
      }
    }
    out[spec.name] = found;
  }
  return out;
}

/** The TypeScript module text for the extracted lists. */
export function renderModule(lists) {
  const lines = [
    '// GENERATED by scripts/gen-code-lists.mjs from the official EN 16931 1.3.16 validation artefacts.',
    '// Do not edit by hand: run `node scripts/gen-code-lists.mjs` (see docs/decisions/0060).',
    '// The codes are facts of the ISO / UN/CEFACT / CEF standards they come from.',
    '',
    '/** Release of the official artefacts the lists were extracted from. */',
    "export const CODE_LISTS_VERSION = '1.3.16';",
    '',
    'const codes = (spaceSeparated: string): ReadonlySet<string> => new Set(spaceSeparated.split(/ /));',
    '',
  ];
  for (const spec of LISTS) {
    lines.push(`/** ${spec.doc} */`);
    const joined = lists[spec.name].join(' ');
    lines.push(`export const ${spec.name}: ReadonlySet<string> = codes(`);
    // Break long literals into concatenated chunks so the file stays within the formatter's width.
    const chunks = joined.match(/.{1,96}(?: |$)/g) ?? [joined];
    chunks.forEach((chunk, i) => {
      lines.push(`  '${chunk}'${i < chunks.length - 1 ? ' +' : ''}`);
    });
    lines.push(');');
    lines.push('');
  }
  return lines.join('\n');
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const text = renderModule(extractCodeLists());
  fs.writeFileSync(OUTPUT, text);
  // Let the repository's formatter lay the literals out, so `biome check` stays green.
  execFileSync('npx', ['biome', 'format', '--write', OUTPUT], { cwd: ROOT, stdio: 'ignore' });
  process.stdout.write(`wrote ${path.relative(ROOT, OUTPUT)}\n`);
}
