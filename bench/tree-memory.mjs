// Where the memory of validating a 10,000-line invoice goes (issue 18, decisions 0142 and 0143):
//   1. peak RSS above a warmed baseline (one validateDocument of an official example first, so the
//      rule tables' first compilation is not counted), for parseXml alone and for validateDocument,
//      each in a fresh process;
//   2. heap growth after each step (decode, parse, read, check, rules), gc() between, every result
//      kept, in one process.
// Run after the build: `nice -n 10 node --expose-gc bench/tree-memory.mjs [ROOT]` (ROOT: a built
// checkout, default this one). The invoices come from fixtures/scripts/gen-large-xml.mjs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { largeInvoiceXml } from '../fixtures/scripts/gen-large-xml.mjs';
import { printTable, SHARED_DIR } from './lib.mjs';

const self = fileURLToPath(import.meta.url);
const [mode, rootArg, file, syntax] = process.argv.slice(2);
const ROOT = path.resolve(
  mode === '--peak' || mode === '--phases' ? rootArg : (mode ?? path.dirname(path.dirname(self))),
);
const load = async (pkg) => import(path.join(ROOT, `packages/${pkg}/dist/index.js`));
const MB = 1e6;

if (mode === '--peak') await peakChild();
else if (mode === '--phases') await phasesChild();
else main();

function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'einv-tree-memory-'));
  const rows = [];
  for (const key of ['cii', 'ubl']) {
    const file = path.join(dir, `${key}-10000.xml`);
    fs.writeFileSync(file, largeInvoiceXml(key, 10000));
    const size = fs.statSync(file).size;
    const row = { syntax: key.toUpperCase(), 'file MB': size / MB };
    for (const what of ['parse', 'validate']) {
      const r = child(['--peak', ROOT, file, what]);
      row[`${what} peak above baseline MB`] = r.peak / MB;
      row[`${what} × file`] = r.peak / size;
    }
    rows.push(row);
    const phases = child(['--phases', ROOT, file, key]);
    printTable(`${key.toUpperCase()} 10,000 lines: heap growth per step (MB)`, [phases]);
  }
  printTable('Peak RSS above the warmed baseline (fresh process each)', rows);
  fs.rmSync(dir, { recursive: true, force: true });
}

function child(args) {
  const r = spawnSync(process.execPath, ['--expose-gc', self, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`child ${args.join(' ')} failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

async function peakChild() {
  const { validateDocument } = await load('facturx');
  const { parseXml } = await load('xml');
  const bytes = fs.readFileSync(file);
  validateDocument(fs.readFileSync(path.join(SHARED_DIR, 'en16931/cii/examples/CII_example8.xml')));
  globalThis.gc?.();
  const baseline = process.memoryUsage().rss;
  const kept =
    syntax === 'parse'
      ? parseXml(bytes, { maxBytes: 1e9 }).ok
      : validateDocument(bytes, { maxXmlBytes: 1e9 }).valid;
  if (!kept) throw new Error(`${file}: not ${syntax === 'parse' ? 'parsed' : 'valid'}`);
  // maxRSS is the process's high-water mark in KiB (it includes the baseline)
  console.log(JSON.stringify({ peak: process.resourceUsage().maxRSS * 1024 - baseline }));
}

async function phasesChild() {
  const { parseXml } = await load('xml');
  const cii = await load('cii');
  const ubl = await load('ubl');
  const { validate } = await load('rules');
  const bytes = fs.readFileSync(file);
  const heap = () => {
    globalThis.gc?.();
    globalThis.gc?.();
    return process.memoryUsage().heapUsed;
  };
  const kept = [];
  const out = {};
  let last = heap();
  const step = (name, fn) => {
    const r = fn();
    kept.push(r);
    const now = heap();
    out[name] = (now - last) / MB;
    last = now;
    return r;
  };
  step('decode (a text of the document)', () => new TextDecoder().decode(bytes));
  const parsed = step('parse (its own text + tree)', () => parseXml(bytes, { maxBytes: 1e9 }));
  if (!parsed.ok) throw new Error(parsed.error.message);
  const isCii = syntax === 'cii';
  const read = step('read (model, locations, facts)', () =>
    isCii ? cii.readCiiElement(parsed.root) : ubl.readUblElement(parsed.root),
  );
  step('structure + syntax rules', () =>
    isCii
      ? cii.checkCiiElement(parsed.root, {}, read.locationTable)
      : ubl.checkUblElement(parsed.root, read.locationTable),
  );
  step('rules', () =>
    validate(read.invoice, {
      syntax: isCii ? 'CII' : 'UBL',
      source: read.source,
      locations: read.locationTable,
    }),
  );
  console.log(JSON.stringify(out));
}
