/**
 * What a calculation or consistency rule computed, carried by its findings as `found`, `expected`
 * and, where the rule has a formula, `derivation` (decision 0130). A rule reports the numbers it
 * used (`Computed`); this module turns them into the reader's language once, so no rule and no page
 * builds these strings itself:
 *   BT-112 = BT-109 + BT-110 = 1 267,50 + 113,21 = 1 380,71 ; la facture indique 999,99
 */
import type { Lang } from './define.js';

/** An operand of a derivation: a business term's value, a sum over a repeated term, or a constant */
export interface Operand {
  /** How it joins the previous operand; omitted for the first one */
  op?: '+' | '−' | '×' | '÷';
  /** BT-x it stands for; omitted for a constant such as the 100 of a percentage */
  term?: string;
  /** The value used, as a decimal string ("1267.5", "20") */
  value: string;
  /** Set when the value is the sum of this many occurrences of `term` (shown as Σ BT-131) */
  count?: number;
  /** A rate or a count rather than an amount: shown without padding to two decimals */
  plain?: boolean;
}

export interface Computed {
  /** The value the rule expected, as a decimal string */
  expected: string;
  /** The term `expected` is the value of and its formula, when the rule has one */
  formula?: { term: string; operands: readonly Operand[] };
}

/** Decimal string of a decimal.js value or number, without exponent or trailing noise */
export function decimalString(value: { toFixed(): string } | number): string {
  return typeof value === 'number' ? String(value) : value.toFixed();
}

const NARROW_NBSP = '\u202f';

/**
 * A decimal string for a reader: thousands grouped, the digits as given (never re-rounded).
 * French: narrow no-break space and decimal comma ("1 267,50"); English: "1,267.50".
 * Anything that is not a plain decimal is returned as it is.
 */
export function formatDecimal(value: string, lang: Lang, minFraction = 0): string {
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return value;
  const [, sign, int = ''] = m;
  const given = m[3] ?? '';
  const frac = given.length < minFraction ? given.padEnd(minFraction, '0') : given || undefined;
  const group = lang === 'fr' ? NARROW_NBSP : ',';
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const minus = sign === '-' ? '−' : '';
  return `${minus}${grouped}${frac !== undefined ? (lang === 'fr' ? ',' : '.') + frac : ''}`;
}

const SAYS = {
  en: (found: string) => `; the invoice says ${found}`,
  fr: (found: string) => `${NARROW_NBSP}; la facture indique ${found}`,
};
const ABSENT = { en: '; the invoice gives none', fr: `${NARROW_NBSP}; la facture n’en indique pas` };
const SUM_OF = { en: (n: number) => `sum of ${n}`, fr: (n: number) => `somme de ${n}` };

function termSide(op: Operand): string {
  const name = op.term ?? op.value;
  return op.count !== undefined && op.term ? `Σ ${name}` : name;
}

/** Amounts are shown with two decimals at least, as invoices write them (1 267,50, not 1 267,5) */
const amount = (value: string, lang: Lang) => formatDecimal(value, lang, 2);

function valueSide(op: Operand, lang: Lang): string {
  const v = op.plain || !op.term ? formatDecimal(op.value, lang) : amount(op.value, lang);
  return op.count !== undefined && op.count > 1 ? `${v} (${SUM_OF[lang](op.count)})` : v;
}

/** The derivation sentence of a finding, in `lang`; undefined when the rule gave no formula */
export function derivationText(
  computed: Computed,
  found: string | undefined,
  lang: Lang,
): string | undefined {
  const formula = computed.formula;
  if (!formula || formula.operands.length === 0) return undefined;
  const join = (side: (op: Operand) => string) =>
    formula.operands.map((op, i) => (i === 0 || !op.op ? side(op) : `${op.op} ${side(op)}`)).join(' ');
  const terms = join(termSide);
  const values = join((op) => valueSide(op, lang));
  const expected = amount(computed.expected, lang);
  const tail = found === undefined ? ABSENT[lang] : SAYS[lang](amount(found, lang));
  return `${formula.term} = ${terms} = ${values} = ${expected}${tail}`;
}

/** The `found` member of a finding: the offending value as written, when it is a plain value */
export function foundOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return value;
  return undefined;
}
