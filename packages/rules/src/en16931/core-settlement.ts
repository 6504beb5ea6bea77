/**
 * EN 16931 core rules on settlement: invoicing period (BR-29), document allowances and charges
 * (BR-31…38), VAT breakdown (BR-45…48), supporting documents (BR-52), VAT accounting currency
 * (BR-53) and preceding invoices (BR-55). Payment instructions are in core-payment.ts.
 */
import type { AllowanceCharge, Attachment, PrecedingInvoice, VatBreakdown } from '@einv/core-model';
import type { RuleDefinition } from '../define.js';
import { judgeSourceNodes } from '../source-context.js';
import { en16931Rule, listOf, type Texts } from '../util/rule.js';
import { given, hasText, isObject, isPresent, missingDates, periodInverted } from '../util/values.js';
import { ciiTaxCurrency, totalsContext } from './core-document.js';

const F = 'core';

function docAllowanceRule(
  id: string,
  kind: 'allowances' | 'charges',
  terms: string[],
  test: (ac: AllowanceCharge, syntax: 'CII' | 'UBL' | undefined) => string | undefined,
  en: Texts,
  fr: Texts,
) {
  return en16931Rule(id, F, terms, en, fr, (inv, report, ctx) => {
    // UBL XML, BR-32/37: every document cac:AllowanceCharge, whichever of its cac:TaxCategory is of
    // the VAT scheme (the model holds the first category)
    const nodes =
      test === categoryMissing && ctx.syntax === 'UBL' ? ctx.source?.values('BR-32/37') : undefined;
    if (nodes && ctx.source) {
      const indicator = kind === 'charges' ? 'true' : 'false';
      for (const n of nodes)
        if (n.tag === indicator && n.value === undefined)
          report(`${ctx.source.pathAt(n.xpath)}.vatCategory`, { xpath: n.xpath, line: n.line });
      return;
    }
    const items = listOf(inv[kind]);
    for (let j = 0; j < items.length; j++) {
      const ac = items[j];
      if (!isObject(ac)) continue;
      const field = test(ac as AllowanceCharge, ctx.syntax);
      if (!field) continue;
      const path = `invoice.${kind}[${j}]${field}`;
      // exists() officially: an element the reader saw but could not read (an empty amount) is given
      if (!ctx.source?.unreadable(path)) report(path);
    }
  });
}

function breakdownRule(
  id: string,
  term: string,
  test: (b: VatBreakdown, syntax: 'CII' | 'UBL' | undefined) => string | undefined,
  en: Texts,
  fr: Texts,
) {
  return en16931Rule(id, F, [term], en, fr, (inv, report, ctx) => {
    const entries = listOf(inv.vatBreakdown);
    for (let k = 0; k < entries.length; k++) {
      const b = entries[k];
      if (!isObject(b)) continue;
      const field = test(b as VatBreakdown, ctx.syntax);
      if (!field) continue;
      const path = `invoice.vatBreakdown[${k}]${field}`;
      if (!ctx.source?.unreadable(path)) report(path);
    }
  });
}

const amountMissing = (ac: AllowanceCharge) => (isPresent(ac.amount) ? undefined : '.amount');
// A category of another tax scheme (taxScheme, set by readers) is not a VAT category: the official
// tests select TaxCategory[TaxScheme/ID = 'VAT'] (UBL) / CategoryTradeTax[TypeCode = 'VAT'] (CII)
const categoryMissing = (ac: AllowanceCharge, syntax: 'CII' | 'UBL' | undefined) =>
  given(ac.vatCategory, syntax) && ac.taxScheme === undefined ? undefined : '.vatCategory';
export const reasonMissing = (ac: AllowanceCharge) =>
  isPresent(ac.reason) || isPresent(ac.reasonCode) ? undefined : '.reason';

export const coreSettlementRules: RuleDefinition[] = [
  en16931Rule(
    'BR-29',
    F,
    ['BT-74', 'BT-73'],
    [
      'The invoicing period ends (BT-74) before it starts (BT-73).',
      'When the invoicing period gives both dates, the end date is on or after the start date.',
      'Swap or correct the dates of the invoicing period.',
    ],
    [
      'La période de facturation se termine (BT-74) avant de commencer (BT-73).',
      'Quand la période de facturation donne ses deux dates, la date de fin est égale ou postérieure à la date de début.',
      'Corrigez ou inversez les dates de la période de facturation.',
    ],
    (inv, report, ctx) => {
      const p = inv.invoicingPeriod;
      if (
        isObject(p) &&
        periodInverted(p.startDate, p.endDate, ctx.syntax, missingDates(ctx, 'invoice.invoicingPeriod'))
      )
        report('invoice.invoicingPeriod.endDate');
    },
  ),
  docAllowanceRule(
    'BR-31',
    'allowances',
    ['BT-92', 'BG-20'],
    amountMissing,
    [
      'A document level allowance (BG-20) has no amount (BT-92).',
      'A document allowance says how much is taken off the invoice total.',
      'Give the amount of the allowance.',
    ],
    [
      "Une remise au niveau du document (BG-20) n'a pas de montant (BT-92).",
      'Une remise de document indique le montant déduit du total de la facture.',
      'Indiquez le montant de la remise.',
    ],
  ),
  docAllowanceRule(
    'BR-32',
    'allowances',
    ['BT-95', 'BG-20'],
    categoryMissing,
    [
      'A document level allowance has no VAT category code (BT-95).',
      'An allowance lowers the taxable amount of one VAT category, so it must say which.',
      'Set the VAT category (and rate) of the allowance.',
    ],
    [
      "Une remise au niveau du document n'a pas de code de catégorie de TVA (BT-95).",
      "Une remise réduit la base imposable d'une catégorie de TVA : elle doit indiquer laquelle.",
      'Renseignez la catégorie (et le taux) de TVA de la remise.',
    ],
  ),
  docAllowanceRule(
    'BR-33',
    'allowances',
    ['BT-97', 'BT-98'],
    reasonMissing,
    [
      'A document level allowance has neither a reason (BT-97) nor a reason code (BT-98).',
      'The buyer must be able to see why an allowance is granted.',
      'Give a reason text or a UNTDID 5189 reason code.',
    ],
    [
      "Une remise au niveau du document n'a ni motif (BT-97) ni code motif (BT-98).",
      "L'acheteur doit pouvoir comprendre pourquoi une remise est accordée.",
      'Indiquez un motif ou un code motif UNTDID 5189.',
    ],
  ),
  docAllowanceRule(
    'BR-36',
    'charges',
    ['BT-99', 'BG-21'],
    amountMissing,
    [
      'A document level charge (BG-21) has no amount (BT-99).',
      'A document charge says how much is added to the invoice total.',
      'Give the amount of the charge.',
    ],
    [
      "Une charge au niveau du document (BG-21) n'a pas de montant (BT-99).",
      'Une charge de document indique le montant ajouté au total de la facture.',
      'Indiquez le montant de la charge.',
    ],
  ),
  docAllowanceRule(
    'BR-37',
    'charges',
    ['BT-102', 'BG-21'],
    categoryMissing,
    [
      'A document level charge has no VAT category code (BT-102).',
      'A charge raises the taxable amount of one VAT category, so it must say which.',
      'Set the VAT category (and rate) of the charge.',
    ],
    [
      "Une charge au niveau du document n'a pas de code de catégorie de TVA (BT-102).",
      "Une charge augmente la base imposable d'une catégorie de TVA : elle doit indiquer laquelle.",
      'Renseignez la catégorie (et le taux) de TVA de la charge.',
    ],
  ),
  docAllowanceRule(
    'BR-38',
    'charges',
    ['BT-104', 'BT-105'],
    reasonMissing,
    [
      'A document level charge has neither a reason (BT-104) nor a reason code (BT-105).',
      'The buyer must be able to see why a charge is added.',
      'Give a reason text or a UNTDID 7161 reason code.',
    ],
    [
      "Une charge au niveau du document n'a ni motif (BT-104) ni code motif (BT-105).",
      "L'acheteur doit pouvoir comprendre pourquoi une charge est ajoutée.",
      'Indiquez un motif ou un code motif UNTDID 7161.',
    ],
  ),
  breakdownRule(
    'BR-45',
    'BT-116',
    (b) => (isPresent(b.taxableAmount) ? undefined : '.taxableAmount'),
    [
      'A VAT breakdown (BG-23) has no taxable amount (BT-116).',
      'Each VAT breakdown states the base on which its VAT is computed.',
      'Give the taxable amount of the breakdown (einv computes it when the invoice is completed).',
    ],
    [
      "Une ventilation de TVA (BG-23) n'a pas de base imposable (BT-116).",
      'Chaque ventilation de TVA indique la base sur laquelle la TVA est calculée.',
      'Indiquez la base imposable de la ventilation (einv la calcule lors de la complétion).',
    ],
  ),
  breakdownRule(
    'BR-46',
    'BT-117',
    (b) => (isPresent(b.taxAmount) ? undefined : '.taxAmount'),
    [
      'A VAT breakdown (BG-23) has no VAT amount (BT-117).',
      'Each VAT breakdown states the VAT due for its category and rate.',
      'Give the VAT amount of the breakdown.',
    ],
    [
      "Une ventilation de TVA (BG-23) n'a pas de montant de TVA (BT-117).",
      'Chaque ventilation de TVA indique la TVA due pour sa catégorie et son taux.',
      'Indiquez le montant de TVA de la ventilation.',
    ],
  ),
  breakdownRule(
    'BR-47',
    'BT-118',
    (b, syntax) => (given(b.category, syntax) && b.taxScheme === undefined ? undefined : '.category'),
    [
      'A VAT breakdown (BG-23) has no VAT category code (BT-118).',
      'A VAT breakdown is defined by its category (S, Z, E, AE, K, G, O, L, M).',
      'Set the VAT category of the breakdown.',
    ],
    [
      "Une ventilation de TVA (BG-23) n'a pas de code de catégorie (BT-118).",
      'Une ventilation de TVA est définie par sa catégorie (S, Z, E, AE, K, G, O, L, M).',
      'Renseignez la catégorie de TVA de la ventilation.',
    ],
  ),
  breakdownRule(
    'BR-48',
    'BT-119',
    (b) =>
      b.taxScheme === undefined &&
      (isPresent(b.rate) || (typeof b.category === 'string' && b.category.trim() === 'O'))
        ? undefined
        : '.rate',
    [
      'A VAT breakdown (BG-23) has no VAT rate (BT-119).',
      'Every VAT breakdown gives its rate (0 for exempt categories), except category O, outside the scope of VAT.',
      'Set the rate of the breakdown.',
    ],
    [
      "Une ventilation de TVA (BG-23) n'a pas de taux (BT-119).",
      'Chaque ventilation de TVA indique son taux (0 pour les catégories exonérées), sauf la catégorie O, hors champ de la TVA.',
      'Renseignez le taux de la ventilation.',
    ],
  ),
  en16931Rule(
    'BR-52',
    F,
    ['BT-122', 'BG-24'],
    [
      'A supporting document (BG-24) has no reference (BT-122).',
      'Each additional supporting document is identified by a reference.',
      'Give the reference of the supporting document.',
    ],
    [
      "Un justificatif (BG-24) n'a pas de référence (BT-122).",
      'Chaque document justificatif additionnel est identifié par une référence.',
      'Indiquez la référence du justificatif.',
    ],
    (inv, report, context) => {
      // The official context is every referenced document of the XML (CII: also line-level and
      // BT-17/BT-18 ones, which share the element): judged on the source nodes when there are some.
      const blank = (value: string) => /^[ \t\r\n]*$/.test(value);
      if (
        judgeSourceNodes(
          context,
          'BR-52',
          report,
          (value) => !blank(value),
          () => ({}),
        )
      )
        return;
      const attachments = listOf(inv.attachments);
      for (let k = 0; k < attachments.length; k++) {
        const a = attachments[k];
        if (isObject(a) && !hasText((a as Attachment).id)) report(`invoice.attachments[${k}].id`);
      }
    },
  ),
  en16931Rule(
    'BR-53',
    F,
    ['BT-111', 'BT-6'],
    [
      'A VAT accounting currency (BT-6) is given but not the total VAT in that currency (BT-111).',
      'When VAT is accounted in another currency than the invoice’s, the invoice also states the total VAT converted into it.',
      'Give the total VAT amount in the accounting currency, or remove the accounting currency.',
    ],
    [
      'Une devise de comptabilisation de la TVA (BT-6) est indiquée mais pas le total de TVA dans cette devise (BT-111).',
      'Quand la TVA est comptabilisée dans une autre devise que celle de la facture, la facture donne aussi le total de TVA converti.',
      'Indiquez le total de TVA dans la devise de comptabilisation, ou retirez cette devise.',
    ],
    (inv, report, ctx) => {
      // UBL XML: each cbc:TaxCurrencyCode as written, also an empty one, needs a cac:TaxTotal whose
      // cbc:TaxAmount has that currencyID
      const codes = ctx.syntax === 'UBL' ? ctx.source?.values('BR-CL-05') : undefined;
      const amounts = ctx.syntax === 'UBL' ? ctx.source?.values('BR-53') : undefined;
      if (codes && amounts) {
        const currencies = new Set(amounts.map((a) => a.value));
        const missing = codes.find((c) => !currencies.has(c.value ?? ''));
        if (missing)
          report('invoice.totals.vatTotalInTaxCurrency', { xpath: missing.xpath, line: missing.line });
        return;
      }
      const taxCurrency = ciiTaxCurrency(inv, ctx);
      // CII XML: an emptied ram:TaxCurrencyCode is a currency no total is in
      if (!hasText(taxCurrency) && taxCurrency !== '') return;
      const t = ctx.syntax === 'UBL' ? (isObject(inv.totals) ? inv.totals : {}) : totalsContext(inv, ctx);
      if (!t) return;
      const same = typeof taxCurrency === 'string' && taxCurrency.trim() === inv.currency?.trim();
      const ok =
        ctx.syntax === 'UBL'
          ? isPresent(t.vatTotalInTaxCurrency) || (same && isPresent(t.vatTotal))
          : isPresent(t.vatTotalInTaxCurrency) && !same;
      if (!ok) report('invoice.totals.vatTotalInTaxCurrency');
    },
  ),
  en16931Rule(
    'BR-55',
    F,
    ['BT-25', 'BG-3'],
    [
      'A preceding invoice reference (BG-3) has no invoice number (BT-25).',
      'A reference to an earlier invoice (corrected or credited) must say which invoice.',
      'Give the number of the preceding invoice.',
    ],
    [
      "Une référence à une facture antérieure (BG-3) n'a pas de numéro (BT-25).",
      'Une référence à une facture antérieure (rectifiée ou annulée par avoir) doit dire de quelle facture il s’agit.',
      'Indiquez le numéro de la facture antérieure.',
    ],
    (inv, report, ctx) => {
      const preceding = listOf(inv.precedingInvoices);
      for (let k = 0; k < preceding.length; k++) {
        const p = preceding[k];
        if (!isObject(p)) continue;
        const number = (p as PrecedingInvoice).number;
        const ok = ctx.syntax === 'UBL' ? isPresent(number) : hasText(number);
        if (!ok) report(`invoice.precedingInvoices[${k}].number`);
      }
    },
  ),
];
