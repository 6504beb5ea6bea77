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
  /** A sum of `term` over a repeated group whose count is not known (an official test's sum): Σ BT-131 */
  sum?: boolean;
  /** A rate or a count rather than an amount: shown without padding to two decimals */
  plain?: boolean;
}

export interface Computed {
  /**
   * The value the rule expected: a decimal string for a calculation; for a consistency rule the
   * code, count or date the other terms call for ("EUR", "1", "2026-03-01")
   */
  expected: string;
  /**
   * The term `expected` is the value of and its formula, when the rule has one. `relation` `≥`
   * says `expected` is a lower bound (a due date no earlier than the issue date), not the value.
   */
  formula?: { term: string; operands: readonly Operand[]; relation?: '=' | '≥' };
  /**
   * The value as the document writes it, when that is what the rule judged rather than the
   * model's number (format rules read "10.500", the model holds 10.5)
   */
  found?: string;
  /**
   * Format rules (BR-DEC-*, BR-FR-DEC-*): what is wrong with the written number; `expected` is
   * then the number the rule would accept (rounded to the allowed decimals, without the sign)
   */
  format?: { term: string; decimals?: { given: number; allowed: number }; negative?: boolean };
}

/** Decimal string of a decimal.js value or number, without exponent or trailing noise */
export function decimalString(value: { toFixed(): string } | number): string {
  return typeof value === 'number' ? String(value) : value.toFixed();
}

/** A decimal.js value (the rules' own) or anything else that writes itself as a plain decimal */
type Decimalish = { toFixed(): string };

/** An operand of a derivation; an absent value counts as 0, as in the official tests */
export function operand(term: string, value: Decimalish | undefined, op?: Operand['op']): Operand {
  return { ...(op ? { op } : {}), term, value: value ? value.toFixed() : '0' };
}

/** `term` = Σ `of` over a repeated group: the sum, how many values it added, the expected value */
export function sumComputed(
  term: string,
  of: string,
  summed: { total: Decimalish; count: number },
  expected: Decimalish,
): Computed {
  return {
    expected: expected.toFixed(),
    formula: { term, operands: [{ term: of, value: summed.total.toFixed(), count: summed.count }] },
  };
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
const FORMAT = {
  en: {
    decimals: (given: number, allowed: number) => `${given} decimals where at most ${allowed} are allowed`,
    negative: 'negative where it must be positive',
    becomes: 'acceptable',
  },
  fr: {
    decimals: (given: number, allowed: number) => `${given} décimales pour ${allowed} au plus`,
    negative: 'négatif alors qu’il doit être positif',
    becomes: 'valeur admise',
  },
};
const SUM_OF = { en: (n: number) => `sum of ${n}`, fr: (n: number) => `somme de ${n}` };

function termSide(op: Operand): string {
  const name = op.term ?? op.value;
  return (op.count !== undefined || op.sum) && op.term ? `Σ ${name}` : name;
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
  if (computed.format) return formatText(computed.format, computed.expected, found, lang);
  const formula = computed.formula;
  if (!formula || formula.operands.length === 0) return undefined;
  const join = (side: (op: Operand) => string) =>
    formula.operands.map((op, i) => (i === 0 || !op.op ? side(op) : `${op.op} ${side(op)}`)).join(' ');
  const terms = join(termSide);
  const expected = amount(computed.expected, lang);
  // one term taken as it is (BT-113 = BT-112) needs no second line of values
  const [only, ...more] = formula.operands;
  const single = more.length === 0 && only !== undefined && only.count === undefined && !only.sum;
  const values = single ? '' : ` = ${join((op) => valueSide(op, lang))}`;
  const tail = found === undefined ? ABSENT[lang] : SAYS[lang](amount(found, lang));
  return `${formula.term} ${formula.relation ?? '='} ${terms}${values} = ${expected}${tail}`;
}

/** "BT-131 = 10,555 : 3 décimales pour 2 au plus ; valeur admise : 10,56" */
function formatText(
  format: NonNullable<Computed['format']>,
  expected: string,
  found: string | undefined,
  lang: Lang,
): string {
  const words = FORMAT[lang];
  const faults = [
    ...(format.decimals ? [words.decimals(format.decimals.given, format.decimals.allowed)] : []),
    ...(format.negative ? [words.negative] : []),
  ];
  const colon = lang === 'fr' ? `${NARROW_NBSP}:` : ':';
  const semi = lang === 'fr' ? `${NARROW_NBSP};` : ';';
  const given = found === undefined ? '' : ` = ${formatDecimal(found, lang)}`;
  return `${format.term}${given}${colon} ${faults.join(', ')}${semi} ${words.becomes}${colon} ${formatDecimal(expected, lang)}`;
}

/**
 * `found` / `expected` of a finding as the reader writes numbers, for the pages and the receipts
 * (decision 0152; the JSON keeps the raw decimals): "1 259,64" in French, "1,259.64" in English.
 * Amounts get two decimals at least, as in the derivation; whole numbers on both sides of a finding
 * with no derivation are counts (BR-FR-CO-04 expects "1" preceding invoice) and stay whole; a code or
 * a date is left as it is.
 */
export function readableValues(
  finding: { found?: string; expected?: string; derivation?: string },
  lang: Lang,
): { found?: string; expected?: string } {
  const { found, expected } = finding;
  const amount = finding.derivation !== undefined || [found, expected].some((v) => v?.includes('.'));
  const show = (v: string) => formatDecimal(v, lang, amount ? 2 : 0);
  return {
    ...(found !== undefined ? { found: show(found) } : {}),
    ...(expected !== undefined ? { expected: show(expected) } : {}),
  };
}

/** The `found` member of a finding: the offending value as written, when it is a plain value */
export function foundOf(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return value;
  return undefined;
}
