import { describe, expect, it } from '@jest/globals';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { complete } from './complete.js';
import type { AllowanceCharge, Invoice, Line } from './model.js';

const D = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_UP });
const decimal = (min: number, max: number, maxDecimals: number) =>
  fc.tuple(fc.integer({ min, max }), fc.integer({ min: 0, max: maxDecimals })).map(([n, k]) => n / 10 ** k);

const RATES: [string | undefined, number | undefined][] = [
  [undefined, 20],
  ['S', 20],
  ['S', 10],
  ['S', 5.5],
  ['S', 2.1],
  ['E', 0],
  ['AE', 0],
  ['Z', 0],
  ['O', undefined],
  [undefined, 0],
];

const lineAllowance = fc.oneof(
  decimal(0, 50_000, 2).map((amount): AllowanceCharge => ({ amount, reason: 'r' })),
  fc
    .tuple(decimal(0, 100_000, 2), decimal(0, 10_000, 2))
    .map(([baseAmount, percentage]): AllowanceCharge => ({ baseAmount, percentage, reason: 'r' })),
);

const line: fc.Arbitrary<Line> = fc
  .record({
    quantity: decimal(-10_000, 100_000, 4),
    unitPrice: decimal(0, 10_000_000, 6),
    baseQuantity: fc.option(fc.constantFrom(1, 3, 10, 100, 0.5), { nil: undefined }),
    rate: fc.constantFrom(...RATES),
    allowances: fc.option(fc.array(lineAllowance, { maxLength: 2 }), { nil: undefined }),
    charges: fc.option(fc.array(lineAllowance, { maxLength: 2 }), { nil: undefined }),
  })
  .map(({ quantity, unitPrice, baseQuantity, rate, allowances, charges }) => {
    const l: Line = { description: 'item', unitCode: 'C62', quantity, unitPrice };
    if (rate[0] !== undefined) l.vatCategory = rate[0];
    if (rate[1] !== undefined) l.vatRate = rate[1];
    if (baseQuantity !== undefined) l.baseQuantity = baseQuantity;
    if (allowances !== undefined) l.allowances = allowances;
    if (charges !== undefined) l.charges = charges;
    return l;
  });

const docAllowance = fc
  .tuple(decimal(0, 100_000, 2), fc.constantFrom(...RATES.filter((r) => r[0] !== undefined)))
  .map(([amount, [vatCategory, vatRate]]): AllowanceCharge => {
    const a: AllowanceCharge = { amount, reason: 'r' };
    if (vatCategory !== undefined) a.vatCategory = vatCategory;
    if (vatRate !== undefined) a.vatRate = vatRate;
    return a;
  });

const invoice: fc.Arbitrary<Invoice> = fc
  .record({
    lines: fc.array(line, { minLength: 1, maxLength: 12 }),
    allowances: fc.array(docAllowance, { maxLength: 2 }),
    charges: fc.array(docAllowance, { maxLength: 2 }),
    prepaid: fc.option(decimal(0, 100_000, 2), { nil: undefined }),
  })
  .map(({ lines, allowances, charges, prepaid }) => {
    const inv: Invoice = { currency: 'EUR', lines };
    if (allowances.length) inv.allowances = allowances;
    if (charges.length) inv.charges = charges;
    if (prepaid !== undefined) inv.totals = { prepaidAmount: prepaid };
    return inv;
  });

const cents = (x: number | undefined) => BigInt(new D(x ?? 0).times(100).toFixed(0));
const TWO_DECIMALS = /^-?\d+(\.\d{1,2})?$/;

function amountsOf(inv: Invoice): number[] {
  const out: number[] = [];
  for (const l of inv.lines ?? []) {
    out.push(l.netAmount!);
    for (const ac of [...(l.allowances ?? []), ...(l.charges ?? [])]) out.push(ac.amount!);
  }
  for (const ac of [...(inv.allowances ?? []), ...(inv.charges ?? [])]) out.push(ac.amount!);
  for (const b of inv.vatBreakdown ?? []) out.push(b.taxableAmount!, b.taxAmount!);
  for (const v of Object.values(inv.totals ?? {})) out.push(v as number);
  return out;
}

describe('complete() properties over random invoices (fast-check)', () => {
  it('every amount it produces has at most 2 decimals (3,000 invoices)', () => {
    fc.assert(
      // a boolean property: jest's expect() per amount would dominate the run time
      fc.property(invoice, (inv) => amountsOf(complete(inv)).every((a) => TWO_DECIMALS.test(String(a)))),
      { numRuns: 3000 },
    );
  });

  it('totals and breakdown do not depend on the order of the lines (2,000 invoices)', () => {
    fc.assert(
      fc.property(invoice, fc.integer(), (inv, seed) => {
        const lines = [...(inv.lines ?? [])];
        // deterministic shuffle from the seed
        let s = seed >>> 0;
        for (let i = lines.length - 1; i > 0; i--) {
          s = (s * 1103515245 + 12345) >>> 0;
          const j = s % (i + 1);
          [lines[i], lines[j]] = [lines[j]!, lines[i]!];
        }
        const a = complete(inv);
        const b = complete({ ...inv, lines });
        expect(b.totals).toEqual(a.totals);
        expect(b.vatBreakdown).toEqual(a.vatBreakdown);
      }),
      { numRuns: 2000 },
    );
  });

  it('Σ BT-116 = BT-109, BT-110 = Σ BT-117, BT-112 = BT-109 + BT-110, BT-115 = BT-112 − BT-113 (3,000 invoices)', () => {
    fc.assert(
      fc.property(invoice, (inv) => {
        const done = complete(inv);
        const t = done.totals!;
        const bd = done.vatBreakdown!;
        expect(bd.reduce((s, b) => s + cents(b.taxableAmount), 0n)).toBe(cents(t.taxExclusiveAmount));
        expect(bd.reduce((s, b) => s + cents(b.taxAmount), 0n)).toBe(cents(t.vatTotal));
        expect(cents(t.taxInclusiveAmount)).toBe(cents(t.taxExclusiveAmount) + cents(t.vatTotal));
        expect(cents(t.amountDue)).toBe(cents(t.taxInclusiveAmount) - cents(t.prepaidAmount));
        expect(cents(t.taxExclusiveAmount)).toBe(
          cents(t.lineNetTotal) - cents(t.allowanceTotal) + cents(t.chargeTotal),
        );
      }),
      { numRuns: 3000 },
    );
  });

  it('line net amounts equal an independent decimal.js computation (3,000 invoices)', () => {
    const r2 = (d: InstanceType<typeof D>) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    const acAmount = (ac: AllowanceCharge) =>
      ac.amount !== undefined ? new D(ac.amount) : r2(new D(ac.baseAmount!).times(ac.percentage!).div(100));
    fc.assert(
      fc.property(invoice, (inv) => {
        const done = complete(inv);
        (inv.lines ?? []).forEach((l, i) => {
          let net = r2(new D(l.quantity!).times(l.unitPrice!).div(l.baseQuantity ?? 1));
          for (const a of l.allowances ?? []) net = net.minus(acAmount(a));
          for (const c of l.charges ?? []) net = net.plus(acAmount(c));
          expect(done.lines![i]!.netAmount).toBe(net.toNumber() || 0);
        });
        for (const b of done.vatBreakdown ?? []) {
          const expected =
            b.rate === undefined ? 0 : r2(new D(b.taxableAmount!).times(b.rate).div(100)).toNumber();
          expect(b.taxAmount).toBe(expected || 0);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('is idempotent: completing a completed invoice changes nothing (1,000 invoices)', () => {
    fc.assert(
      fc.property(invoice, (inv) => {
        const once = complete(inv);
        expect(complete(once)).toEqual(once);
      }),
      { numRuns: 1000 },
    );
  });

  it('never mutates its input (1,000 invoices)', () => {
    fc.assert(
      fc.property(invoice, (inv) => {
        const before = JSON.stringify(inv);
        complete(inv);
        expect(JSON.stringify(inv)).toBe(before);
      }),
      { numRuns: 1000 },
    );
  });

  it('never throws on arbitrary values (fast-check anything, 3,000 runs)', () => {
    fc.assert(
      fc.property(fc.anything(), (v) => {
        complete(v as Invoice);
      }),
      { numRuns: 3000 },
    );
    const garbage = fc.record({
      lines: fc.array(
        fc.record({
          quantity: fc.anything(),
          unitPrice: fc.anything(),
          vatRate: fc.anything(),
          allowances: fc.anything(),
        }),
      ),
      allowances: fc.anything(),
      totals: fc.anything(),
      vatBreakdown: fc.anything(),
      seller: fc.anything(),
    });
    fc.assert(
      fc.property(garbage, (v) => {
        complete(v as Invoice);
      }),
      { numRuns: 3000 },
    );
  });
});
