/** BR-AG-01 … BR-AG-10: IPSI (Ceuta and Melilla) (M). */
import type { RuleDefinition } from '../define.js';
import { exemptionReasonRule, taxableAmountRule, vatAmountRule } from './vat-breakdown-rules.js';
import type { VatCategory } from './vat-common.js';
import { SELLER_TAX_ID } from './vat-identifiers.js';
import { breakdownPresenceRule, identifierRules, RATE_NOT_NEGATIVE, rateRules } from './vat-rules.js';

const CATEGORY: VatCategory = {
  code: 'M',
  family: 'AG',
  name: { en: 'IPSI (Ceuta and Melilla)', fr: 'IPSI (Ceuta et Melilla)' },
};

export const vatIpsiRules: RuleDefinition[] = [
  breakdownPresenceRule(CATEGORY, {
    ubl: 'atLeastOne',
    cii: 'atLeastOne',
    ublVatSchemeOnly: true,
    ublBreakdownCode: 'asWrittenVatScheme',
  }),
  ...identifierRules(CATEGORY, SELLER_TAX_ID),
  ...rateRules(CATEGORY, RATE_NOT_NEGATIVE),
  taxableAmountRule(CATEGORY, { ubl: 'perRateLinesNear', cii: 'never' }),
  vatAmountRule(CATEGORY, { ubl: 'computed', cii: 'never' }),
  exemptionReasonRule(CATEGORY, 'forbidden'),
];
