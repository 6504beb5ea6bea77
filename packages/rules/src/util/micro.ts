/**
 * Exact amounts as integers of 10⁻⁶ (micro-units): the calculation rules' fast path (decision
 * 0163). Nearly every amount of an invoice has at most 6 decimals and is far below 10⁹; for those,
 * sums, the official rounding and comparisons are exact on plain integers, without building a
 * decimal.js value per amount (which was a third of the rules' time).
 *
 * Each function returns `undefined` when it cannot be exact (more than 6 decimals, a magnitude
 * beyond its range, a sum leaving the safe integers). It is only used to say "this test holds":
 * a rule whose fast path does not hold runs its decimal.js path as before, which decides and
 * writes the finding (found, expected, derivation), so findings cannot differ.
 */

const MICRO = 1e6;
/**
 * Amounts below 10⁹: there a double's spacing (≤ 2⁻²²) is far under 10⁻⁶, so a double equal to
 * m ÷ 10⁶ is the shortest form of exactly that decimal, the one decimal.js reads from the number.
 */
const LIMIT = 1e15;
const DECIMAL_TEXT = /^\s*([+-]?)(?:(\d+)\.?(\d*)|\.(\d+))\s*$/;

/**
 * Off: every fast path is skipped and the rules decide with decimal.js alone. Only for the
 * differential test (micro.test.ts), which checks that both ways give the same findings.
 */
export const fastPath = { enabled: true };

/**
 * What money.ts `dec()` reads from a model value, in micro-units: a safe integer; `null` when dec()
 * reads nothing (absent, not a number, NaN, infinite); `undefined` when it cannot be exact here.
 */
export function microOf(value: unknown): number | null | undefined {
  if (!fastPath.enabled) return undefined;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    const m = Math.round(value * MICRO);
    return Math.abs(m) < LIMIT && m / MICRO === value ? m : undefined;
  }
  if (typeof value !== 'string') return null;
  const parts = DECIMAL_TEXT.exec(value);
  if (!parts) return null;
  const whole = parts[2] ?? '';
  const fraction = parts[3] ?? parts[4] ?? '';
  if (fraction.length > 6 || whole.length + 6 > 15) return undefined;
  const m = Number(whole + fraction.padEnd(6, '0'));
  return parts[1] === '-' ? -m : m;
}

/** a + b when exact (both safe integers, and so is the sum) */
export function add(a: number, b: number): number | undefined {
  const s = a + b;
  return Number.isSafeInteger(s) ? s : undefined;
}

/** XPath `round(x * 100) div 100` on micro-units: two decimals, halves towards +∞ */
export function round2(m: number): number {
  return roundTo(m, 1e4);
}

/** XPath `round(x)` on micro-units */
export function round0(m: number): number {
  return roundTo(m, MICRO);
}

/** m rounded to a multiple of `unit`, halves towards +∞ (exact: integer remainder, no division) */
function roundTo(m: number, unit: number): number {
  const rest = ((m % unit) + unit) % unit;
  return rest * 2 >= unit ? m - rest + unit : m - rest;
}

/**
 * Sum, in micro-units, of `field` of the object items of `items` that dec() reads (an absent or
 * unreadable value is skipped, as XPath sum() skips absent nodes); `undefined` when not exact.
 */
export function sumOf(items: unknown, field: string): { total: number; count: number } | undefined {
  let total = 0;
  let count = 0;
  if (!Array.isArray(items)) return { total, count };
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (typeof item !== 'object' || item === null) continue;
    const m = microOf((item as Record<string, unknown>)[field]);
    if (m === undefined) return undefined;
    if (m === null) continue;
    const next = add(total, m);
    if (next === undefined) return undefined;
    total = next;
    count++;
  }
  return { total, count };
}

/**
 * round(|base| × rate ÷ 100) to two decimals, halves towards +∞, in micro-units (base and rate in
 * micro-units): the VAT the official tests expect. Undefined when the product is not exact.
 */
export function vatOf(base: number, rate: number): number | undefined {
  // rate = r × 10^k: drop the rate's trailing zeros so the product stays a safe integer
  let r = rate;
  // the VAT in cents is |base| × rate ÷ 10¹² (10⁻⁶ × 10⁻⁶ ÷ 100 × 100), rounded
  let scale = 1e12;
  while (r !== 0 && r % 10 === 0 && scale > 1) {
    r /= 10;
    scale /= 10;
  }
  const product = Math.abs(base) * r;
  if (!Number.isSafeInteger(product)) return undefined;
  const rest = ((product % scale) + scale) % scale;
  const cents = (product - rest) / scale + (rest * 2 >= scale ? 1 : 0);
  const vat = cents * 1e4;
  return Number.isSafeInteger(vat) ? vat : undefined;
}
