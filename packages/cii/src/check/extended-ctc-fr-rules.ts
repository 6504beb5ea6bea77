/**
 * The official EXTENDED-CTC-FR 1.4.0.03 asserts judged on the CII document itself (decision 0125):
 * the VAT category rules over several breakdowns per category, the GROUP line sums, item attribute
 * codes, the EXTENDED code lists and syntax rules: what the model does not hold. The table is
 * generated from the official schematron by scripts/gen-extended-ctc-fr-xml-rules.mjs (tests, lets
 * and the rule order of each pattern); the messages are ours. Run only on a document judged as
 * EXTENDED-CTC-FR.
 */
import type { Finding } from '@einv/core-model';
import type { XmlElement } from '@einv/xml';
import { type SyntaxRuleInfo, syntaxRuleSet } from '@einv/xml-check';
import { CII_EXTENDED_CTC_FR_RULES_DATA } from './generated/extended-ctc-fr-rules.js';

const rules = syntaxRuleSet(CII_EXTENDED_CTC_FR_RULES_DATA);

export function checkCiiExtendedCtcFrRules(root: XmlElement): Finding[] {
  return rules.check(root);
}

/** Every assert of the table (id, official flag, message), for the explanations */
export function ciiExtendedCtcFrRules(): readonly SyntaxRuleInfo[] {
  return rules.list();
}
