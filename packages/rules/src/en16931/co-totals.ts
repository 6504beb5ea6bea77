/**
 * EN 16931 calculation rules BR-CO-10…17, in exact decimals (decimal.js) with the rounding of the
 * official XPath tests: `round(x * 100) div 100`, XPath round = half towards +∞, then exact
 * equality. Where the CII and UBL tests differ, each syntax gets its own (JSON takes CII's):
 * - BR-CO-13 without allowances nor charges: CII rounds BT-106, UBL compares it as is;
 * - BR-CO-14: CII checks a total VAT when one is given, UBL whenever there is a VAT breakdown;
 * - BR-CO-15: CII also accepts BT-112 = BT-109; UBL requires exactly one BT-110;
 * - BR-CO-16: CII compares exactly, UBL rounds both sides;
 * - BR-CO-17: tolerance of one currency unit, inclusive in CII, strict in UBL (1.3.16 tests).
 */
import type { AllowanceCharge, Invoice, Line, VatBreakdown } from '@einv/core-model';
import { type Computed, operand, sumComputed } from '../computed.js';
import type { Report, RuleContext, RuleDefinition } from '../define.js';
import * as micro from '../util/micro.js';
import { type Dec, dec, round0, round2, sum, ZERO } from '../util/money.js';
import { eachObject, en16931Rule, listOf } from '../util/rule.js';
import { isObject, isPresent, list } from '../util/values.js';
import { totalsContext } from './core-document.js';

const F = 'co';

/** A sum over a repeated term and how many values it added (for the finding's derivation) */
interface Summed {
  total: Dec;
  count: number;
}

function sumAmounts(items: unknown): Summed {
  let total = ZERO;
  let count = 0;
  for (const item of list(items as readonly AllowanceCharge[] | undefined)) {
    if (!isObject(item)) continue;
    const d = dec(item.amount);
    if (d) {
      total = total.plus(d);
      count++;
    }
  }
  return { total, count };
}

function sumLineNet(inv: Invoice): Summed {
  let total = ZERO;
  let count = 0;
  eachObject<Line>(inv.lines, (line) => {
    const d = dec(line.netAmount);
    if (d) {
      total = total.plus(d);
      count++;
    }
  });
  return { total, count };
}

function sumBreakdownTax(inv: Invoice): Summed {
  let total = ZERO;
  let count = 0;
  eachObject<VatBreakdown>(inv.vatBreakdown, (b) => {
    const d = dec(b.taxAmount);
    if (d) {
      total = total.plus(d);
      count++;
    }
  });
  return { total, count };
}

/** BR-CO-11 / BR-CO-12: the document sum equals the rounded sum of the amounts, or both are absent */
/**
 * UBL BR-CO-14 on the source nodes: every cac:TaxTotal with subtotals has a TaxAmount equal to
 * round(sum of its subtotals' TaxAmount × 100) ÷ 100. False when the reader collected no nodes.
 */
function taxTotalsAgainstSubtotals(ctx: RuleContext, report: Report): boolean {
  const source = ctx.source;
  const totals = source?.values('BR-CO-14');
  const subtotals = source?.values('BR-CO-14/subtotal');
  if (!source || !totals || !subtotals) return false;
  for (const total of totals) {
    const own = subtotals.filter((s) => s.group !== undefined && s.group === total.group);
    if (own.length === 0) continue;
    if (subtotalsHold(total.value, own)) continue;
    const amount = dec(total.value);
    const subtotal = sum(own.map((s) => dec(s.value)));
    const expected = round2(subtotal);
    if (!amount?.eq(expected)) {
      const path = source.pathAt(total.xpath);
      report(path === 'invoice' ? 'invoice.totals.vatTotal' : path, {
        value: total.value,
        xpath: total.xpath,
        line: total.line,
        computed: sumComputed('BT-110', 'BT-117', { total: subtotal, count: own.length }, expected),
      });
    }
  }
  return true;
}

/** The fast path of taxTotalsAgainstSubtotals for one total: true when it surely holds */
function subtotalsHold(value: string | undefined, own: readonly { value?: string | undefined }[]): boolean {
  const amount = micro.microOf(value);
  if (typeof amount !== 'number') return false;
  let total = 0;
  for (const s of own) {
    const m = micro.microOf(s.value);
    if (m === undefined) return false;
    if (m === null) continue;
    const next = micro.add(total, m);
    if (next === undefined) return false;
    total = next;
  }
  return amount === micro.round2(total);
}

/** The fast path of the sum rules (BR-CO-10…12, 14): true when `given` surely equals round2(sum of `field`) */
function sumHolds(given: unknown, items: unknown, field: string): boolean {
  const g = micro.microOf(given);
  if (typeof g !== 'number') return false;
  const summed = micro.sumOf(items, field);
  return summed !== undefined && g === micro.round2(summed.total);
}

/** m1 ± m2 … exactly, or undefined (each term a micro value, null counting as 0) */
function combine(...terms: (number | null)[]): number | undefined {
  let total = 0;
  for (const t of terms) {
    if (t === null) continue;
    const next = micro.add(total, t);
    if (next === undefined) return undefined;
    total = next;
  }
  return total;
}

type Totals = NonNullable<Invoice['totals']>;

/** The fast path of BR-CO-13: true when BT-109 surely equals BT-106 − BT-107 + BT-108 as the test reads it */
function taxExclusiveHolds(t: Totals, aGiven: boolean, cGiven: boolean, ubl: boolean): boolean {
  const te = micro.microOf(t.taxExclusiveAmount);
  const le = micro.microOf(t.lineNetTotal);
  const a = micro.microOf(t.allowanceTotal);
  const c = micro.microOf(t.chargeTotal);
  if (typeof te !== 'number' || typeof le !== 'number' || a === undefined || c === undefined) return false;
  if ((aGiven && a === null) || (cGiven && c === null)) return false;
  if (ubl && !aGiven && !cGiven) return te === le;
  const raw = combine(le, a === null ? null : -a, c);
  return raw !== undefined && te === micro.round2(raw);
}

/** The fast path of BR-CO-15: true when BT-112 surely equals BT-109 + BT-110 as the test reads it */
function taxInclusiveHolds(t: Partial<Totals>, ubl: boolean): boolean {
  const gt = micro.microOf(t.taxInclusiveAmount);
  const te = micro.microOf(t.taxExclusiveAmount);
  const vt = micro.microOf(t.vatTotal);
  if (typeof gt !== 'number' || typeof te !== 'number' || vt === undefined) return false;
  const single = !(typeof t.vatTotalCount === 'number' && t.vatTotalCount > 1);
  const sum = vt === null ? undefined : combine(te, vt);
  if (single && sum !== undefined && gt === micro.round2(sum)) return true;
  return !ubl && gt === te;
}

/** The fast path of BR-CO-16: true when BT-115 surely equals BT-112 − BT-113 + BT-114 as the test reads it */
function amountDueHolds(t: Totals, ppGiven: boolean, rdGiven: boolean, ubl: boolean): boolean {
  const due = micro.microOf(t.amountDue);
  const gt = micro.microOf(t.taxInclusiveAmount);
  const pp = micro.microOf(t.prepaidAmount);
  const rd = micro.microOf(t.roundingAmount);
  if (typeof due !== 'number' || typeof gt !== 'number' || pp === undefined || rd === undefined) return false;
  if ((ppGiven && pp === null) || (rdGiven && rd === null)) return false;
  if (ubl) {
    const left = rd === null ? due : combine(due, -rd);
    const right = pp === null ? gt : combine(gt, -pp);
    if (left === undefined || right === undefined) return false;
    return (rd === null ? left : micro.round2(left)) === (pp === null ? right : micro.round2(right));
  }
  return due === combine(gt, pp === null ? null : -pp, rd);
}

/** The fast path of BR-CO-17 for one breakdown: true when its VAT surely matches base × rate */
function breakdownVatHolds(b: VatBreakdown, strict: boolean): boolean {
  const rate = b.taxScheme === undefined ? micro.microOf(b.rate) : null;
  const tax = micro.microOf(b.taxAmount);
  const base = micro.microOf(b.taxableAmount);
  if (rate === undefined || tax === undefined || base === undefined) return false;
  if (rate === null || micro.round0(rate) === 0) return tax !== null && micro.round0(tax) === 0;
  if (tax === null || base === null) return false;
  const expected = micro.vatOf(base, rate);
  if (expected === undefined) return false;
  const gap = Math.abs(Math.abs(tax) - expected);
  return strict ? gap < 1e6 : gap <= 1e6;
}

function sumRule(
  id: string,
  kind: 'allowances' | 'charges',
  field: 'allowanceTotal' | 'chargeTotal',
  terms: string[],
  en: string,
  fr: string,
) {
  return en16931Rule(
    id,
    F,
    terms,
    [
      `The sum of document ${en} (${terms[0]}) does not equal the total of the document ${en} amounts (${terms[1]}).`,
      `The totals restate the sum of every document level ${en.slice(0, -1)}, rounded to two decimals; when there is none, the sum is left out.`,
      `Set ${terms[0]} to the sum of the ${en} amounts (einv computes it when the invoice is completed).`,
    ],
    [
      `Le total des ${fr} du document (${terms[0]}) ne correspond pas à la somme des montants des ${fr} (${terms[1]}).`,
      `Les totaux reprennent la somme de toutes les ${fr} de niveau document, arrondie à deux décimales ; s'il n'y en a aucune, ce total est omis.`,
      `Mettez ${terms[0]} à la somme des montants des ${fr} (einv le calcule lors de la complétion).`,
    ],
    (inv, report, ctx) => {
      const t = totalsContext(inv, ctx);
      if (!t) return;
      const given = t[field];
      const any = list(inv[kind]).length > 0;
      if (!isPresent(given) && !any) return;
      if (sumHolds(given, inv[kind], 'amount')) return;
      const d = dec(given);
      const summed = sumAmounts(inv[kind]);
      const expected = round2(summed.total);
      if (!d?.eq(expected))
        report(`invoice.totals.${field}`, {
          value: given,
          computed: sumComputed(terms[0] ?? '', terms[1] ?? '', summed, expected),
        });
    },
  );
}

export const coTotalRules: RuleDefinition[] = [
  en16931Rule(
    'BR-CO-10',
    F,
    ['BT-106', 'BT-131'],
    [
      'The sum of line net amounts (BT-106) does not equal the total of the invoice lines’ net amounts (BT-131).',
      'BT-106 restates the sum of every line net amount, rounded to two decimals.',
      'Set BT-106 to the sum of the line net amounts (einv computes it when the invoice is completed).',
    ],
    [
      'Le total des montants nets de ligne (BT-106) ne correspond pas à la somme des montants nets des lignes (BT-131).',
      'BT-106 reprend la somme de tous les montants nets de ligne, arrondie à deux décimales.',
      'Mettez BT-106 à la somme des montants nets des lignes (einv le calcule lors de la complétion).',
    ],
    (inv, report, ctx) => {
      const t = totalsContext(inv, ctx);
      if (!t) return;
      if (sumHolds(t.lineNetTotal, inv.lines, 'netAmount')) return;
      const d = dec(t.lineNetTotal);
      const summed = sumLineNet(inv);
      const expected = round2(summed.total);
      if (!d?.eq(expected))
        report('invoice.totals.lineNetTotal', {
          value: t.lineNetTotal,
          computed: sumComputed('BT-106', 'BT-131', summed, expected),
        });
    },
  ),
  sumRule('BR-CO-11', 'allowances', 'allowanceTotal', ['BT-107', 'BT-92'], 'allowances', 'remises'),
  sumRule('BR-CO-12', 'charges', 'chargeTotal', ['BT-108', 'BT-99'], 'charges', 'charges'),
  en16931Rule(
    'BR-CO-13',
    F,
    ['BT-109', 'BT-106', 'BT-107', 'BT-108'],
    [
      'The total without VAT (BT-109) does not equal the sum of line net amounts (BT-106) minus allowances (BT-107) plus charges (BT-108).',
      'The total without VAT is derived from the other totals: line net amounts, less document allowances, plus document charges.',
      'Recompute BT-109 as BT-106 − BT-107 + BT-108.',
    ],
    [
      'Le total hors TVA (BT-109) ne vaut pas le total des lignes (BT-106) moins les remises (BT-107) plus les charges (BT-108).',
      'Le total hors TVA se déduit des autres totaux : montants nets des lignes, moins remises de document, plus charges de document.',
      'Recalculez BT-109 = BT-106 − BT-107 + BT-108.',
    ],
    (inv, report, ctx) => {
      const t = totalsContext(inv, ctx);
      if (!t) return;
      const aGiven = isPresent(t.allowanceTotal);
      const cGiven = isPresent(t.chargeTotal);
      if (taxExclusiveHolds(t, aGiven, cGiven, ctx.syntax === 'UBL')) return;
      const te = dec(t.taxExclusiveAmount);
      const le = dec(t.lineNetTotal);
      const a = dec(t.allowanceTotal);
      const c = dec(t.chargeTotal);
      let ok = false;
      if (te && le && (!aGiven || a) && (!cGiven || c)) {
        const raw = le.minus(a ?? ZERO).plus(c ?? ZERO);
        ok = ctx.syntax === 'UBL' && !aGiven && !cGiven ? te.eq(le) : te.eq(round2(raw));
      }
      if (!ok) {
        const expected = round2((le ?? ZERO).minus(a ?? ZERO).plus(c ?? ZERO));
        report('invoice.totals.taxExclusiveAmount', {
          value: t.taxExclusiveAmount,
          computed: {
            expected: expected.toFixed(),
            formula: {
              term: 'BT-109',
              operands: [operand('BT-106', le), operand('BT-107', a, '−'), operand('BT-108', c, '+')],
            },
          },
        });
      }
    },
  ),
  en16931Rule(
    'BR-CO-14',
    F,
    ['BT-110', 'BT-117'],
    [
      'The invoice total VAT (BT-110) does not equal the sum of the VAT amounts of the breakdown (BT-117).',
      'The total VAT is the sum of the VAT of every category and rate of the VAT breakdown.',
      'Set BT-110 to the sum of the breakdown VAT amounts.',
    ],
    [
      'Le total de TVA (BT-110) ne correspond pas à la somme des montants de TVA de la ventilation (BT-117).',
      'Le total de TVA est la somme de la TVA de chaque catégorie et taux de la ventilation.',
      'Mettez BT-110 à la somme des montants de TVA de la ventilation.',
    ],
    (inv, report, ctx) => {
      // UBL XML: each cac:TaxTotal against its own subtotals, as the official test reads it
      if (ctx.syntax === 'UBL' && taxTotalsAgainstSubtotals(ctx, report)) return;
      const vt = isObject(inv.totals) ? inv.totals.vatTotal : undefined;
      const hasBreakdown = list(inv.vatBreakdown).length > 0;
      const applies = ctx.syntax === 'UBL' ? hasBreakdown : isPresent(vt) || (!ctx.syntax && hasBreakdown);
      if (!applies) return;
      if (sumHolds(vt, inv.vatBreakdown, 'taxAmount')) return;
      const d = dec(vt);
      const summed = sumBreakdownTax(inv);
      const expected = round2(summed.total);
      if (!d?.eq(expected))
        report('invoice.totals.vatTotal', {
          value: vt,
          computed: sumComputed('BT-110', 'BT-117', summed, expected),
        });
    },
  ),
  en16931Rule(
    'BR-CO-15',
    F,
    ['BT-112', 'BT-109', 'BT-110'],
    [
      'The total with VAT (BT-112) does not equal the total without VAT (BT-109) plus the total VAT (BT-110).',
      'The total with VAT is the total without VAT plus the VAT, rounded to two decimals.',
      'Recompute BT-112 = BT-109 + BT-110.',
    ],
    [
      'Le total TTC (BT-112) ne vaut pas le total hors TVA (BT-109) plus le total de TVA (BT-110).',
      'Le total TTC est le total hors TVA augmenté de la TVA, arrondi à deux décimales.',
      'Recalculez BT-112 = BT-109 + BT-110.',
    ],
    (inv, report, ctx) => {
      // a blank currency still runs the official test (every $Currency in the element: TaxTotalAmount
      // [@currencyID = ''] is never found, so BT-110 is missing); only an absent currency skips it
      if (typeof inv.currency !== 'string') return;
      const t = isObject(inv.totals) ? inv.totals : {};
      if (taxInclusiveHolds(t, ctx.syntax === 'UBL')) return;
      const gt = dec(t.taxInclusiveAmount);
      const te = dec(t.taxExclusiveAmount);
      const vt = dec(t.vatTotal);
      // Exactly one BT-110 is expected; readers record vatTotalCount when the source held several
      const single = !(typeof t.vatTotalCount === 'number' && t.vatTotalCount > 1);
      let ok = !!(single && gt && te && vt && gt.eq(round2(te.plus(vt))));
      // CII also accepts a total with VAT equal to the total without VAT (no VAT total given)
      if (!ok && ctx.syntax !== 'UBL' && gt && te && gt.eq(te)) ok = true;
      if (!ok) {
        report('invoice.totals.taxInclusiveAmount', {
          value: t.taxInclusiveAmount,
          computed: {
            expected: round2((te ?? ZERO).plus(vt ?? ZERO)).toFixed(),
            formula: { term: 'BT-112', operands: [operand('BT-109', te), operand('BT-110', vt, '+')] },
          },
        });
      }
    },
  ),
  en16931Rule(
    'BR-CO-16',
    F,
    ['BT-115', 'BT-112', 'BT-113', 'BT-114'],
    [
      'The amount due (BT-115) does not equal the total with VAT (BT-112) minus the paid amount (BT-113) plus the rounding amount (BT-114).',
      'The amount due is what remains to pay: total with VAT, less what was already paid, plus any rounding.',
      'Recompute BT-115 = BT-112 − BT-113 + BT-114.',
    ],
    [
      'Le montant à payer (BT-115) ne vaut pas le total TTC (BT-112) moins le montant déjà payé (BT-113) plus l’arrondi (BT-114).',
      "Le montant à payer est ce qu'il reste à régler : total TTC, moins ce qui a déjà été payé, plus un éventuel arrondi.",
      'Recalculez BT-115 = BT-112 − BT-113 + BT-114.',
    ],
    (inv, report, ctx) => {
      const t = totalsContext(inv, ctx);
      if (!t) return;
      const ppGiven = isPresent(t.prepaidAmount);
      const rdGiven = isPresent(t.roundingAmount);
      if (amountDueHolds(t, ppGiven, rdGiven, ctx.syntax === 'UBL')) return;
      const due = dec(t.amountDue);
      const gt = dec(t.taxInclusiveAmount);
      const pp = dec(t.prepaidAmount);
      const rd = dec(t.roundingAmount);
      let ok = false;
      if (due && gt && (!ppGiven || pp) && (!rdGiven || rd)) {
        if (ctx.syntax === 'UBL') {
          const left = rd ? round2(due.minus(rd)) : due;
          const right = pp ? round2(gt.minus(pp)) : gt;
          ok = left.eq(right);
        } else {
          ok = due.eq(gt.minus(pp ?? ZERO).plus(rd ?? ZERO));
        }
      }
      if (!ok) {
        const expected = (gt ?? ZERO).minus(pp ?? ZERO).plus(rd ?? ZERO);
        report('invoice.totals.amountDue', {
          value: t.amountDue,
          computed: {
            expected: (ctx.syntax === 'UBL' ? round2(expected) : expected).toFixed(),
            formula: {
              term: 'BT-115',
              operands: [operand('BT-112', gt), operand('BT-113', pp, '−'), operand('BT-114', rd, '+')],
            },
          },
        });
      }
    },
  ),
  en16931Rule(
    'BR-CO-17',
    F,
    ['BT-117', 'BT-116', 'BT-119'],
    [
      'A VAT breakdown’s VAT amount (BT-117) does not match its taxable amount (BT-116) × rate (BT-119).',
      'The VAT of each breakdown is its taxable amount times its rate, rounded to two decimals; the official test allows one currency unit of difference. A zero rate means zero VAT.',
      'Recompute the VAT amount of the breakdown from its base and rate.',
    ],
    [
      'Le montant de TVA d’une ventilation (BT-117) ne correspond pas à sa base (BT-116) × taux (BT-119).',
      "La TVA de chaque ventilation vaut sa base multipliée par son taux, arrondie à deux décimales ; le test officiel tolère une unité monétaire d'écart. Un taux nul implique une TVA nulle.",
      'Recalculez le montant de TVA de la ventilation à partir de sa base et de son taux.',
    ],
    (inv, report, ctx) => {
      const strict = ctx.syntax === 'UBL';
      const entries = listOf(inv.vatBreakdown);
      for (let k = 0; k < entries.length; k++) {
        const b = entries[k] as VatBreakdown;
        if (!isObject(b)) continue;
        if (breakdownVatHolds(b, strict)) continue;
        // a rate of another tax scheme (taxScheme set by the reader) is no VAT rate for the official test
        const rate = b.taxScheme === undefined ? dec(b.rate) : undefined;
        const tax = dec(b.taxAmount);
        let ok = false;
        const base = dec(b.taxableAmount);
        const zeroRate = !rate || round0(rate).isZero();
        const expected = zeroRate ? ZERO : round2((base ?? ZERO).abs().times(rate).div(100));
        if (zeroRate) {
          ok = !!tax && round0(tax).isZero();
        } else if (tax && base) {
          const t = tax.abs();
          ok = strict
            ? t.minus(1).lt(expected) && t.plus(1).gt(expected)
            : t.minus(1).lte(expected) && t.plus(1).gte(expected);
        }
        if (!ok) {
          const computed: Computed = zeroRate
            ? { expected: '0' }
            : {
                expected: expected.toFixed(),
                formula: {
                  term: 'BT-117',
                  operands: [
                    operand('BT-116', base?.abs()),
                    { ...operand('BT-119', rate, '×'), plain: true },
                    { op: '÷', value: '100' },
                  ],
                },
              };
          report(`invoice.vatBreakdown[${k}].taxAmount`, { value: b.taxAmount, computed });
        }
      }
    },
  ),
];
