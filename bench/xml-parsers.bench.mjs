// Candidate XML parsers on the 15 official EN 16931 CII examples, measured in one run: median
// per file (ms) over warmed runs, then the median of those medians. Decision: docs/decisions/0020.
// Needs ../shared (the official examples) — skipped with a message when absent.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import { XMLParser } from 'fast-xml-parser';
import { XmlDocument } from 'libxml2-wasm';
import { SaxesParser } from 'saxes';
import * as txml from 'txml';
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
