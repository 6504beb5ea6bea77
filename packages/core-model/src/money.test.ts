import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  centsToNumber,
  centsToString,
  mulDivToCents,
  mulDivToCentsDecimal,
  mulDivToCentsFast,
  percentOfCents,
  roundAmount,
} from './money.js';

/** A decimal with up to `maxDecimals` decimals, as the JSON number a caller would send. */
const decimal = (maxAbs: number, maxDecimals: number) =>
  fc
    .tuple(fc.integer({ min: -maxAbs, max: maxAbs }), fc.integer({ min: 0, max: maxDecimals }))
    .map(([n, k]) => n / 10 ** k);

describe('money: rounding half-up to 2 decimals, written once', () => {
  it.each([
    [0.005, 1, 1, 0.01],
    [-0.005, 1, 1, -0.01],
    [1.005, 1, 1, 1.01],
    [2.675, 1, 1, 2.68],
    [3, 47.0866, 1, 141.26],
    [0.1, 0.2, 1, 0.02],
    [250, 12.5, 100, 31.25],
    [1, 10, 3, 3.33],
    [2, 10, 3, 6.67],
    [0.15, 10, 100, 0.02],
    [651.25, 5, 100, 32.56],
  ])('round(%p × %p / %p) = %p', (x, y, z, expected) => {
    expect(centsToNumber(mulDivToCents(x, y, z)!)).toBe(expected);
    expect(centsToNumber(mulDivToCentsDecimal(x, y, z)!)).toBe(expected);
  });

  it('no float artefacts: 0.1 + 0.2 style sums stay exact', () => {
    expect(roundAmount(0.1 + 0.2)).toBe(0.3);
    expect(centsToNumber(14126n)).toBe(141.26);
    expect(String(centsToNumber(14126n))).toBe('141.26');
  });

  it('VAT of a taxable amount: round(taxable × rate / 100)', () => {
    expect(percentOfCents(27099n, 20)).toBe(5420n);
    expect(percentOfCents(3990n, 5.5)).toBe(219n);
    expect(percentOfCents(-3990n, 5.5)).toBe(-219n);
    expect(percentOfCents(10n ** 30n, 20)).toBe(2n * 10n ** 29n);
  });

  it('returns undefined for non-finite inputs and division by zero', () => {
    expect(mulDivToCents(Number.NaN, 1)).toBeUndefined();
    expect(mulDivToCents(1, Number.POSITIVE_INFINITY)).toBeUndefined();
    expect(mulDivToCents(1, 1, 0)).toBeUndefined();
  });

  it('formats cents exactly, also beyond 2^53', () => {
    expect(centsToString(-5n)).toBe('-0.05');
    expect(centsToString(123456789012345678901n)).toBe('1234567890123456789.01');
  });

  it('the fast path agrees with decimal.js on typical invoice numbers (20,000 runs)', () => {
    fc.assert(
      fc.property(decimal(10_000_000, 4), decimal(10_000_000, 6), decimal(10_000, 3), (q, p, b) => {
        if (b === 0) return;
        const fast = mulDivToCentsFast(q, p, b);
        if (fast === undefined) return;
        expect(BigInt(fast)).toBe(mulDivToCentsDecimal(q, p, b));
      }),
      { numRuns: 20_000 },
    );
  });

  it('mulDivToCents agrees with decimal.js on arbitrary doubles (20,000 runs)', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
        (x, y) => {
          expect(mulDivToCents(x, y, 1)).toBe(mulDivToCentsDecimal(x, y, 1));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('every result leaves as a number with at most 2 decimals', () => {
    fc.assert(
      fc.property(decimal(1_000_000_000, 6), decimal(100_000, 4), (x, y) => {
        const c = mulDivToCents(x, y)!;
        expect(String(centsToNumber(c))).toMatch(/^-?\d+(\.\d{1,2})?$/);
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('money: no negative zero', () => {
  it('a zero product of a negative quantity is 0, not -0', () => {
    expect(Object.is(mulDivToCentsFast(-1, 0, 1), 0)).toBe(true);
    expect(Object.is(centsToNumber(mulDivToCents(-0, 5)!), 0)).toBe(true);
  });
});
