/** Text ⇄ value conversions shared by the reader and the writer. */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const NOTE_SUBJECT = /^#([A-Za-z0-9]{1,3})#([\s\S]*)$/;

/**
 * From @einv/core-model, shared with the CII reader: `parseDecimal`, an xs:decimal lexical form
 * (after trimming) → number, undefined when it is not one (one scan, decision 0287; the pattern then
 * Number() before); `plainNumberValue`, a number written plainly → its value
 */
export { decimalValue as parseDecimal, plainNumberValue } from '@einv/core-model';

export function isIsoDate(text: string): boolean {
  return ISO_DATE.test(text);
}

/** A number in plain decimal notation (never exponent), undefined for NaN/Infinity */
export function plainDecimal(n: number): string | undefined {
  if (!Number.isFinite(n)) return undefined;
  const s = String(n === 0 ? 0 : n);
  if (!/e/i.test(s)) return s;
  if (Math.abs(n) >= 1) return BigInt(Math.round(n)).toString();
  return n.toFixed(20).replace(/0+$/, '');
}

/** Amounts: at least two decimals, more when the value has more (unit prices may) */
export function formatAmount(n: number): string | undefined {
  const s = plainDecimal(n);
  if (s === undefined) return undefined;
  const dot = s.indexOf('.');
  if (dot < 0) return `${s}.00`;
  const decimals = s.length - dot - 1;
  return decimals >= 2 ? s : `${s}0`;
}

/** BG-1 note: `#AAI#text` carries the subject code BT-21 */
export function parseNote(text: string): { subjectCode?: string; text: string } {
  const m = NOTE_SUBJECT.exec(text);
  if (m?.[1] !== undefined && m[2] !== undefined) return { subjectCode: m[1], text: m[2] };
  return { text };
}

export function formatNote(note: { subjectCode?: unknown; text?: unknown }): string {
  const text = typeof note.text === 'string' ? note.text : '';
  return typeof note.subjectCode === 'string' && note.subjectCode !== ''
    ? `#${note.subjectCode}#${text}`
    : text;
}
