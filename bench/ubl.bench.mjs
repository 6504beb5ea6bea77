// readUbl / writeUbl on the 19 official EN 16931 UBL examples: median per invoice over warmed runs,
// beside the bare parse of the same files in the same run (our parser; libxmljs2 native and
// @xmldom/xmldom for reference), and the large 10,000-line fixture written as UBL.
// Needs ../shared; imports the BUILT packages (run the turbo build first):
//   node bench/ubl.bench.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import * as core from '../packages/core-model/dist/index.js';
import * as ubl from '../packages/ubl/dist/index.js';
import { parseXml } from '../packages/xml/dist/index.js';
import { measure, median, printTable } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(
  process.env.EINV_SHARED ?? path.resolve(here, '../../shared'),
  'en16931/ubl/examples',
);
if (!fs.existsSync(dir)) {
  console.log('skipped: ../shared/en16931/ubl/examples not found');
  process.exit(0);
}
const files = fs
  .readdirSync(dir)
  .filter((f) => /\.xml$/i.test(f))
  .sort();
const docs = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
const models = docs.map((d) => ubl.readUbl(d).invoice);

let libxmljs2 = null;
try {
  libxmljs2 = (await import('libxmljs2')).default;
} catch {
  /* optional native reference */
}

const perFile = (fn) => median(docs.map((d, i) => measure(() => fn(d, i), { warmup: 30, runs: 200 }).median));
const rows = [
  { step: 'parseXml (einv, bare parse)', 'median per invoice (ms)': perFile((d) => parseXml(d)) },
];
if (libxmljs2)
  rows.push({
    step: 'libxmljs2.parseXml (native, reference)',
    'median per invoice (ms)': perFile((d) => libxmljs2.parseXml(d)),
  });
rows.push({
  step: '@xmldom/xmldom parse (reference)',
  'median per invoice (ms)': perFile((d) => new DOMParser().parseFromString(d, 'text/xml')),
});
rows.push({
  step: 'readUbl (parse + binding + locations)',
  'median per invoice (ms)': perFile((d) => ubl.readUbl(d)),
});
rows.push({ step: 'writeUbl', 'median per invoice (ms)': perFile((_, i) => ubl.writeUbl(models[i])) });
if (typeof ubl.checkUbl === 'function') {
  rows.push({
    step: 'readUbl + checkUbl',
    'median per invoice (ms)': perFile((d) => {
      ubl.readUbl(d);
      return ubl.checkUbl(d);
    }),
  });
}
const ref = rows[0]['median per invoice (ms)'];
for (const r of rows) r['× bare parse'] = r['median per invoice (ms)'] / ref;
printTable(`UBL binding, ${docs.length} official UBL examples (median of per-file medians)`, rows);

// Scale: the 10,000-line fixture (complete()d), written then read back.
const largeFile = path.resolve(here, '../fixtures/invoices/large-10000-lines.json');
if (fs.existsSync(largeFile)) {
  try {
    runLarge();
  } catch (e) {
    console.log(`\n10,000-line invoice skipped: ${e instanceof Error ? e.message : e}`);
  }
}

function runLarge() {
  const large = core.complete(JSON.parse(fs.readFileSync(largeFile, 'utf8')).invoice);
  const xml = ubl.writeUbl(large).xml;
  const big = [
    { step: 'parseXml', ms: measure(() => parseXml(xml), { warmup: 1, runs: 5 }).median },
    { step: 'readUbl', ms: measure(() => ubl.readUbl(xml), { warmup: 1, runs: 5 }).median },
    { step: 'writeUbl', ms: measure(() => ubl.writeUbl(large), { warmup: 1, runs: 5 }).median },
  ];
  for (const r of big) r['× bare parse'] = r.ms / big[0].ms;
  printTable(`10,000-line invoice as UBL (${(xml.length / 1024 / 1024).toFixed(1)} MB)`, big);
}
