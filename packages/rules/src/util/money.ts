/**
 * Exact arithmetic for the calculation rules (BR-CO-10…17). Amounts are JSON numbers in the model;
 * they are turned into decimal.js values through their shortest string form, so 0.1 + 0.2 is 0.3.
 * Rounding follows the official XPath: `round(x * 100) div 100`, where XPath `round` rounds half
 * towards positive infinity (ROUND_HALF_CEIL), not half away from zero.
 */
import { Decimal } from 'decimal.js';

/** A private decimal constructor so our settings never leak into other users of decimal.js */
const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_CEIL });
export type Dec = InstanceType<typeof D>;

export const ZERO: Dec = new D(0);
const HUNDRED = new D(100);

/** A decimal for a numeric model value; undefined when absent, not a number, NaN or infinite */
export function dec(value: unknown): Dec | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? new D(value) : undefined;
  // Strings are not what the model promises, but a decimal string is read rather than rejected
  if (typeof value === 'string' && /^\s*[+-]?(\d+\.?\d*|\.\d+)\s*$/.test(value)) return new D(value.trim());
  return undefined;
}

/** XPath `round(x * 100) div 100`: two decimals, half towards positive infinity */
export function round2(value: Dec): Dec {
  return value.times(HUNDRED).toDecimalPlaces(0, D.ROUND_HALF_CEIL).div(HUNDRED);
}

/** XPath `round(x)`: an integer, half towards positive infinity */
export function round0(value: Dec): Dec {
  return value.toDecimalPlaces(0, D.ROUND_HALF_CEIL);
}

/** Sum of the decimals of `values`; undefined entries are skipped (XPath sum() over present nodes) */
export function sum(values: readonly (Dec | undefined)[]): Dec {
  let total = ZERO;
  for (const v of values) if (v) total = total.plus(v);
  return total;
}

/**
 * Number of decimals a model amount carries (BR-DEC-*). The model keeps numbers, so trailing zeros
 * of the source ("10.500") are already gone: 10.5 has one decimal. Non-numbers count as 0 here
 * because the shape check, not a BR-DEC rule, reports them.
 */
export function decimalsOf(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  if (Number.isInteger(value)) return 0;
  const s = String(value);
  const e = s.indexOf('e');
  if (e < 0) {
    const dot = s.indexOf('.');
    return dot < 0 ? 0 : s.length - dot - 1;
  }
  return new D(value).decimalPlaces();
}

/**
 * `decimalsOf(value) <= 2`, without writing the number out in the common case (decision 0163): below
 * 10¹¹ a double's spacing is under 2⁻¹⁶, so at most one decimal of two places lies that near it, and
 * `round(v × 100) ÷ 100 = v` says that one is the number's shortest form.
 */
export function atMostTwoDecimals(value: unknown): boolean {
  if (typeof value === 'number' && Math.abs(value) < 1e11 && Math.round(value * 100) / 100 === value)
    return true;
  return decimalsOf(value) <= 2;
}
