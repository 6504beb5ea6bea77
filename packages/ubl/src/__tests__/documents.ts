/** The official UBL inputs in ../shared that the UBL tests and the benchmark read (tests only). */
import fs from 'node:fs';
import { sharedFiles, sharedPath } from '../../../../tests/support/shared.js';

interface UnitCase {
  syntax: string;
  kind: string;
  xml?: string;
  path?: string;
}

function ublCases(): UnitCase[] {
  const file = sharedPath('en16931/cases.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as UnitCase)
    .filter((c) => c.syntax === 'ubl');
}

/** The 1,131 UBL unit-test fragments */
export function unitCases(): { xml: string }[] {
  return ublCases().flatMap((c) => (c.kind === 'unit' && c.xml !== undefined ? [{ xml: c.xml }] : []));
}

/** Complete official documents: the 19 examples of ubl/examples and the 29 VEFA test files */
export function officialUblDocuments(): string[] {
  return ublCases().flatMap((c) => (c.kind === 'example' && c.path ? [sharedPath('en16931', c.path)] : []));
}

/** UBL documents of the corpus, from index.tsv's syntax column */
export function corpusUblFiles(): string[] {
  const index = sharedPath('corpus/index.tsv');
  if (!fs.existsSync(index)) return [];
  const [head, ...rows] = fs.readFileSync(index, 'utf8').split('\n');
  const cols = (head ?? '').split('\t');
  const pathCol = cols.indexOf('path');
  const syntaxCol = cols.indexOf('syntax');
  return rows
    .map((r) => r.split('\t'))
    .filter((r) => (r[syntaxCol] ?? '').startsWith('UBL'))
    .map((r) => sharedPath('corpus', r[pathCol] ?? ''));
}

export function officialUblExamples(): string[] {
  return sharedFiles('en16931/ubl/examples', (n) => /\.xml$/i.test(n));
}

/** The UBL invoices of the French Annexe B (XP Z12-012 v1.2 and v1.3), EN16931 and EXTENDED-CTC-FR */
export function frenchUblExamples(): string[] {
  return sharedFiles('br-fr/examples', (n) => /ubl/i.test(n) && /\.xml$/i.test(n)).filter((f) =>
    /urn:oasis:names:specification:ubl:schema:xsd:(Invoice|CreditNote)-2/.test(
      fs.readFileSync(f, 'utf8').slice(0, 2000),
    ),
  );
}
