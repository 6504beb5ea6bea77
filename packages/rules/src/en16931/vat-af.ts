/** BR-AF-01 … BR-AF-10: IGIC (Canary Islands) (L). */
import type { RuleDefinition } from '../define.js';
import { exemptionReasonRule, taxableAmountRule, vatAmountRule } from './vat-breakdown-rules.js';
import { ciiSemantics, type VatCategory } from './vat-common.js';
import { SELLER_TAX_ID } from './vat-identifiers.js';
import { breakdownPresenceRule, identifierRules, type RateRequirement, rateRules } from './vat-rules.js';

const CATEGORY: VatCategory = {
  code: 'L',
  family: 'AF',
  name: { en: 'IGIC (Canary Islands)', fr: 'IGIC (îles Canaries)' },
};

/**
 * The UBL artefact accepts an IGIC rate of 0 or more; the CII artefact of 1.3.16 wants more than 0.
 * Each syntax keeps its official verdict (docs/decisions/0061).
 */
const IGIC_RATE: RateRequirement = {
  holds: (rate, context) => rate !== undefined && (ciiSemantics(context) ? rate > 0 : rate >= 0),
  what: {
    en: 'must be 0 or greater (greater than 0 in CII)',
    fr: 'doit être positif ou nul (strictement positif en CII)',
  },
};

export const vatIgicRules: RuleDefinition[] = [
  breakdownPresenceRule(CATEGORY, {
    ubl: 'atLeastOne',
    cii: 'atLeastOne',
    ublVatSchemeOnly: true,
    ublBreakdownCode: 'asWrittenAnyScheme',
  }),
  // the official UBL BR-AF-04 guard compares cbc:ID = 'L' without normalize-space
  ...identifierRules(CATEGORY, SELLER_TAX_ID, { guardAsWritten: [4] }),
  ...rateRules(CATEGORY, IGIC_RATE),
  taxableAmountRule(CATEGORY, { ubl: 'perRateLinesNear', cii: 'never' }),
  vatAmountRule(CATEGORY, { ubl: 'computed', cii: 'never' }),
  exemptionReasonRule(CATEGORY, 'forbidden'),
];
