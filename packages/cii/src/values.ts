/**
 * Value conversions between the model (numbers, ISO dates) and CII text. No float formatting
 * surprises: numbers are written in plain decimal notation (never 1e-7), with at least the
 * decimals the type asks for and never fewer than the number holds (nothing is rounded away).
 */
import { decimalValue } from '@einv/core-model';

/**
 * xs:decimal text → number; undefined when it is not a decimal (CII forbids exponents): white space
 * around it trimmed, then core-model's one scan (decision 0287; a scan of the form, then Number(),
 * before)
 */
export function parseDecimal(text: string): number | undefined {
  return decimalValue(text.trim());
}

/** number → plain decimal text with at least `minDecimals` decimals */
export function formatDecimal(n: number, minDecimals: number): string {
  let s = plain(n);
  const dot = s.indexOf('.');
  const decimals = dot === -1 ? 0 : s.length - dot - 1;
  if (decimals < minDecimals) s = (dot === -1 ? `${s}.` : s) + '0'.repeat(minDecimals - decimals);
  return s;
}

/** Shortest round-tripping digits of a number, without exponent notation */
function plain(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  const m = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/i.exec(s);
  if (!m) return s;
  const [, sign, int, frac = '', expText] = m;
  const digits = `${int}${frac}`;
  const exp = Number(expText);
  if (exp < 0) return `${sign}0.${'0'.repeat(-exp - 1)}${digits}`;
  const pointAt = 1 + exp;
  return pointAt >= digits.length
    ? `${sign}${digits}${'0'.repeat(pointAt - digits.length)}`
    : `${sign}${digits.slice(0, pointAt)}.${digits.slice(pointAt)}`;
}

/** CII date format 102 (YYYYMMDD) → YYYY-MM-DD; undefined when not a real calendar date */
export function parseDate102(text: string): string | undefined {
  const t = text.trim();
  if (t.length !== 8) return undefined;
  for (let i = 0; i < 8; i++) {
    const c = t.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return undefined;
  }
  // the digits' values from their codes, and the ISO form as one string: the slices, their Number()
  // and the template made nine strings per date
  const c = (i: number): number => t.charCodeAt(i);
  const y = (c(0) - 48) * 1000 + (c(1) - 48) * 100 + (c(2) - 48) * 10 + (c(3) - 48);
  const mo = (c(4) - 48) * 10 + (c(5) - 48);
  const d = (c(6) - 48) * 10 + (c(7) - 48);
  if (mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo)) return undefined;
  return String.fromCharCode(c(0), c(1), c(2), c(3), 45, c(4), c(5), 45, c(6), c(7));
}

/**
 * Days in a month as Date.UTC counts them (the check this replaces, without a Date per value): it
 * reads the years 0–99 as 1900–1999, so 0000-02-29 is no date.
 */
function daysInMonth(year: number, month: number): number {
  if (month !== 2) return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  const y = year <= 99 ? year + 1900 : year;
  return y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28;
}

/** YYYY-MM-DD → YYYYMMDD; undefined when the model value is not an ISO date */
export function formatDate102(iso: string): string | undefined {
  const m = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/.exec(iso);
  return m ? `${m[1]}${m[2]}${m[3]}` : undefined;
}

/** Trims XML white space only (space, tab, CR, LF): String#trim would also eat U+00A0 and friends */
export function xmlTrim(text: string): string {
  // the usual value has nothing to trim: answered without the regular expression
  if (text === '' || (!isXmlSpace(text.charCodeAt(0)) && !isXmlSpace(text.charCodeAt(text.length - 1))))
    return text;
  return text.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
}

function isXmlSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a;
}
