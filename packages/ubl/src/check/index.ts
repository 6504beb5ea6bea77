export {
  type CheckUblOptions,
  type CheckUblResult,
  checkUbl,
  checkUblElement,
  checkUblStructure,
  UBL_CREDIT_NOTE_NS,
  UBL_INVOICE_NS,
} from './check-ubl.js';
export { checkUblExtendedCtcFrRules, ublExtendedCtcFrRules } from './extended-ctc-fr-rules.js';
export { checkUblSyntaxRules, ublSyntaxRules } from './syntax-rules.js';
