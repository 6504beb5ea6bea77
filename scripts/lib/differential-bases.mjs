/**
 * The real documents the schema-driven differential mutates: the official CEN examples and test
 * files (../shared/en16931) and the corpus (../shared/corpus/index.tsv; a PDF through its extracted
 * XML), per syntax, in a stable order.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SHARED =
  process.env.EINV_SHARED ?? path.resolve(fileURLToPath(import.meta.url), '../../../../shared');

/** CII or UBL from the root element; undefined for anything else */
export function syntaxOfXml(xml) {
  const root = /<(?:[\w.-]+:)?(CrossIndustryInvoice|Invoice|CreditNote)[\s>]/.exec(
    xml.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, ''),
  );
  if (!root) return undefined;
  return root[1] === 'CrossIndustryInvoice' ? 'CII' : 'UBL';
}

function xmlFilesUnder(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((n) => /\.xml$/i.test(n))
    .sort()
    .map((n) => path.join(dir, n));
}

/** Bases no larger than `maxBytes` (huge documents would make each oracle call slow) */
export function differentialBases({ maxBytes = 200_000 } = {}) {
  const files = [
    ...xmlFilesUnder(path.join(SHARED, 'en16931/cii/examples')),
    ...xmlFilesUnder(path.join(SHARED, 'en16931/ubl/examples')),
    ...xmlFilesUnder(path.join(SHARED, 'en16931/test/testfiles')),
  ];
  const index = path.join(SHARED, 'corpus/index.tsv');
  if (fs.existsSync(index)) {
    const rows = fs.readFileSync(index, 'utf8').split('\n');
    const header = (rows[0] ?? '').split('\t');
    const col = (name) => header.indexOf(name);
    for (const row of rows.slice(1)) {
      const cells = row.split('\t');
      const rel = cells[col('kind')] === 'pdf' ? cells[col('extracted_path')] : cells[col('path')];
      if (rel) files.push(path.join(SHARED, 'corpus', rel));
    }
  }
  const bases = [];
  for (const file of files) {
    if (!fs.existsSync(file) || fs.statSync(file).size > maxBytes) continue;
    const xml = fs.readFileSync(file, 'utf8');
    const syntax = syntaxOfXml(xml);
    if (syntax) bases.push({ id: path.relative(SHARED, file), xml, syntax });
  }
  return bases;
}
