/**
 * The EN 16931 1.3.16 code lists (generated from the official artefacts, see generated.ts) and the
 * membership test the official rules use.
 */
export * from './generated.js';

/**
 * True when `value` is a code of `list`, with the official test's semantics: the value is
 * whitespace-normalised (`normalize-space`), must not contain an inner space, and must be in the
 * list exactly (codes are case-sensitive).
 */
export function isCode(list: ReadonlySet<string>, value: string): boolean {
  if (list.has(value)) return true; // the common case, without normalising
  const normalised = value.trim().replace(/\s+/g, ' ');
  return !normalised.includes(' ') && list.has(normalised);
}
