import { Module } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as cii from '../packages/cii/dist/index.js';
import { validate } from '../packages/rules/dist/index.js';
import * as ubl from '../packages/ubl/dist/index.js';
import { parseXml } from '../packages/xml/dist/index.js';
import { measure, median, printTable, SHARED_DIR, sharedXmlFiles } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const examples = sharedXmlFiles;

// The oracle script resolves saxon-js through NODE_PATH (our devDependency), as tests/support/oracle.ts does
process.env.NODE_PATH = path.join(here, '../node_modules');
Module._initPaths();
const oracle = await import(path.join(SHARED_DIR, 'tools/official-oracle/oracle.mjs'));

function run(title, docs, read, syntax) {
  if (typeof read !== 'function') {
    console.log(`\n## ${title}\n\n(reader not built yet: skipped)`);
    return;
  }
  const rows = [];
  for (const { name, xml } of docs) {
    const { invoice, locations, source } = read(xml);
    // source facts as the product passes them (decision 0107): the code-list rules judge XML nodes
    const opts = { syntax, locations, source, frenchEdition: 'off' };
    const result = validate(invoice, opts);
    const parse = measure(() => parseXml(xml), { warmup: 50, runs: 300 }).median;
    const rules = measure(() => validate(invoice, opts), { warmup: 200, runs: 1000 }).median;
    const both = measure(
      () => {
        const r = read(xml);
        return validate(r.invoice, {
          syntax,
          locations: r.locations,
          source: r.source,
          frenchEdition: 'off',
        });
      },
      { warmup: 50, runs: 300 },
    ).median;
    oracle.validate(xml); // warm
    const official = measure(() => oracle.validate(xml), { warmup: 2, runs: 10 }).median;
    rows.push({
      document: name.length > 30 ? `${name.slice(0, 29)}…` : name,
      lines: invoice.lines?.length ?? 0,
      'parse ms': parse,
      'validate ms': rules,
      'read+validate ms': both,
      'official XSLT ms': official,
      'official / read+validate': official / both,
      fatal: result.errors.length,
    });
  }
  printTable(title, rows);
  const col = (c) => median(rows.map((r) => r[c]));
  console.log(
    `\nmedian over documents: parse ${col('parse ms').toFixed(3)} ms, validate ${col('validate ms').toFixed(4)} ms, read+validate ${col('read+validate ms').toFixed(3)} ms, official ${col('official XSLT ms').toFixed(1)} ms (×${(col('official XSLT ms') / col('read+validate ms')).toFixed(0)})`,
  );
}

run('validate() per official CII example', examples('en16931/cii/examples'), cii.readCii, 'CII');
run('validate() per official UBL example', examples('en16931/ubl/examples'), ubl.readUbl, 'UBL');
