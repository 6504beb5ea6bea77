/**
 * Defensive readers for rule predicates. The Invoice type says what a field should hold, but
 * validate() must survive anything (JSON from a caller, a half-read XML fragment): these helpers
 * never throw and treat a value of the wrong type as absent or invalid, never as a crash.
 */

const EMPTY: readonly never[] = Object.freeze([]);

/** The array itself, or an empty one when the value is not an array */
export function list<T>(value: readonly T[] | undefined | null): readonly T[] {
  return Array.isArray(value) ? value : EMPTY;
}

/** true when the value is an object (a group is present) */
export function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/** true when the value holds something other than whitespace (XPath `normalize-space(x) != ''`) */
export function hasText(value: unknown): boolean {
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'number') return !Number.isNaN(value);
  return false;
}

/** true when the value exists at all (XPath `exists(x)`): an empty string still counts */
export function isPresent(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** A trimmed string, or undefined when the value is not a non-blank string */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') {
    const t = value.trim();
    return t === '' ? undefined : t;
  }
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Indexed path of an element of a repeated group: `invoice.lines` + 2 → `invoice.lines[2]` */
export function at(base: string, index: number): string {
  return `${base}[${index}]`;
}

/**
 * The presence test of the official XML rules that use `exists(x)` (an empty element counts),
 * and the stricter "has text" test for JSON input, where an empty string means nothing was given.
 */
export function given(value: unknown, syntax: 'CII' | 'UBL' | undefined): boolean {
  return syntax ? isPresent(value) : hasText(value);
}

/**
 * On XML input, which dates of the period at `path` the reader found without their date string
 * (kept as ''), as opposed to a date string it saw but could not read (an empty one): see
 * periodInverted. Undefined for JSON.
 */
export function missingDates(
  context: { source?: { unreadable(path: string): boolean } | undefined },
  path: string,
): { start: boolean; end: boolean } | undefined {
  const source = context.source;
  if (!source) return undefined;
  return { start: !source.unreadable(`${path}.startDate`), end: !source.unreadable(`${path}.endDate`) };
}

/**
 * BR-29 / BR-30: true when a period ends before it starts. CII compares the two date strings as
 * they are, so a present but empty end date (an element with no text) fails there; UBL and JSON
 * only compare two real dates. `missing` (XML read by readCii): which of the two '' stand for a
 * StartDateTime / EndDateTime without its DateTimeString — an empty sequence for the official
 * comparison, which then fails whichever side it is on — rather than a DateTimeString written
 * empty, which the official test compares as the string ''.
 */
export function periodInverted(
  start: unknown,
  end: unknown,
  syntax: 'CII' | 'UBL' | undefined,
  missing?: { start: boolean; end: boolean },
): boolean {
  if (typeof start !== 'string' || typeof end !== 'string') return false;
  if (syntax === 'CII' && missing && ((start === '' && missing.start) || (end === '' && missing.end)))
    return true;
  if (syntax === 'CII') return !(end >= start);
  return start !== '' && end !== '' && end < start;
}
