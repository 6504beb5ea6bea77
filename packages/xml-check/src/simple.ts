/**
 * Lexical checks of the XSD built-in types the invoice schemas use, as libxml2 applies them:
 * white space handled per type (preserve / replace / collapse), then the lexical form, then the
 * facets (enumeration, pattern, lengths). Returns what was expected, or null when the value is fine.
 */
import { Buffer } from 'node:buffer';
import type { SimpleDef } from './model.js';
import { codePoints, collapse } from './strings.js';

const BOOLEAN = /^(true|false|1|0)$/;
const DATE = /^(-?)(\d{4,})-(\d\d)-(\d\d)(Z|[+-]\d\d:\d\d)?$/;
const TIME = /^(\d\d):(\d\d):(\d\d)(\.\d+)?(Z|[+-]\d\d:\d\d)?$/;
const LANGUAGE = /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/;
const BASE64 = /^[A-Za-z0-9+/\t\n\r ]*(?:=[\t\n\r ]*){0,2}$/;
const NCNAME = /^[A-Za-z_\u00C0-\uFFFF][\w.\-\u00B7\u00C0-\uFFFF]*$/;

/** The compiled `pattern` facets, by their source */
const patterns = new Map<string, RegExp>();
function patternOf(p: string): RegExp {
  let re = patterns.get(p);
  if (!re) {
    re = new RegExp(`^(?:${p})$`, 'u');
    patterns.set(p, re);
  }
  return re;
}

/** The expected form of a value of the given base type when `raw` is not one, else null */
export function checkSimple(def: SimpleDef, raw: string): string | null {
  const value =
    def.b === 'base64Binary' || def.b === 'string'
      ? raw
      : def.b === 'normalizedString'
        ? replaceBreaks(raw)
        : collapse(raw);
  const lexical = checkLexical(def.b, value);
  if (lexical) return lexical;
  if (def.e && !def.e.includes(value)) return `one of ${def.e.join(', ')}`;
  if (def.p && !def.p.some((p) => patternOf(p).test(value))) return `a value matching ${def.p.join(' or ')}`;
  if (def.length === undefined && def.minLength === undefined && def.maxLength === undefined) return null;
  const len = codePoints(value);
  if (def.length !== undefined && len !== def.length) return `exactly ${def.length} characters`;
  if (def.minLength !== undefined && len < def.minLength) return `at least ${def.minLength} characters`;
  if (def.maxLength !== undefined && len > def.maxLength) return `at most ${def.maxLength} characters`;
  return null;
}

/**
 * XSD `replace` white space: tabs and line breaks become spaces. Most values have none: found by a
 * loop over the characters, without a regex replace per value.
 */
function replaceBreaks(raw: string): string {
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 9 || c === 10 || c === 13) return raw.replace(/[\t\n\r]/g, ' ');
  }
  return raw;
}

function checkLexical(base: string, v: string): string | null {
  switch (base) {
    case 'decimal':
      return isDecimal(v)
        ? null
        : 'a decimal number such as 1234.56 (digits, one optional "." and sign, no exponent)';
    case 'integer':
      return isInteger(v) ? null : 'an integer';
    case 'boolean':
      return BOOLEAN.test(v) ? null : 'true or false';
    case 'date':
      return isDate(v) ? null : 'a date YYYY-MM-DD';
    case 'time':
      return isTime(v) ? null : 'a time hh:mm:ss';
    case 'dateTime': {
      const t = v.indexOf('T');
      const ok = t > 0 && isDate(v.slice(0, t), false) && isTime(v.slice(t + 1));
      return ok ? null : 'a date and time YYYY-MM-DDThh:mm:ss';
    }
    case 'base64Binary':
      return isBase64(v) ? null : 'base64-encoded binary data';
    case 'language':
      return LANGUAGE.test(v) ? null : 'a language code such as en or fr-FR';
    case 'NCName':
      return NCNAME.test(v) ? null : 'a name without spaces or colons';
    default:
      // string, normalizedString, token, anyURI: every string is a valid lexical form
      return null;
  }
}

/**
 * `^[+-]?(\d+(\.\d*)?|\.\d+)$` read by a loop over the characters: every amount, quantity and
 * percentage of an invoice is one (a CII line has four); the loop takes a fraction of a regex test's
 * time on such short strings (decision 0260)
 */
function isDecimal(v: string): boolean {
  const n = v.length;
  let i = 0;
  const first = v.charCodeAt(0);
  if (first === 43 || first === 45) i = 1; // + -
  const start = i;
  while (i < n && isDigit(v.charCodeAt(i))) i++;
  const whole = i - start;
  if (i === n) return whole > 0;
  if (v.charCodeAt(i) !== 46) return false; // .
  i++;
  const from = i;
  while (i < n && isDigit(v.charCodeAt(i))) i++;
  return i === n && (whole > 0 || i > from);
}

/** `^[+-]?\d+$`, as isDecimal reads it */
function isInteger(v: string): boolean {
  const n = v.length;
  let i = 0;
  const first = v.charCodeAt(0);
  if (first === 43 || first === 45) i = 1;
  if (i === n) return false;
  while (i < n && isDigit(v.charCodeAt(i))) i++;
  return i === n;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Base64 with optional white space (attachments can be megabytes: native scans, no char loop) */
function isBase64(v: string): boolean {
  // the characters other than white space, by counting the white space: indexOf scans natively and
  // allocates nothing (a regex test, then a replace copying the whole value, cost ~1.6× more on
  // the official examples' attachments, which mostly have no white space at all)
  const blanks = occurrences(v, '\n') + occurrences(v, '\r') + occurrences(v, '\t') + occurrences(v, ' ');
  if (blanks === 0 && v.length >= CANONICAL_FROM && isCanonicalBase64(v)) return true;
  return BASE64.test(v) && (v.length - blanks) % 4 === 0;
}

/** Values from this length on are first tried as canonical base64 (a short value is one regex test) */
const CANONICAL_FROM = 4096;
/** Bytes re-encoded at a time: a multiple of 3, so each piece's base64 is a piece of the whole's */
const PIECE = 3 * 16 * 1024;

/**
 * Is `v` exactly the base64 of some bytes: decoded and encoded again by Node's native codec, the
 * same text? Then it holds only the base64 alphabet, its `=` padding at the end and a length that is
 * a multiple of 4, which BASE64 and the count above accept: true is the regex's answer. False
 * proves nothing (white space, other alphabets, padding bits): the regex then answers. On a 3.3 MB
 * attachment (the official UBL example with one) ~0.9 ms instead of the regex's ~2.8 ms
 * (decision 0256). Encoded again piece by piece: no second copy of the whole value is made.
 */
function isCanonicalBase64(v: string): boolean {
  const bytes = Buffer.from(v, 'base64');
  const padding = v.endsWith('==') ? 2 : v.endsWith('=') ? 1 : 0;
  // the encoding of `bytes` is 4 × ceil(length / 3) characters: v's length when it is canonical
  if (bytes.length !== Math.ceil(v.length / 4) * 3 - padding) return false;
  for (let b = 0, c = 0; b < bytes.length; b += PIECE, c += (PIECE / 3) * 4) {
    const piece = bytes.toString('base64', b, Math.min(bytes.length, b + PIECE));
    if (piece !== v.slice(c, c + piece.length)) return false;
  }
  return true;
}
function occurrences(v: string, c: string): number {
  let n = 0;
  for (let i = v.indexOf(c); i >= 0; i = v.indexOf(c, i + 1)) n++;
  return n;
}

function isLeap(y: number): boolean {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The value of the two ASCII digits of `v` at `i`, -1 when either is not one */
function twoDigits(v: string, i: number): number {
  const a = v.charCodeAt(i) - 48;
  const b = v.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? 10 * a + b : -1;
}

function isDate(v: string, tzAllowed = true): boolean {
  // the usual form, YYYY-MM-DD without sign or time zone, read in place (what DATE's match gives)
  if (v.length === 10 && v.charCodeAt(4) === 45 && v.charCodeAt(7) === 45) {
    const hi = twoDigits(v, 0);
    const lo = twoDigits(v, 2);
    const mo = twoDigits(v, 5);
    const d = twoDigits(v, 8);
    if (hi >= 0 && lo >= 0 && mo >= 0 && d >= 0) {
      const y = 100 * hi + lo;
      if (y === 0 || mo < 1 || mo > 12 || d < 1) return false;
      return d <= (mo === 2 && isLeap(y) ? 29 : (DAYS[mo - 1] as number));
    }
  }
  const m = DATE.exec(v);
  if (!m) return false;
  const [, sign, ys, ms, ds, tz] = m;
  if (!tzAllowed && tz) return false;
  if ((ys as string).length > 4 && (ys as string).startsWith('0')) return false;
  const y = Number(ys) * (sign ? -1 : 1);
  if (y === 0) return false;
  const mo = Number(ms);
  const d = Number(ds);
  if (mo < 1 || mo > 12 || d < 1) return false;
  const max = mo === 2 && isLeap(Math.abs(y)) ? 29 : (DAYS[mo - 1] as number);
  return d <= max && validTz(tz);
}

function isTime(v: string): boolean {
  const m = TIME.exec(v);
  if (!m) return false;
  const h = Number(m[1]);
  const mi = Number(m[2]);
  const s = Number(m[3]);
  if (h === 24) return mi === 0 && s === 0 && !/[1-9]/.test(m[4] ?? '') && validTz(m[5]);
  return h < 24 && mi < 60 && s < 60 && validTz(m[5]);
}

function validTz(tz: string | undefined): boolean {
  if (!tz || tz === 'Z') return true;
  const h = Number(tz.slice(1, 3));
  const m = Number(tz.slice(4, 6));
  return m < 60 && (h < 14 || (h === 14 && m === 0));
}
