/** BR-IC-01 … BR-IC-10: Intra-community supply (K). */
import { defineRule, type RuleDefinition } from '../define.js';
import { exemptionReasonRule, taxableAmountRule, vatAmountRule } from './vat-breakdown-rules.js';
import { breakdownNodes, ciiSemantics, type VatCategory, withCategory } from './vat-common.js';
import { INTRA_COMMUNITY_IDS } from './vat-identifiers.js';
import { breakdownPresenceRule, identifierRules, RATE_ZERO, rateRules } from './vat-rules.js';

const CATEGORY: VatCategory = {
  code: 'K',
  family: 'IC',
  name: { en: 'Intra-community supply', fr: 'Livraison intracommunautaire' },
};

const shapeRules: RuleDefinition[] = [
  breakdownPresenceRule(CATEGORY, { ubl: 'exactlyOne', cii: 'exactlyOne' }),
  ...identifierRules(CATEGORY, INTRA_COMMUNITY_IDS),
  ...rateRules(CATEGORY, RATE_ZERO),
  taxableAmountRule(CATEGORY, { ubl: 'exactWithLines', cii: 'roundedNear' }),
  vatAmountRule(CATEGORY, { ubl: 'zero', cii: 'zero' }),
  exemptionReasonRule(CATEGORY, 'required'),
];

const hasText = (value: string | undefined, minLength = 1) =>
  typeof value === 'string' && value.trim().length >= minLength;

/** BR-IC-11: an intra-community supply says when the goods were delivered. */
const deliveryDateOrPeriod = defineRule({
  id: 'BR-IC-11',
  ruleSet: 'EN16931',
  family: 'IC',
  severity: 'fatal',
  terms: ['BT-72', 'BG-14', 'BT-118'],
  message: {
    en: 'An intra-community supply needs the actual delivery date (BT-72) or the invoicing period (BG-14).',
    fr: 'Une livraison intracommunautaire exige la date de livraison effective (BT-72) ou la période de facturation (BG-14).',
  },
  explanation: {
    en: 'VAT on intra-community supplies is due by reference to the delivery, so an invoice with a "Intra-community supply" VAT breakdown states when it happened.',
    fr: 'La TVA d’une livraison intracommunautaire dépend de la date de livraison : une facture avec une ventilation « Livraison intracommunautaire » doit la préciser.',
  },
  fix: {
    en: 'Give the actual delivery date (BT-72) or an invoicing period start/end date (BT-73/BT-74).',
    fr: 'Indiquez la date de livraison effective (BT-72) ou les dates de début/fin de période de facturation (BT-73/BT-74).',
  },
  check: (invoice, report, context) => {
    const entries = withCategory(breakdownNodes(invoice), 'K');
    if (entries.length === 0) return;
    const cii = ciiSemantics(context);
    const period = invoice.invoicingPeriod;
    const ok = cii
      ? hasText(invoice.delivery?.date) || period?.startDate !== undefined || period?.endDate !== undefined
      : // UBL: string-length(ActualDeliveryDate) > 1 or any child of InvoicePeriod (BT-8 lives there too)
        hasText(invoice.delivery?.date, 2) ||
        period?.startDate !== undefined ||
        period?.endDate !== undefined ||
        invoice.taxPointDateCode !== undefined;
    if (ok) return;
    for (const _ of cii ? entries : entries.slice(0, 1)) report('invoice.delivery.date');
  },
});

/** BR-IC-12: an intra-community supply says where the goods went. */
const deliverToCountry = defineRule({
  id: 'BR-IC-12',
  ruleSet: 'EN16931',
  family: 'IC',
  severity: 'fatal',
  terms: ['BT-80', 'BT-118'],
  message: {
    en: 'An intra-community supply needs the deliver-to country code (BT-80).',
    fr: 'Une livraison intracommunautaire exige le code pays du lieu de livraison (BT-80).',
  },
  explanation: {
    en: 'The exemption of an intra-community supply rests on the goods leaving for another member state, so the deliver-to country is required.',
    fr: 'L’exonération d’une livraison intracommunautaire suppose l’expédition vers un autre État membre : le pays de livraison est obligatoire.',
  },
  fix: {
    en: 'Add the deliver-to address country code (BT-80).',
    fr: 'Ajoutez le code pays de l’adresse de livraison (BT-80).',
  },
  check: (invoice, report, context) => {
    const entries = withCategory(breakdownNodes(invoice), 'K');
    if (entries.length === 0) return;
    const cii = ciiSemantics(context);
    const country = invoice.delivery?.address?.country;
    const ok = cii ? country !== undefined : hasText(country, 2);
    if (ok) return;
    for (const _ of cii ? entries : entries.slice(0, 1)) report('invoice.delivery.address.country');
  },
});

export const vatIntraCommunityRules: RuleDefinition[] = [
  ...shapeRules,
  deliveryDateOrPeriod,
  deliverToCountry,
];
