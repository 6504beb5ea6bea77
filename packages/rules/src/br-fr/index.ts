/**
 * BR-FR: the French rules of XP Z12-012 v1.4 (FNFE-MPE schematron 1.4.0.04 and 1.4.0.03, the
 * transition edition 1.4.0.02 _WARNING; the few differences read RuleContext.frenchVersion), run by validate()
 * when the seller is French. Severity comes from the edition (transition: warnings except
 * multi-vendor / bidirectional rules; standard: all fatal). One file per family.
 */
import type { RuleDefinition } from '../define.js';
import { addressRules } from './addresses.js';
import { codeRules } from './codes.js';
import { consistencyRules } from './consistency.js';
import { dateRules } from './dates.js';
import { decimalRules } from './decimals.js';
import { identifierRules } from './identifiers.js';
import { itemRules } from './items.js';
import { multiVendorRules } from './multi-vendor.js';
import { noteRules } from './notes.js';
import { partyRules } from './parties.js';

export { NOT_CHECKABLE_ON_MODEL } from './not-checkable.js';

/** Every rule of this rule set; each family file adds its array here. */
export const rules: RuleDefinition[] = [
  ...identifierRules,
  ...dateRules,
  ...codeRules,
  ...noteRules,
  ...partyRules,
  ...addressRules,
  ...itemRules,
  ...consistencyRules,
  ...decimalRules,
  ...multiVendorRules,
];
