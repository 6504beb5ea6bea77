/**
 * Exact money arithmetic for einv (see docs/decisions/0010-exact-money.md).
 *
 * Every amount the calculations produce is an integer number of cents held as a `bigint`, so sums
 * are exact whatever the size. The one rounding EN 16931 needs — half-up (away from zero on ties)
 * to 2 decimals — happens in `mulDivToCents`, the only place a non-integer result is rounded:
 *
 *   mulDivToCents(x, y, z) = round_half_up(x × y / z, 2 decimals)
 *
 * It has two paths that compute the same thing:
 * - a fast path for the common case (each input a decimal of at most 6 decimals whose scaled
 *   integer is below 2^52): the exact rational x·y/z is formed from safe integers with plain
 *   integer arithmetic on JS numbers (integers below 2^53 are exact), then rounded by integer
 *   division with remainder — no floating-point rounding is involved anywhere;
 * - a general path through decimal.js (precision 60) for everything else.
 * A property test checks that both agree over many thousands of random inputs.
 *
 * A JSON number is read as the decimal its shortest representation denotes (0.1 is 1/10, not the
 * binary double nearest to it), which is what the caller wrote.
 */
import { Decimal } from 'decimal.js';

/** decimal.js configured once: enough digits for any invoice amount, EN 16931 rounding. */
export const Dec = Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -30,
  toExpPos: 40,
});
export type Dec = InstanceType<typeof Dec>;

const POW10 = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14];
const FAST_MAX_DECIMALS = 6;
/** Below 2^52 two decimals with the same number of decimals can never map to the same double. */
const FAST_MAX_INT = 2 ** 52;
const SAFE = Number.MAX_SAFE_INTEGER;

// Scratch outputs of scaleExactly(): avoids allocating an object per call on the hot path.
let scaledInt = 0;
let scaledDecimals = 0;

/**
 * When `x` is a decimal with at most 6 decimals and a scaled integer below 2^52, stores
 * x = scaledInt / 10^scaledDecimals and returns true. Exact: r / 10^k is the correctly rounded
 * quotient of two exact values, so equality with x proves x is the double of that decimal.
 */
function scaleExactly(x: number): boolean {
  for (let k = 0; k <= FAST_MAX_DECIMALS; k++) {
    const p = POW10[k]!;
    const r = Math.round(x * p);
    if (r > FAST_MAX_INT || r < -FAST_MAX_INT) return false;
    if (r / p === x) {
      scaledInt = r;
      scaledDecimals = k;
      return true;
    }
  }
  return false;
}

/**
 * Rounds the exact quotient num / den (safe integers, den > 0) half-up, away from zero on ties.
 * Float division only proposes a candidate quotient; the exact remainder decides.
 */
function divRoundHalfUp(num: number, den: number): number {
  const negative = num < 0;
  const n = negative ? -num : num;
  let q = Math.floor(n / den);
  let r = n - q * den;
  while (r < 0) {
    q -= 1;
    r += den;
  }
  while (r >= den) {
    q += 1;
    r -= den;
  }
  if (2 * r >= den) q += 1;
  // `+ 0` turns -0 (from a -0 input) into 0: amounts never leave as -0
  return negative ? (q === 0 ? 0 : -q) : q + 0;
}

function isUsable(x: number): boolean {
  return typeof x === 'number' && Number.isFinite(x);
}

/**
 * round_half_up(x × y / z) in cents, or undefined when an input is not a finite number or z is 0.
 * The single rounding point of einv's money arithmetic.
 */
export function mulDivToCents(x: number, y: number, z = 1): bigint | undefined {
  if (!isUsable(x) || !isUsable(y) || !isUsable(z) || z === 0) return undefined;
  const fast = mulDivToCentsFast(x, y, z);
  if (fast !== undefined) return BigInt(fast);
  return mulDivToCentsDecimal(x, y, z);
}

/**
 * Cents inside the calculations: a safe integer number in the common case (no allocation), a
 * bigint when a value is too large for that. Public functions return plain bigints.
 */
export type Cents = number | bigint;

/** mulDivToCents without allocating a bigint when the fast path applies. */
export function mulDivCents(x: number, y: number, z = 1): Cents | undefined {
  if (!isUsable(x) || !isUsable(y) || !isUsable(z) || z === 0) return undefined;
  return mulDivToCentsFast(x, y, z) ?? mulDivToCentsDecimal(x, y, z);
}

export function toBigCents(c: Cents): bigint {
  return typeof c === 'bigint' ? c : BigInt(c);
}

/** Cents (number or bigint) to a JSON number with at most 2 decimals. */
export function centsValueToNumber(c: Cents): number {
  return typeof c === 'number' ? c / 100 : centsToNumber(c);
}

const SMALL_ADDEND = 2 ** 51;
const SMALL_SUM = 2 ** 52;

/**
 * An exact running sum of cents that stays on plain numbers while they are small: each addend
 * below 2^51 and a running part kept below 2^52 can never lose a digit (< 2^53); anything larger
 * goes to a bigint part.
 */
export class CentsSum {
  private small = 0;
  private big = 0n;

  add(c: Cents): void {
    if (typeof c === 'number' && c < SMALL_ADDEND && c > -SMALL_ADDEND) {
      this.small += c;
      if (this.small > SMALL_SUM || this.small < -SMALL_SUM) {
        this.big += BigInt(this.small);
        this.small = 0;
      }
    } else {
      this.big += toBigCents(c);
    }
  }

  get value(): bigint {
    return this.big + BigInt(this.small);
  }
}

/** Fast path of mulDivToCents: a safe integer of cents, or undefined when it cannot be exact. */
export function mulDivToCentsFast(x: number, y: number, z: number): number | undefined {
  if (!scaleExactly(x)) return undefined;
  const xi = scaledInt;
  const xd = scaledDecimals;
  if (!scaleExactly(y)) return undefined;
  const yi = scaledInt;
  const yd = scaledDecimals;
  if (!scaleExactly(z)) return undefined;
  const zi = scaledInt;
  const zd = scaledDecimals;
  // x·y/z = (xi·yi·10^zd) / (zi·10^(xd+yd)); in cents multiply the numerator by 100.
  let num = xi * yi;
  if (num > SAFE || num < -SAFE) return undefined;
  num *= POW10[zd + 2]!;
  if (num > SAFE || num < -SAFE) return undefined;
  let den = zi * POW10[xd + yd]!;
  if (den > SAFE || den < -SAFE) return undefined;
  if (den < 0) {
    den = -den;
    num = -num;
  }
  return divRoundHalfUp(num, den);
}

/** General path of mulDivToCents through decimal.js. */
export function mulDivToCentsDecimal(x: number, y: number, z: number): bigint | undefined {
  if (!isUsable(x) || !isUsable(y) || !isUsable(z) || z === 0) return undefined;
  const v = new Dec(x).times(y).div(z).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
  return BigInt(v.times(100).toFixed(0));
}

/** round_half_up(cents × rate / 100) in cents: the VAT of a taxable amount (BT-117 from BT-116, BT-119). */
export function percentOfCents(cents: bigint, rate: number): bigint {
  if (!isUsable(rate)) return 0n;
  const n = Number(cents);
  if (Number.isSafeInteger(n)) return mulDivToCents(n, rate, 10000) ?? 0n;
  return BigInt(
    new Dec(cents.toString()).times(rate).div(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed(0),
  );
}

/** An amount the caller gave, in cents (amounts with more than 2 decimals are rounded half-up). */
export function toCents(x: number): bigint | undefined {
  return mulDivToCents(x, 1, 1);
}

/** Rounds any number half-up to 2 decimals and returns it as a JSON-safe number. */
export function roundAmount(x: number): number | undefined {
  const c = toCents(x);
  return c === undefined ? undefined : centsToNumber(c);
}

/**
 * Cents to a JSON number with at most 2 decimals. For |c| < 2^53 the division is correctly
 * rounded, so the number's shortest representation is exactly the 2-decimal value.
 */
export function centsToNumber(c: bigint): number {
  const n = Number(c);
  if (Number.isSafeInteger(n)) return n / 100;
  return Number(centsToString(c));
}

/** Cents as a plain decimal string with exactly 2 decimals ("-1234.50"). */
export function centsToString(c: bigint): string {
  const negative = c < 0n;
  const abs = (negative ? -c : c).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

/** Formats a number as the decimal the caller wrote (no exponent), e.g. for derivation steps. */
export function formatDecimal(x: number): string {
  return new Dec(x).toFixed();
}
