/** BR-B-01, BR-B-02: split payment (B), an Italian domestic arrangement. */
import type { Invoice } from '@einv/core-model';
import { defineRule, type RuleDefinition } from '../define.js';
import {
  allowanceNodes,
  breakdownNodes,
  chargeNodes,
  ciiSemantics,
  lineNodes,
  someBreakdownIs,
  someNodeUses,
} from './vat-common.js';

/** Paths and values of every node carrying a VAT category code (exact match, as the official tests). */
function categoryUses(invoice: Invoice): Array<{ path: string; code: string | undefined }> {
  return [
    ...breakdownNodes(invoice).map((b) => ({ path: `${b.path}.category`, code: b.entry.category })),
    ...[...lineNodes(invoice), ...allowanceNodes(invoice), ...chargeNodes(invoice)].map((n) => ({
      path: `${n.path}.vatCategory`,
      code: n.category,
    })),
  ];
}

const usesSplitPayment = (invoice: Invoice) => someNodeUses(invoice, 'B') || someBreakdownIs(invoice, 'B');

/** Every country code of the document, with its path (origin countries only count in UBL). */
function countryCodes(invoice: Invoice, withOrigins: boolean): Array<{ path: string; code: string }> {
  const out: Array<{ path: string; code: string }> = [];
  const add = (path: string, code: string | undefined) => {
    if (code !== undefined) out.push({ path, code });
  };
  add('invoice.seller.address.country', invoice.seller?.address?.country);
  add('invoice.buyer.address.country', invoice.buyer?.address?.country);
  add('invoice.taxRepresentative.address.country', invoice.taxRepresentative?.address?.country);
  add('invoice.delivery.address.country', invoice.delivery?.address?.country);
  if (withOrigins) {
    (invoice.lines ?? []).forEach((line, i) => {
      add(`invoice.lines[${i}].originCountry`, line.originCountry);
    });
  }
  return out;
}

const domesticItalian = defineRule({
  id: 'BR-B-01',
  ruleSet: 'EN16931',
  family: 'B',
  severity: 'fatal',
  terms: ['BT-151', 'BT-95', 'BT-102', 'BT-118', 'BT-40', 'BT-55'],
  message: {
    en: 'The VAT category "Split payment" is only for domestic Italian invoices: a country code other than IT is present.',
    fr: 'La catégorie de TVA « Paiement fractionné » est réservée aux factures domestiques italiennes : un code pays autre que IT est présent.',
  },
  explanation: {
    en: 'Split payment (B) is an Italian scheme where the public buyer pays the VAT directly to the treasury; every country on the invoice must therefore be Italy.',
    fr: 'Le paiement fractionné (B) est un régime italien où l’acheteur public verse la TVA au Trésor : tous les pays de la facture doivent être l’Italie.',
  },
  fix: {
    en: 'Use another VAT category, or correct the country codes to IT.',
    fr: 'Utilisez une autre catégorie de TVA, ou corrigez les codes pays en IT.',
  },
  check: (invoice, report, context) => {
    if (!usesSplitPayment(invoice)) return;
    const foreign = countryCodes(invoice, !ciiSemantics(context)).find((c) => c.code !== 'IT');
    if (foreign) report(foreign.path, { value: foreign.code });
  },
});

const noStandardRate = defineRule({
  id: 'BR-B-02',
  ruleSet: 'EN16931',
  family: 'B',
  severity: 'fatal',
  terms: ['BT-151', 'BT-95', 'BT-102', 'BT-118'],
  message: {
    en: 'An invoice using the VAT category "Split payment" must not also use "Standard rated".',
    fr: 'Une facture qui utilise la catégorie « Paiement fractionné » ne doit pas utiliser aussi « Taux normal ».',
  },
  explanation: {
    en: 'Split payment (B) replaces the standard rate (S) for the whole invoice; mixing both would leave the VAT owed ambiguous.',
    fr: 'Le paiement fractionné (B) remplace le taux normal (S) pour toute la facture ; mêler les deux rendrait la TVA due ambiguë.',
  },
  fix: {
    en: 'Use either B or S throughout the invoice.',
    fr: 'Utilisez soit B, soit S sur toute la facture.',
  },
  check: (invoice, report) => {
    if (!usesSplitPayment(invoice)) return;
    const standard = categoryUses(invoice).find((u) => u.code === 'S');
    if (standard) report(standard.path, { value: 'S' });
  },
});

export const vatSplitPaymentRules: RuleDefinition[] = [domesticItalian, noStandardRate];
