// The French rules (BR-FR 1.4.0.03, standard edition) of @einv/rules on the official Annexe B
// examples, beside the official FNFE-MPE BR-FR XSLT under SaxonJS measured in the same run.
// validate() runs the BR-FR set only (ruleSets: ['BR-FR']) on the model read once; "read + BR-FR"
// includes readCii / readUbl. Needs ../shared; run the build first (imports dist).
//   node bench/brfr.bench.mjs
import fs from 'node:fs';
import { Module } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCii } from '../packages/cii/dist/index.js';
import { validate } from '../packages/rules/dist/index.js';
import { readUbl } from '../packages/ubl/dist/index.js';
import { measure, median, printTable } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const shared = process.env.EINV_SHARED ?? path.resolve(here, '../../shared');
process.env.NODE_PATH = path.join(here, '../node_modules');
Module._initPaths();
const oracle = await import(path.join(shared, 'tools/official-oracle/oracle.mjs'));

const walk = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : p.endsWith('.xml') && !e.name.includes('CDV') ? [p] : [];
  });
const docs = walk(path.join(shared, 'br-fr/examples/annexe-b-v1.3'))
  .sort()
  .map((file) => {
    const xml = fs.readFileSync(file, 'utf8');
    return { name: path.basename(file), xml, syntax: xml.includes('CrossIndustryInvoice') ? 'CII' : 'UBL' };
  });

const rows = [];
for (const { name, xml, syntax } of docs) {
  const read = syntax === 'CII' ? readCii : readUbl;
  const { invoice } = read(xml);
  const opts = { syntax, ruleSets: ['BR-FR'], frenchEdition: 'standard' };
  const ours = measure(() => validate(invoice, opts), { warmup: 200, runs: 1000 }).median;
  const both = measure(() => validate(read(xml).invoice, opts), { warmup: 30, runs: 200 }).median;
  const key = `brfr-${syntax.toLowerCase()}`;
  oracle.run(key, xml);
  const official = measure(() => oracle.run(key, xml), { warmup: 2, runs: 10 }).median;
  rows.push({
    document: name.length > 34 ? `${name.slice(0, 33)}…` : name,
    syntax,
    'BR-FR ms': ours,
    'read + BR-FR ms': both,
    'official BR-FR XSLT ms': official,
    'official / ours': official / ours,
    'official / read+ours': official / both,
  });
}
printTable('BR-FR (standard edition) on the Annexe B v1.3 examples', rows);
console.log(
  `\nmedian over ${rows.length} documents: BR-FR ${median(rows.map((r) => r['BR-FR ms'])).toFixed(3)} ms, ` +
    `read + BR-FR ${median(rows.map((r) => r['read + BR-FR ms'])).toFixed(3)} ms, ` +
    `official ${median(rows.map((r) => r['official BR-FR XSLT ms'])).toFixed(1)} ms, ` +
    `ratio official / read+ours ${median(rows.map((r) => r['official / read+ours'])).toFixed(0)}x`,
);
