/**
 * The value of an xs:decimal text, for the readers (decision 0287). Both readers come here for the
 * numbers `plainNumberValue` does not read: more than two decimals, a leading zero, a sign (two
 * per line of the synthetic CII invoices, one per UBL line: `0.00880`). They checked the form with a
 * regular expression or a scan, then called `Number(text)` (the runtime's string-to-number
 * conversion), reading each number twice.
 */

/** 10^d for the decimals of a mantissa of at most EXACT_DIGITS digits: each one exact in a double */
const POWERS = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];
/** Up to this many digits the digits read as an integer are exact (below 2^53) */
const EXACT_DIGITS = 15;

/**
 * `text` as an xs:decimal (an optional sign, then digits with at most one '.', at least one digit;
 * no white space, no exponent) → its value; undefined for any other text or a value beyond a
 * double's range. One scan checks the form and reads the digits as an integer: with at most 15
 * digits that integer is exact and so is 10^decimals, and one IEEE division gives the correctly
 * rounded quotient, the double nearest the decimal, which is Number()'s answer (Clinger's fast
 * path). Longer forms ask Number().
 */
export function decimalValue(text: string): number | undefined {
  const n = text.length;
  const first = text.charCodeAt(0);
  const negative = first === 0x2d;
  let i = negative || first === 0x2b ? 1 : 0;
  let digits = 0;
  let m = 0;
  // where the '.' is, -1 when there is none
  let dot = -1;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) {
      m = m * 10 + (c - 0x30);
      digits++;
    } else if (c === 0x2e && dot === -1) dot = i;
    else return undefined;
  }
  if (digits === 0) return undefined;
  if (digits > EXACT_DIGITS) {
    const v = Number(text);
    return Number.isFinite(v) ? v : undefined;
  }
  const value = dot === -1 ? m : m / (POWERS[n - dot - 1] as number);
  return negative ? -value : value;
}
