/** BR-G-01 … BR-G-10: Export outside the EU (G). */
import type { RuleDefinition } from '../define.js';
import { exemptionReasonRule, taxableAmountRule, vatAmountRule } from './vat-breakdown-rules.js';
import type { VatCategory } from './vat-common.js';
import { SELLER_VAT_ID } from './vat-identifiers.js';
import { breakdownPresenceRule, identifierRules, RATE_ZERO, rateRules } from './vat-rules.js';

const CATEGORY: VatCategory = {
  code: 'G',
  family: 'G',
  name: { en: 'Export outside the EU', fr: 'Exportation hors UE' },
};

export const vatExportRules: RuleDefinition[] = [
  breakdownPresenceRule(CATEGORY, { ubl: 'exactlyOne', cii: 'exactlyOne' }),
  ...identifierRules(CATEGORY, SELLER_VAT_ID, { anySchemeUse: [3, 4] }),
  ...rateRules(CATEGORY, RATE_ZERO),
  taxableAmountRule(CATEGORY, { ubl: 'exactWithLines', cii: 'roundedNear' }),
  vatAmountRule(CATEGORY, { ubl: 'zero', cii: 'zero' }),
  exemptionReasonRule(CATEGORY, 'required'),
];
