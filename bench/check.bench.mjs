// checkCii / checkUbl (the /check-xml answer): parse + Factur-X/UBL XSD structure check + EN 16931
// syntax rules, per official example, beside the bare parse of the same document in the same run.
// Needs ../shared (the official examples); run `pnpm run build` first (imports dist).
//   node bench/check.bench.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCii, checkCiiStructure, checkCiiSyntaxRules } from '../packages/cii/dist/index.js';
import { checkUbl, checkUblStructure, checkUblSyntaxRules } from '../packages/ubl/dist/index.js';
import { parseXml } from '../packages/xml/dist/index.js';
import { measure, median, printTable } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const shared = path.resolve(here, '../../shared');
const examples = (dir) =>
  fs
    .readdirSync(path.join(shared, dir))
    .filter((f) => /\.xml$/i.test(f))
    .sort()
    .map((f) => ({ name: f, xml: fs.readFileSync(path.join(shared, dir, f), 'utf8') }));

function run(title, docs, check, structure, rules) {
  const rows = [];
  for (const { name, xml } of docs) {
    const parsed = parseXml(xml);
    if (!parsed.ok) continue;
    const result = check(xml);
    const profile = result.profile;
    const parse = measure(() => parseXml(xml), { warmup: 50, runs: 300 }).median;
    const full = measure(() => check(xml), { warmup: 50, runs: 300 }).median;
    const struct = measure(() => structure(parsed.root, profile), { warmup: 50, runs: 300 }).median;
    const syntax = measure(() => rules(parsed.root), { warmup: 50, runs: 300 }).median;
    rows.push({
      document: name.length > 32 ? `${name.slice(0, 31)}…` : name,
      KB: Math.round(xml.length / 1024),
      'parse ms': parse,
      'structure ms': struct,
      'syntax rules ms': syntax,
      'check (parse+all) ms': full,
      'check / parse': full / parse,
      valid: String(result.valid),
    });
  }
  printTable(title, rows);
  const col = (c) => median(rows.map((r) => r[c]));
  console.log(
    `\nmedian over documents: parse ${col('parse ms').toFixed(3)} ms, structure ${col('structure ms').toFixed(3)} ms, syntax rules ${col('syntax rules ms').toFixed(3)} ms, check ${col('check (parse+all) ms').toFixed(3)} ms`,
  );
}

run(
  'checkCii per official CII example (EN 16931 1.3.16 examples)',
  examples('en16931/cii/examples'),
  checkCii,
  checkCiiStructure,
  checkCiiSyntaxRules,
);
run(
  'checkUbl per official UBL example',
  examples('en16931/ubl/examples'),
  checkUbl,
  (root) => checkUblStructure(root),
  checkUblSyntaxRules,
);
