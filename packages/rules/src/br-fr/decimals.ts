/**
 * Number formats BR-FR-DEC-01..04: at most 19 digits; 2 decimals for amounts, 4 for quantities,
 * 6 for prices, 2 for VAT rates (4 digits in all, no sign). The model holds numbers, so a value
 * written "10.500" in XML is checked as 10.5 (decision 0072).
 */
import type { AllowanceCharge, Invoice } from '@einv/core-model';
import type { Report, RuleContext, RuleDefinition } from '../define.js';
import { formatComputed } from '../util/format-computed.js';
import { BIDIRECTIONAL_FRAMEWORKS, frRule, isBusinessProcess, isValidDecimal, t } from './common.js';
import { checkRateDecimals, rateComputed } from './source-nodes.js';

type Num = { path: string; value: number; bt: string };

function push(out: Num[], path: string, value: number | undefined, bt: string) {
  if (value !== undefined) out.push({ path, value, bt });
}

function allowanceAmounts(
  out: Num[],
  list: AllowanceCharge[] | undefined,
  base: string,
  bts: [string, string],
) {
  (list ?? []).forEach((a, i) => {
    push(out, `${base}[${i}].amount`, a.amount, bts[0]);
    push(out, `${base}[${i}].baseAmount`, a.baseAmount, bts[1]);
  });
}

function amounts(invoice: Invoice): Num[] {
  const out: Num[] = [];
  allowanceAmounts(out, invoice.allowances, 'invoice.allowances', ['BT-92', 'BT-93']);
  allowanceAmounts(out, invoice.charges, 'invoice.charges', ['BT-99', 'BT-100']);
  const totals = invoice.totals ?? {};
  const fields: [keyof typeof totals, string][] = [
    ['lineNetTotal', 'BT-106'],
    ['allowanceTotal', 'BT-107'],
    ['chargeTotal', 'BT-108'],
    ['taxExclusiveAmount', 'BT-109'],
    ['vatTotal', 'BT-110'],
    ['vatTotalInTaxCurrency', 'BT-111'],
    ['taxInclusiveAmount', 'BT-112'],
    ['prepaidAmount', 'BT-113'],
    ['roundingAmount', 'BT-114'],
    ['amountDue', 'BT-115'],
  ];
  for (const [field, bt] of fields) push(out, `invoice.totals.${field}`, totals[field], bt);
  (invoice.vatBreakdown ?? []).forEach((v, i) => {
    push(out, `invoice.vatBreakdown[${i}].taxableAmount`, v.taxableAmount, 'BT-116');
    push(out, `invoice.vatBreakdown[${i}].taxAmount`, v.taxAmount, 'BT-117');
  });
  (invoice.lines ?? []).forEach((l, i) => {
    push(out, `invoice.lines[${i}].netAmount`, l.netAmount, 'BT-131');
    allowanceAmounts(out, l.allowances, `invoice.lines[${i}].allowances`, ['BT-136', 'BT-137']);
    allowanceAmounts(out, l.charges, `invoice.lines[${i}].charges`, ['BT-141', 'BT-142']);
  });
  return out;
}

/**
 * Reports a number the official pattern rejects, with the number as written and the nearest one the
 * rule accepts (found / expected, decision 0139)
 */
function reportInvalid(
  n: Num,
  decimals: number,
  opts: { positive?: boolean },
  ctx: RuleContext,
  report: Report,
): void {
  const written = ctx.source?.lexical(n.path);
  if (isValidDecimal(n.value, decimals, { ...opts, written })) return;
  const computed = formatComputed(n.bt, n.value, written, decimals, opts);
  report(n.path, { value: n.value, bt: n.bt, ...(computed ? { computed } : {}) });
}

function lineNumbers(
  invoice: Invoice,
  pick: (l: NonNullable<Invoice['lines']>[number], i: number, out: Num[]) => void,
): Num[] {
  const out: Num[] = [];
  for (const [i, l] of (invoice.lines ?? []).entries()) {
    pick(l, i, out);
  }
  return out;
}

function vatRates(invoice: Invoice): Num[] {
  const out: Num[] = [];
  for (const [i, a] of (invoice.allowances ?? []).entries()) {
    push(out, `invoice.allowances[${i}].vatRate`, a.vatRate, 'BT-96');
  }
  for (const [i, c] of (invoice.charges ?? []).entries()) {
    push(out, `invoice.charges[${i}].vatRate`, c.vatRate, 'BT-103');
  }
  for (const [i, v] of (invoice.vatBreakdown ?? []).entries()) {
    push(out, `invoice.vatBreakdown[${i}].rate`, v.rate, 'BT-119');
  }
  for (const [i, l] of (invoice.lines ?? []).entries()) {
    push(out, `invoice.lines[${i}].vatRate`, l.vatRate, 'BT-152');
  }
  return out;
}

export const decimalRules: RuleDefinition[] = [
  frRule({
    id: 'BR-FR-DEC-01',
    family: 'DEC',
    terms: [
      'BT-92',
      'BT-93',
      'BT-99',
      'BT-100',
      'BT-106',
      'BT-107',
      'BT-108',
      'BT-109',
      'BT-110',
      'BT-111',
      'BT-112',
      'BT-113',
      'BT-114',
      'BT-115',
      'BT-116',
      'BT-117',
      'BT-131',
      'BT-136',
      'BT-137',
    ],
    message: t(
      'Amount has more than 2 decimals or more than 19 digits',
      'Le montant a plus de 2 décimales ou plus de 19 chiffres',
    ),
    explanation: t(
      'Amounts are written with at most 19 digits, of which at most 2 after the decimal point.',
      'Les montants s’écrivent avec au plus 19 chiffres, dont au plus 2 après la virgule.',
    ),
    fix: t('Round the amount to 2 decimals.', 'Arrondissez le montant à 2 décimales.'),
    check(invoice, report, ctx) {
      for (const n of amounts(invoice)) reportInvalid(n, 2, {}, ctx, report);
    },
  }),
  frRule({
    id: 'BR-FR-DEC-02',
    family: 'DEC',
    terms: ['BT-129', 'BT-149'],
    message: t(
      'Quantity has more than 4 decimals or more than 19 digits',
      'La quantité a plus de 4 décimales ou plus de 19 chiffres',
    ),
    explanation: t(
      'Quantities are written with at most 19 digits, of which at most 4 after the decimal point.',
      'Les quantités s’écrivent avec au plus 19 chiffres, dont au plus 4 après la virgule.',
    ),
    fix: t('Round the quantity to 4 decimals.', 'Arrondissez la quantité à 4 décimales.'),
    check(invoice, report, ctx) {
      const nums = lineNumbers(invoice, (l, i, out) => {
        push(out, `invoice.lines[${i}].quantity`, l.quantity, 'BT-129');
        push(out, `invoice.lines[${i}].baseQuantity`, l.baseQuantity, 'BT-149');
      });
      for (const n of nums) reportInvalid(n, 4, {}, ctx, report);
    },
  }),
  frRule({
    id: 'BR-FR-DEC-03',
    family: 'DEC',
    terms: ['BT-146', 'BT-147', 'BT-148'],
    message: t(
      'Price has more than 6 decimals, more than 19 digits, or is negative',
      'Le prix a plus de 6 décimales, plus de 19 chiffres, ou est négatif',
    ),
    explanation: t(
      'Unit prices and price discounts are written with at most 19 digits, of which at most 6 after the decimal point; they are never negative, except on bidirectional invoices (framework S9, B9, M9).',
      'Les prix unitaires et remises sur prix s’écrivent avec au plus 19 chiffres, dont au plus 6 après la virgule ; ils ne sont jamais négatifs, sauf sur les factures bidirectionnelles (cadre S9, B9, M9).',
    ),
    fix: t(
      'Round the price to 6 decimals; put a negative sign on the quantity, not on the price.',
      'Arrondissez le prix à 6 décimales ; portez le signe négatif sur la quantité, pas sur le prix.',
    ),
    check(invoice, report, ctx) {
      const positive = !isBusinessProcess(invoice, BIDIRECTIONAL_FRAMEWORKS);
      const nums = lineNumbers(invoice, (l, i, out) => {
        push(out, `invoice.lines[${i}].unitPrice`, l.unitPrice, 'BT-146');
        push(out, `invoice.lines[${i}].priceDiscount`, l.priceDiscount, 'BT-147');
        push(out, `invoice.lines[${i}].grossPrice`, l.grossPrice, 'BT-148');
      });
      for (const n of nums) reportInvalid(n, 6, { positive }, ctx, report);
    },
  }),
  frRule({
    id: 'BR-FR-DEC-04',
    family: 'DEC',
    terms: ['BT-96', 'BT-103', 'BT-119', 'BT-152'],
    message: t(
      'VAT rate is negative, or has more than 2 decimals or 4 digits',
      'Le taux de TVA est négatif, ou a plus de 2 décimales ou 4 chiffres',
    ),
    explanation: t(
      'VAT rates are positive percentages with at most 4 digits, of which at most 2 after the decimal point.',
      'Les taux de TVA sont des pourcentages positifs d’au plus 4 chiffres, dont au plus 2 après la virgule.',
    ),
    fix: t(
      'Write the rate as a percentage such as 20 or 5.5.',
      'Écrivez le taux en pourcentage, par exemple 20 ou 5.5.',
    ),
    check(invoice, report, ctx) {
      // XML input: the rates as written (decision 0107); JSON: the model's numbers
      if (checkRateDecimals(ctx, report)) return;
      for (const n of vatRates(invoice))
        if (!isValidDecimal(n.value, 2, { positive: true, maxDigits: 4 })) {
          const computed = rateComputed(n.bt, n.value);
          report(n.path, { value: n.value, bt: n.bt, ...(computed ? { computed } : {}) });
        }
    },
  }),
];
