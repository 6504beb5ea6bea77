// readCii / writeCii on the 15 official EN 16931 CII examples: median per invoice over warmed
// runs, beside the bare parse of the same files in the same run (our parser, and for reference
// libxmljs2 (native) and @xmldom/xmldom). Also read + checkCii (two parses) and readAndCheckCii
// (one parse, the tree read and checked), so the single-parse saving shows in the same run.
// Needs ../shared; imports the BUILT packages (run the turbo build first).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import * as cii from '../packages/cii/dist/index.js';
import { parseXml } from '../packages/xml/dist/index.js';
import { measure, median, printTable } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.resolve(here, '../../shared/en16931/cii/examples');
if (!fs.existsSync(dir)) {
  console.log('skipped: ../shared/en16931/cii/examples not found');
  process.exit(0);
}
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.xml'))
  .sort();
const docs = files.map((f) => fs.readFileSync(path.join(dir, f), 'utf8'));
const read = docs.map((d) => cii.readCii(d));
const models = read.map((r) => r.invoice);
const profiles = read.map((r) => r.profile ?? 'EN16931');

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
  step: 'readCii (parse + binding + locations)',
  'median per invoice (ms)': perFile((d) => cii.readCii(d)),
});
rows.push({
  step: 'writeCii (own profile)',
  'median per invoice (ms)': perFile((_, i) => cii.writeCii(models[i], { profile: profiles[i] })),
});
if (typeof cii.checkCii === 'function') {
  rows.push({
    step: 'checkCii (structure check)',
    'median per invoice (ms)': perFile((d) => cii.checkCii(d)),
  });
  rows.push({
    step: 'readCii + checkCii',
    'median per invoice (ms)': perFile((d) => {
      cii.readCii(d);
      cii.checkCii(d);
    }),
  });
}
if (typeof cii.readAndCheckCii === 'function') {
  rows.push({
    step: 'readAndCheckCii (one parse: read + check)',
    'median per invoice (ms)': perFile((d) => cii.readAndCheckCii(d)),
  });
}
const ref = rows[0]['median per invoice (ms)'];
for (const r of rows) r['× bare parse'] = r['median per invoice (ms)'] / ref;
printTable(
  `CII binding, ${docs.length} official CII examples (targets: readCii < 0.5 ms, writeCii < 0.5 ms, read + check < 1 ms)`,
  rows,
);
