// Candidate XML parsers on the 15 official EN 16931 CII examples, measured in one run: median
// per file (ms) over warmed runs, then the median of those medians. Decision: docs/decisions/0020.
// Then einv's parse from bytes against its string path and libxmljs2 (decision 0153), CPU time.
// Needs ../shared (the official examples) — skipped with a message when absent.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import { XMLParser } from 'fast-xml-parser';
import { XmlDocument } from 'libxml2-wasm';
import { SaxesParser } from 'saxes';
import * as txml from 'txml';
import { largeInvoiceXml } from '../fixtures/scripts/gen-large-xml.mjs';
import { parseXml } from '../packages/xml/dist/index.js';
import { measure, median, printTable, sharedXmlFiles } from './lib.mjs';

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

let libxmljs2 = null;
try {
  libxmljs2 = (await import('libxmljs2')).default;
} catch {
  /* native reference optional */
}

const fxp = new XMLParser({ ignoreAttributes: false, processEntities: true, ignoreDeclaration: true });
const candidates = {
  'einv parseXml (hand-written)': (s) => {
    const r = parseXml(s);
    if (!r.ok) throw new Error(r.error.message);
  },
  saxes: (s) => {
    // a SAX pass that builds the same minimal tree parseXml builds
    const p = new SaxesParser({ xmlns: true, position: true });
    const stack = [];
    let root = null;
    p.on('opentag', (t) => {
      const el = {
        name: t.name,
        local: t.local,
        ns: t.uri,
        attrs: t.attributes,
        children: [],
        text: '',
        parent: stack.at(-1) ?? null,
      };
      if (stack.length) stack.at(-1).children.push(el);
      else root = el;
      stack.push(el);
    });
    p.on('text', (t) => {
      if (stack.length) stack.at(-1).text += t;
    });
    p.on('closetag', () => stack.pop());
    p.on('doctype', () => {
      throw new Error('doctype');
    });
    p.write(s).close();
    return root;
  },
  txml: (s) => txml.parse(s),
  'fast-xml-parser': (s) => fxp.parse(s),
  '@xmldom/xmldom': (s) => new DOMParser().parseFromString(s, 'text/xml'),
  'libxml2-wasm': (s) => XmlDocument.fromString(s).dispose(),
};
if (libxmljs2) candidates['libxmljs2 (native, reference only)'] = (s) => libxmljs2.parseXml(s);

const rows = [];
for (const [name, fn] of Object.entries(candidates)) {
  const perFile = docs.map((d) => measure(() => fn(d), { warmup: 30, runs: 200 }).median);
  rows.push({
    parser: name,
    'median per file (ms)': median(perFile),
    'huf_example (111 KB)': perFile[files.indexOf('huf_example_cii.xml')],
    'max file median': Math.max(...perFile),
  });
}
const ref = rows[0]['median per file (ms)'];
for (const r of rows) r['× einv'] = r['median per file (ms)'] / ref;
printTable(`XML parse, ${docs.length} official CII examples`, rows);

// From bytes, as validateDocument and the services parse (decision 0153): einv's parseXml on the
// bytes (UTF-8 read as bytes), the same after decoding to a string first (the string parser alone,
// the path before 0153), and libxmljs2 (native libxml2) on the same bytes as the reference. CPU time
// of this process per round over the set, rounds interleaved, median.
const sets = [
  ['official CII examples', sharedXmlFiles('en16931/cii/examples').map((f) => f.bytes)],
  [
    'official UBL examples (without the 3 MB one)',
    sharedXmlFiles('en16931/ubl/examples')
      .map((f) => f.bytes)
      .filter((b) => b.length < 1e6),
  ],
  ['CII 1,000 lines', [Buffer.from(largeInvoiceXml('cii', 1000))]],
  ['UBL 1,000 lines', [Buffer.from(largeInvoiceXml('ubl', 1000))]],
];
const decoder = new TextDecoder();
const fromBytes = {
  'einv parseXml(bytes)': (b) => {
    if (!parseXml(b).ok) throw new Error('not parsed');
  },
  'einv decode + parseXml(string)': (b) => {
    if (!parseXml(decoder.decode(b)).ok) throw new Error('not parsed');
  },
};
if (libxmljs2) fromBytes['libxmljs2 (native) on the bytes'] = (b) => libxmljs2.parseXml(b);
const byteRows = [];
for (const [set, docs] of sets) {
  const reps = docs.length > 1 ? 20 : 2;
  const cpu = (fn) => {
    const c0 = process.cpuUsage();
    for (let r = 0; r < reps; r++) for (const b of docs) fn(b);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000 / reps;
  };
  const samples = Object.fromEntries(Object.keys(fromBytes).map((k) => [k, []]));
  for (let round = 0; round < 13; round++)
    for (const [k, fn] of Object.entries(fromBytes))
      if (round >= 3) samples[k].push(cpu(fn));
      else cpu(fn);
  const row = { set };
  for (const k of Object.keys(fromBytes)) row[`${k} CPU ms`] = median(samples[k]);
  row['bytes ÷ string path'] =
    row['einv parseXml(bytes) CPU ms'] / row['einv decode + parseXml(string) CPU ms'];
  if (libxmljs2)
    row['einv bytes ÷ libxmljs2'] =
      row['einv parseXml(bytes) CPU ms'] / row['libxmljs2 (native) on the bytes CPU ms'];
  byteRows.push(row);
}
printTable('XML parse from bytes, CPU per round over the set (median of 10 interleaved rounds)', byteRows);
