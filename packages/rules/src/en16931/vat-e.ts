/** BR-E-01 … BR-E-10: Exempt from VAT (E). */
import type { RuleDefinition } from '../define.js';
import { exemptionReasonRule, taxableAmountRule, vatAmountRule } from './vat-breakdown-rules.js';
import type { VatCategory } from './vat-common.js';
import { SELLER_TAX_ID } from './vat-identifiers.js';
import { breakdownPresenceRule, identifierRules, RATE_ZERO, rateRules } from './vat-rules.js';

const CATEGORY: VatCategory = {
  code: 'E',
  family: 'E',
  name: { en: 'Exempt from VAT', fr: 'Exonéré de TVA' },
};

export const vatExemptRules: RuleDefinition[] = [
  breakdownPresenceRule(CATEGORY, { ubl: 'exactlyOne', cii: 'exactlyOne' }),
  ...identifierRules(CATEGORY, SELLER_TAX_ID),
  ...rateRules(CATEGORY, RATE_ZERO),
  taxableAmountRule(CATEGORY, { ubl: 'exactWithLines', cii: 'roundedNear' }),
  vatAmountRule(CATEGORY, { ubl: 'zero', cii: 'zero' }),
  exemptionReasonRule(CATEGORY, 'required'),
];
