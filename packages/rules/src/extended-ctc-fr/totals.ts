/**
 * BR-FREXT-CO-10…15: the EN 16931 total checks as EXTENDED-CTC-FR rewrites them. Two differences
 * from BR-CO-10…15, both from the official tests:
 * - only counted lines are summed (sub-type DETAIL or none: counted-lines.ts);
 * - equality becomes a tolerance of 0.01 per summed item: |given − computed| ≤ 0.01 × n, where n
 *   is the number of items summed (CII BR-FREXT-CO-10 counts every line, UBL the counted ones).
 * Sums are rounded as the official XPath does (round(x × 100) div 100, half towards +∞).
 */
import type { AllowanceCharge, Invoice, Line } from '@einv/core-model';
import { operand, sumComputed } from '../computed.js';
import type { RuleContext, RuleDefinition } from '../define.js';
import { type Dec, dec, round2, ZERO } from '../util/money.js';
import { eachObject, en16931Rule, type Texts } from '../util/rule.js';
import { isCountedLine } from './counted-lines.js';

function sumOf(values: readonly unknown[]): Dec {
  let total = ZERO;
  for (const v of values) {
    const d = dec(v);
    if (d) total = total.plus(d);
  }
  return total;
}

const amounts = (items: unknown): unknown[] => {
  const out: unknown[] = [];
  eachObject<AllowanceCharge>(items, (ac) => out.push(ac.amount));
  return out;
};

function countedNet(inv: Invoice): { sum: Dec; counted: number; all: number } {
  const values: unknown[] = [];
  let all = 0;
  eachObject<Line>(inv.lines, (line) => {
    all++;
    if (isCountedLine(line)) values.push(line.netAmount);
  });
  return { sum: round2(sumOf(values)), counted: values.length, all };
}

/** |a − b| ≤ 0.01 × n; false when a is missing (the official `for` over an empty value fails) */
function within(given: unknown, computed: Dec, n: number): boolean {
  return (
    dec(given)
      ?.minus(computed)
      .abs()
      .lte(0.01 * n) ?? false
  );
}

function frext(
  id: string,
  terms: string[],
  en: Texts,
  fr: Texts,
  check: RuleDefinition['check'],
): RuleDefinition {
  return { ...en16931Rule(id, 'FREXT', terms, en, fr, check), ruleSet: 'EXTENDED-CTC-FR' };
}

const isCii = (ctx: RuleContext) => ctx.syntax !== 'UBL';
const TOLERANCE_EN =
  'EXTENDED-CTC-FR sums only the lines of sub-type DETAIL or none, and allows 0.01 per summed item.';
const TOLERANCE_FR =
  'L’EXTENDED-CTC-FR ne somme que les lignes de sous-type DETAIL ou absent, avec une tolérance de 0,01 par élément sommé.';

export const totalRules: RuleDefinition[] = [
  frext(
    'BR-FREXT-CO-10',
    ['BT-106', 'BT-131'],
    [
      'The sum of line net amounts (BT-106) differs from the sum of the counted lines’ net amounts (BT-131) by more than the tolerance.',
      `BT-106 restates the sum of the line net amounts. ${TOLERANCE_EN}`,
      'Set BT-106 to the sum of the net amounts of the DETAIL lines and the lines without sub-type.',
    ],
    [
      'Le total des montants nets de ligne (BT-106) s’écarte de la somme des montants nets (BT-131) des lignes comptées au-delà de la tolérance.',
      `BT-106 reprend la somme des montants nets de ligne. ${TOLERANCE_FR}`,
      'Mettez BT-106 à la somme des montants nets des lignes DETAIL et des lignes sans sous-type.',
    ],
    (inv, report, ctx) => {
      const t = inv.totals;
      const lines = countedNet(inv);
      const n = isCii(ctx) ? lines.all : lines.counted;
      if (!within(t?.lineNetTotal, lines.sum, n))
        report('invoice.totals.lineNetTotal', {
          value: t?.lineNetTotal,
          computed: sumComputed('BT-106', 'BT-131', { total: lines.sum, count: lines.counted }, lines.sum),
        });
    },
  ),
  ...(['allowances', 'charges'] as const).map((kind) => {
    const allowances = kind === 'allowances';
    const field = allowances ? 'allowanceTotal' : 'chargeTotal';
    const bt = allowances ? 'BT-107' : 'BT-108';
    return frext(
      allowances ? 'BR-FREXT-CO-11' : 'BR-FREXT-CO-12',
      [bt, allowances ? 'BT-92' : 'BT-99'],
      [
        `The sum of document ${kind} (${bt}) differs from the ${kind}’ amounts by more than the tolerance.`,
        `${bt} restates the sum of the document-level ${kind}; EXTENDED-CTC-FR allows 0.01 per item.`,
        `Set ${bt} to the sum of the document-level ${kind}, or leave both out.`,
      ],
      [
        `La somme des ${allowances ? 'remises' : 'charges'} de document (${bt}) s’écarte de leurs montants au-delà de la tolérance.`,
        `${bt} reprend la somme des ${allowances ? 'remises' : 'charges'} au niveau du document ; l’EXTENDED-CTC-FR tolère 0,01 par élément.`,
        `Mettez ${bt} à la somme des ${allowances ? 'remises' : 'charges'} du document, ou omettez les deux.`,
      ],
      (inv, report) => {
        const items = amounts(inv[kind]);
        const given = inv.totals?.[field];
        if (items.length === 0 && given === undefined) return;
        const total = sumOf(items);
        if (!within(given, round2(total), items.length))
          report(`invoice.totals.${field}`, {
            value: given,
            computed: sumComputed(
              bt,
              allowances ? 'BT-92' : 'BT-99',
              { total, count: items.length },
              round2(total),
            ),
          });
      },
    );
  }),
  frext(
    'BR-FREXT-CO-13',
    ['BT-109', 'BT-131', 'BT-92', 'BT-99'],
    [
      'The total without VAT (BT-109) differs from the counted lines’ net amounts minus allowances plus charges by more than the tolerance.',
      `The total without VAT is the line net amounts, less document allowances, plus document charges. ${TOLERANCE_EN}`,
      'Set BT-109 to the counted lines’ net amounts minus the document allowances plus the document charges.',
    ],
    [
      'Le total hors TVA (BT-109) s’écarte des montants nets des lignes comptées, moins les remises, plus les charges, au-delà de la tolérance.',
      `Le total hors TVA vaut les montants nets de ligne, moins les remises de document, plus les charges de document. ${TOLERANCE_FR}`,
      'Mettez BT-109 aux montants nets des lignes comptées, moins les remises, plus les charges du document.',
    ],
    (inv, report) => {
      const lines = countedNet(inv);
      const allowances = amounts(inv.allowances);
      const charges = amounts(inv.charges);
      const allowed = round2(sumOf(allowances));
      const charged = round2(sumOf(charges));
      const expected = lines.sum.minus(allowed).plus(charged);
      const n = lines.counted + allowances.length + charges.length;
      const given = inv.totals?.taxExclusiveAmount;
      if (!within(given, expected, n))
        report('invoice.totals.taxExclusiveAmount', {
          value: given,
          computed: {
            expected: expected.toFixed(),
            formula: {
              term: 'BT-109',
              operands: [
                { ...operand('BT-131', lines.sum), count: lines.counted },
                { ...operand('BT-92', allowed, '−'), count: allowances.length },
                { ...operand('BT-99', charged, '+'), count: charges.length },
              ],
            },
          },
        });
    },
  ),
  frext(
    'BR-FREXT-CO-15',
    ['BT-112', 'BT-109', 'BT-110'],
    [
      'The total with VAT (BT-112) differs from the total without VAT (BT-109) plus the VAT total (BT-110) by more than the tolerance.',
      `The total with VAT is the total without VAT plus the VAT. ${TOLERANCE_EN}`,
      'Set BT-112 to BT-109 plus BT-110.',
    ],
    [
      'Le total TTC (BT-112) s’écarte du total hors TVA (BT-109) plus le total de TVA (BT-110) au-delà de la tolérance.',
      `Le total TTC vaut le total hors TVA plus la TVA. ${TOLERANCE_FR}`,
      'Mettez BT-112 à BT-109 plus BT-110.',
    ],
    (inv, report, ctx) => {
      const t = inv.totals;
      const vat = dec(t?.vatTotal);
      const count = t?.vatTotalCount ?? (vat !== undefined ? 1 : 0);
      const lines = countedNet(inv);
      const n = lines.counted + amounts(inv.allowances).length + amounts(inv.charges).length;
      const excl = dec(t?.taxExclusiveAmount);
      const incl = t?.taxInclusiveAmount;
      if (isCii(ctx)) {
        if (count === 1 && vat !== undefined && excl !== undefined && within(incl, excl.plus(vat), n)) return;
        const inclDec = dec(incl);
        if (count !== 1 && excl !== undefined && inclDec !== undefined && excl.eq(inclDec)) return;
      } else {
        if (vat === undefined) return;
        if (excl !== undefined && within(incl, excl.plus(vat), n)) return;
      }
      report('invoice.totals.taxInclusiveAmount', {
        value: incl,
        computed: {
          expected: (excl ?? ZERO).plus(vat ?? ZERO).toFixed(),
          formula: { term: 'BT-112', operands: [operand('BT-109', excl), operand('BT-110', vat, '+')] },
        },
      });
    },
  ),
];
