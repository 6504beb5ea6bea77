// complete() and validateInvoiceShape() of @einv/core-model on invoices of 100 to 10,000 lines
// (built package), with lines-vs-time to show linearity. Reference in the same run: a plain
// decimal.js implementation of the same line and total arithmetic (one Decimal per operation),
// i.e. what complete() would cost without its integer fast path.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { complete, validateInvoiceShape } from '../packages/core-model/dist/index.js';
// decimal.js is a dependency of core-model, not of the root: take the same copy it uses
import { Decimal } from '../packages/core-model/node_modules/decimal.js/decimal.mjs';
import { measure, printTable } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const large = JSON.parse(
  fs.readFileSync(path.join(here, '..', 'fixtures', 'invoices', 'large-10000-lines.json'), 'utf8'),
);
const withLines = (n) => ({ ...large.invoice, lines: large.invoice.lines.slice(0, n) });

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
/** Reference: line nets, per-rate bases, VAT and totals with one decimal.js value per operation. */
function decimalReference(inv) {
  const groups = new Map();
  let total = new D(0);
  for (const l of inv.lines) {
    const net = new D(l.quantity)
      .times(l.unitPrice)
      .div(l.baseQuantity ?? 1)
      .toDecimalPlaces(2);
    total = total.plus(net);
    groups.set(l.vatRate, (groups.get(l.vatRate) ?? new D(0)).plus(net));
  }
  let vat = new D(0);
  for (const [rate, base] of groups) vat = vat.plus(base.times(rate).div(100).toDecimalPlaces(2));
  return { total: total.toNumber(), vat: vat.toNumber(), grand: total.plus(vat).toNumber() };
}

// Sanity: both compute the same totals before timing anything
const check = complete(large.invoice).totals;
const ref = decimalReference(large.invoice);
if (check.taxExclusiveAmount !== ref.total || check.vatTotal !== ref.vat)
  throw new Error('reference disagrees');
if (check.taxInclusiveAmount !== large.expected.totals.taxInclusiveAmount)
  throw new Error('fixture disagrees');

const rows = [];
for (const n of [100, 1000, 5000, 10000]) {
  const inv = withLines(n);
  const runs = n <= 1000 ? 300 : 60;
  const c = measure(() => complete(inv), { warmup: 20, runs });
  const r = measure(() => decimalReference(inv), { warmup: 10, runs });
  const s = measure(() => validateInvoiceShape(inv), { warmup: 10, runs });
  rows.push({
    lines: n,
    'complete() median ms': c.median,
    'min ms': c.min,
    'p99 ms': c.p99,
    'µs per line (median)': (c.median * 1000) / n,
    'µs per line (min)': (c.min * 1000) / n,
    'decimal.js reference ms': r.median,
    'reference / complete': r.median / c.median,
    'validateInvoiceShape ms': s.median,
  });
}
printTable('complete() and validateInvoiceShape() vs lines (median of warmed runs)', rows);
// The machine is shared: the minimum is the least disturbed sample, so linearity is judged on it
const per = rows.slice(1).map((r) => r['µs per line (min)']);
console.log(
  `\nlinearity (min µs per line at 1k / 5k / 10k lines): ${per.map((p) => p.toFixed(3)).join(' / ')}`,
);
