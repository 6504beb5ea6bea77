/** Exact sums and the XPath rounding the VAT rules rely on. */
import { describe, expect, it } from '@jest/globals';
import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { ExactSum, expectedVat, xpathRound2 } from './vat-common.js';

const sum = (xs: Array<number | undefined>) => {
  const s = new ExactSum();
  for (const x of xs) s.add(x);
  return s.value.toString();
};

describe('ExactSum', () => {
  it('adds decimal amounts without float error (0.1 ten times is 1)', () => {
    expect(sum(Array(10).fill(0.1))).toBe('1');
    expect(sum([100.005, -0.005, undefined])).toBe('100');
  });
  it('falls back to decimal.js beyond 6 decimals or huge totals, still exact', () => {
    expect(sum([0.1234567, 0.0000003])).toBe('0.123457');
    expect(sum([2 ** 51, 2 ** 51, 0.5])).toBe(new Decimal(2).pow(52).plus(0.5).toString());
  });
  it('equals a decimal.js sum on random amounts with up to 8 decimals', () => {
    const amount = fc
      .tuple(fc.integer({ min: -1e9, max: 1e9 }), fc.integer({ min: 0, max: 8 }))
      .map(([n, d]) => n / 10 ** d);
    fc.assert(
      fc.property(fc.array(amount, { maxLength: 50 }), (xs) => {
        const reference = xs.reduce((acc, x) => acc.plus(x), new Decimal(0));
        expect(sum(xs)).toBe(reference.toString());
      }),
    );
  });
});

describe('XPath rounding', () => {
  it('rounds halves towards positive infinity, like XPath round()', () => {
    expect(xpathRound2(new Decimal('2.345')).toString()).toBe('2.35');
    expect(xpathRound2(new Decimal('-2.345')).toString()).toBe('-2.34');
  });
  it('expectedVat is round(|taxable| × rate / 100) to 2 decimals', () => {
    expect(expectedVat(100.05, 20).toString()).toBe('20.01');
    expect(expectedVat(-10.25, 10).toString()).toBe('1.03');
  });
});
