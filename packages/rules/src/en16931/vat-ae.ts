/** BR-AE-01 … BR-AE-10: Reverse charge (AE). */
import type { RuleDefinition } from '../define.js';
import { exemptionReasonRule, taxableAmountRule, vatAmountRule } from './vat-breakdown-rules.js';
import type { VatCategory } from './vat-common.js';
import { REVERSE_CHARGE_IDS } from './vat-identifiers.js';
import { breakdownPresenceRule, identifierRules, RATE_ZERO, rateRules } from './vat-rules.js';

const CATEGORY: VatCategory = {
  code: 'AE',
  family: 'AE',
  name: { en: 'Reverse charge', fr: 'Autoliquidation' },
};

export const vatReverseChargeRules: RuleDefinition[] = [
  breakdownPresenceRule(CATEGORY, { ubl: 'exactlyOne', cii: 'exactlyOne' }),
  ...identifierRules(CATEGORY, REVERSE_CHARGE_IDS),
  ...rateRules(CATEGORY, RATE_ZERO),
  taxableAmountRule(CATEGORY, { ubl: 'exactWithLines', cii: 'roundedNear' }),
  vatAmountRule(CATEGORY, { ubl: 'zero', cii: 'zero' }),
  exemptionReasonRule(CATEGORY, 'required'),
];
