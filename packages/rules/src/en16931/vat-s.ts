/** BR-S-01 … BR-S-10: standard rated (S). */
import type { RuleDefinition } from '../define.js';
import { exemptionReasonRule, taxableAmountRule, vatAmountRule } from './vat-breakdown-rules.js';
import type { VatCategory } from './vat-common.js';
import { SELLER_TAX_ID } from './vat-identifiers.js';
import { breakdownPresenceRule, identifierRules, RATE_POSITIVE, rateRules } from './vat-rules.js';

const STANDARD: VatCategory = { code: 'S', family: 'S', name: { en: 'Standard rated', fr: 'Taux normal' } };

export const vatStandardRules: RuleDefinition[] = [
  breakdownPresenceRule(STANDARD, { ubl: 'atLeastOne', cii: 'atLeastOne' }),
  ...identifierRules(STANDARD, SELLER_TAX_ID, { anySchemeGuard: [2] }),
  ...rateRules(STANDARD, RATE_POSITIVE),
  taxableAmountRule(STANDARD, { ubl: 'perRateNear', cii: 'perRateRoundedExact' }),
  vatAmountRule(STANDARD, { ubl: 'computed', cii: 'computed' }),
  exemptionReasonRule(STANDARD, 'forbidden'),
];
