// The EN 16931 VAT category families (BR-S … BR-B) and code-list rules (BR-CL) of @einv/rules: their
// share of validate() on the fixtures (incl. the 10,000-line invoice), measured in the same run as
// the whole EN16931 rule set (fixtures completed by complete() first). Each rule is run through its own predicate, as validate() does.
// Run `pnpm run build` first (imports dist).
//   node bench/vat-rules.bench.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { complete } from '../packages/core-model/dist/index.js';
import { ruleCatalogue, validate } from '../packages/rules/dist/index.js';
import { measure, printTable } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(here, '../fixtures/invoices');
const MINE = /^BR-(S|Z|E|AE|IC|G|O|AF|AG|B|CL)-\d+$/;
const mine = ruleCatalogue.filter((r) => MINE.test(r.id));
const context = { syntax: undefined, lang: 'en', profile: undefined };

function runMine(invoice) {
  let fired = 0;
  const report = () => {
    fired++;
  };
  for (const rule of mine) rule.check(invoice, report, context);
  return fired;
}

const rows = [];
for (const name of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  // complete() derives line net amounts, the VAT breakdown and totals, as the generation path does.
  const invoice = complete(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')).invoice);
  const big = (invoice.lines?.length ?? 0) > 1000;
  const opts = big ? { warmup: 3, runs: 15 } : { warmup: 200, runs: 1000 };
  const vat = measure(() => runMine(invoice), opts).median;
  const all = measure(() => validate(invoice, { ruleSets: ['EN16931'], frenchEdition: 'off' }), opts).median;
  rows.push({
    invoice: name.replace(/\.json$/, ''),
    lines: invoice.lines?.length ?? 0,
    [`VAT+CL rules (${mine.length}) ms`]: vat,
    'EN16931 validate ms': all,
    'VAT+CL share': vat / all,
  });
}
printTable('VAT family and code-list rules vs the whole EN16931 validate()', rows);
