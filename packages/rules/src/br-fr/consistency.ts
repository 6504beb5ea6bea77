/** Cross-field French rules BR-FR-CO-03, -04, -05, -08, -09, -12 (document type, framework, references, totals, currency). */
import type { Invoice } from '@einv/core-model';
import { type Computed, decimalString } from '../computed.js';
import type { RuleContext, RuleDefinition } from '../define.js';
import {
  CORRECTIVE_TYPES,
  CREDIT_NOTE_TYPES,
  DEPOSIT_TYPES,
  FINAL_AFTER_DEPOSIT_FRAMEWORKS,
  frRule,
  PAID_FRAMEWORKS,
  t,
} from './common.js';

const filled = (v: string | undefined): boolean => v !== undefined && v !== '';

/**
 * The UBL schematron ties some rules to one root element: true when the invoice was read from a
 * UBL document whose root is another one (a JSON invoice, or an unknown root, runs the rule)
 */
const otherUblRoot = (ctx: RuleContext, root: 'Invoice' | 'CreditNote'): boolean =>
  ctx.syntax === 'UBL' && ctx.source?.root !== undefined && ctx.source.root !== root;

/**
 * BR-FR-CO-05 at line level: every line that is not a GROUP / INFORMATION sub-line (no sub-type, or
 * DETAIL) names its preceding invoice with number and date (EXT-FR-FE-136/138). True for no line.
 */
function everyDetailLineReferencesItsInvoice(invoice: Invoice): boolean {
  for (const line of invoice.lines ?? []) {
    const ctc = line?.frenchCtc;
    const subType = ctc?.subType;
    if (subType !== undefined && subType !== 'DETAIL') continue;
    const preceding = ctc?.precedingInvoice;
    if (!filled(preceding?.number) || !filled(preceding?.issueDate)) return false;
  }
  return true;
}

/** BR-FR-CO-09: an invoice already paid says it was paid in full, BT-113 = BT-112 */
function paidInFull(total: number): Computed {
  const value = decimalString(total);
  return { expected: value, formula: { term: 'BT-113', operands: [{ term: 'BT-112', value }] } };
}

export const consistencyRules: RuleDefinition[] = [
  frRule({
    id: 'BR-FR-CO-03',
    family: 'CO',
    terms: ['BT-3', 'BT-12', 'BT-73', 'BT-74'],
    message: t(
      'Global-discount credit note (262) without contract reference or invoicing period',
      'Avoir de remise globale (262) sans référence de contrat ou période de facturation',
    ),
    explanation: t(
      'A credit note for a global discount (type 262) covers a contract over a period: the contract reference (BT-12) and the invoicing period start and end (BT-73, BT-74) are required.',
      'Un avoir de remise globale (type 262) porte sur un contrat et une période : la référence du contrat (BT-12) et le début et la fin de la période de facturation (BT-73, BT-74) sont requis.',
    ),
    fix: t(
      'Add contractReference and invoicingPeriod.startDate / endDate.',
      'Ajoutez contractReference et invoicingPeriod.startDate / endDate.',
    ),
    check(invoice, report, ctx) {
      // UBL: a rule of cn:CreditNote only
      if (invoice.typeCode !== '262' || otherUblRoot(ctx, 'CreditNote')) return;
      if (
        !filled(invoice.contractReference) ||
        !filled(invoice.invoicingPeriod?.startDate) ||
        !filled(invoice.invoicingPeriod?.endDate)
      )
        report('invoice.typeCode', { value: '262' });
    },
  }),
  frRule({
    id: 'BR-FR-CO-04',
    family: 'CO',
    terms: ['BT-3', 'BG-3'],
    message: t(
      'Corrective invoice must reference exactly one preceding invoice',
      'Une facture rectificative doit référencer exactement une facture antérieure',
    ),
    explanation: t(
      'A corrective invoice (384, 471, 472, 473) corrects one invoice: it references exactly one preceding invoice (BG-3).',
      'Une facture rectificative (384, 471, 472, 473) corrige une facture : elle référence exactement une facture antérieure (BG-3).',
    ),
    fix: t(
      'Give one precedingInvoices entry with the number of the corrected invoice.',
      'Indiquez une entrée precedingInvoices avec le numéro de la facture corrigée.',
    ),
    check(invoice, report, ctx) {
      // UBL reads cbc:InvoiceTypeCode, which a cn:CreditNote does not have: Invoice only
      if (invoice.typeCode === undefined || !CORRECTIVE_TYPES.has(invoice.typeCode)) return;
      if (otherUblRoot(ctx, 'Invoice')) return;
      const count = invoice.precedingInvoices?.length ?? 0;
      if (count !== 1) report('invoice.precedingInvoices', { value: count, computed: { expected: '1' } });
    },
  }),
  frRule({
    id: 'BR-FR-CO-05',
    family: 'CO',
    terms: ['BT-3', 'BT-25', 'BT-26'],
    message: t(
      'Credit note without a preceding invoice number and date',
      'Avoir sans numéro ni date de facture antérieure',
    ),
    explanation: t(
      'A credit note (261, 381, 396, 502, 503) references the invoice it credits, with its number and issue date, at document level (or on every line in the EXTENDED-CTC-FR extension).',
      'Un avoir (261, 381, 396, 502, 503) référence la facture qu’il annule, avec son numéro et sa date, au niveau du document (ou sur chaque ligne avec l’extension EXTENDED-CTC-FR).',
    ),
    fix: t(
      'Add a precedingInvoices entry with number and issueDate.',
      'Ajoutez une entrée precedingInvoices avec number et issueDate.',
    ),
    check(invoice, report, ctx) {
      if (invoice.typeCode === undefined || !CREDIT_NOTE_TYPES.has(invoice.typeCode)) return;
      // UBL: a rule of cn:CreditNote only
      if (otherUblRoot(ctx, 'CreditNote')) return;
      const headerOk = (invoice.precedingInvoices ?? []).some((p) => filled(p.number) && filled(p.issueDate));
      if (!headerOk && !everyDetailLineReferencesItsInvoice(invoice)) report('invoice.precedingInvoices');
    },
  }),
  frRule({
    id: 'BR-FR-CO-08',
    family: 'CO',
    terms: ['BT-23', 'BT-3'],
    message: t(
      'Final invoice after deposit (framework B4/S4/M4) cannot be a deposit invoice',
      'Une facture définitive après acompte (cadre B4/S4/M4) ne peut pas être une facture d’acompte',
    ),
    explanation: t(
      'Frameworks B4, S4 and M4 describe the final invoice after a deposit: its type cannot be 386, 500 or 503.',
      'Les cadres B4, S4 et M4 désignent la facture définitive après acompte : son type ne peut pas être 386, 500 ou 503.',
    ),
    fix: t(
      'Use type 380 (or another final type), or another framework for a deposit invoice.',
      'Utilisez le type 380 (ou un autre type définitif), ou un autre cadre pour une facture d’acompte.',
    ),
    check(invoice, report) {
      const bp = invoice.businessProcessType;
      if (
        bp !== undefined &&
        FINAL_AFTER_DEPOSIT_FRAMEWORKS.has(bp) &&
        invoice.typeCode !== undefined &&
        DEPOSIT_TYPES.has(invoice.typeCode)
      ) {
        report('invoice.businessProcessType', { value: bp });
      }
    },
  }),
  frRule({
    id: 'BR-FR-CO-09',
    family: 'CO',
    terms: ['BT-23', 'BT-113', 'BT-112', 'BT-115', 'BT-9'],
    message: t(
      'Already-paid invoice (framework B2/S2/M2) is not fully paid',
      'La facture déjà payée (cadre B2/S2/M2) n’est pas entièrement réglée',
    ),
    explanation: t(
      'Frameworks B2, S2 and M2 mean the invoice is already paid: the paid amount (BT-113) equals the total with VAT (BT-112), the amount due (BT-115) is 0 and the due date (BT-9) gives the payment date.',
      'Les cadres B2, S2 et M2 signifient que la facture est déjà payée : le montant payé (BT-113) égale le total TTC (BT-112), le montant à payer (BT-115) vaut 0 et la date d’échéance (BT-9) donne la date de paiement.',
    ),
    fix: t(
      'Set prepaidAmount to the total with VAT, amountDue to 0 and dueDate to the payment date.',
      'Mettez prepaidAmount au total TTC, amountDue à 0 et dueDate à la date de paiement.',
    ),
    check(invoice, report) {
      const bp = invoice.businessProcessType;
      if (bp === undefined || !PAID_FRAMEWORKS.has(bp)) return;
      const totals = invoice.totals;
      const paid = totals?.prepaidAmount;
      const total = totals?.taxInclusiveAmount;
      if (paid === undefined || total === undefined || paid !== total)
        report('invoice.totals.prepaidAmount', {
          value: paid,
          bt: 'BT-113',
          // BT-113 = BT-112: without a total there is nothing to expect
          ...(total === undefined ? {} : { computed: paidInFull(total) }),
        });
      if (totals?.amountDue !== 0)
        report('invoice.totals.amountDue', {
          value: totals?.amountDue,
          bt: 'BT-115',
          computed: { expected: '0' },
        });
      if (!filled(invoice.dueDate)) report('invoice.dueDate', { bt: 'BT-9' });
    },
  }),
  frRule({
    id: 'BR-FR-CO-12',
    family: 'CO',
    terms: ['BT-5', 'BT-6', 'BT-111'],
    message: t(
      'Invoice not in EUR without the VAT total in EUR',
      'Facture hors EUR sans le total de TVA en EUR',
    ),
    explanation: t(
      'When the invoice currency (BT-5) is not EUR, the VAT accounting currency (BT-6) is EUR and the VAT total in EUR (BT-111) is given.',
      'Quand la devise de la facture (BT-5) n’est pas l’euro, la devise de comptabilisation de la TVA (BT-6) est EUR et le total de TVA en EUR (BT-111) est indiqué.',
    ),
    fix: t(
      'Set taxCurrency to EUR and give totals.vatTotalInTaxCurrency.',
      'Mettez taxCurrency à EUR et indiquez totals.vatTotalInTaxCurrency.',
    ),
    check(invoice, report) {
      if (invoice.currency === undefined || invoice.currency === 'EUR') return;
      if (invoice.taxCurrency !== 'EUR')
        report('invoice.taxCurrency', { value: invoice.taxCurrency, computed: { expected: 'EUR' } });
      // BT-6 is EUR and BT-111 is missing: a missing value, whose amount only the seller's rate gives
      else if (invoice.totals?.vatTotalInTaxCurrency === undefined)
        report('invoice.taxCurrency', { value: invoice.taxCurrency });
    },
  }),
];
