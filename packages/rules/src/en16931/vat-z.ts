/** BR-Z-01 … BR-Z-10: Zero rated (Z). */
import type { RuleDefinition } from '../define.js';
import { exemptionReasonRule, taxableAmountRule, vatAmountRule } from './vat-breakdown-rules.js';
import type { VatCategory } from './vat-common.js';
import { SELLER_TAX_ID } from './vat-identifiers.js';
import { breakdownPresenceRule, identifierRules, RATE_ZERO, rateRules } from './vat-rules.js';

const CATEGORY: VatCategory = { code: 'Z', family: 'Z', name: { en: 'Zero rated', fr: 'Taux zéro' } };

export const vatZeroRatedRules: RuleDefinition[] = [
  breakdownPresenceRule(CATEGORY, { ubl: 'exactlyOne', cii: 'exactlyOne' }),
  ...identifierRules(CATEGORY, SELLER_TAX_ID),
  ...rateRules(CATEGORY, RATE_ZERO),
  taxableAmountRule(CATEGORY, { ubl: 'exactWithLines', cii: 'roundedNear' }),
  vatAmountRule(CATEGORY, { ubl: 'zero', cii: 'zero' }),
  exemptionReasonRule(CATEGORY, 'forbidden'),
];
