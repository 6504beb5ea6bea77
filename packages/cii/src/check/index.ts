export {
  type CheckCiiOptions,
  type CheckResult as CheckCiiResult,
  CII_NS,
  checkCii,
  checkCiiElement,
  checkCiiStructure,
  checkCiiStructureAndSyntax,
} from './check-cii.js';
export { checkCiiExtendedCtcFrRules, ciiExtendedCtcFrRules } from './extended-ctc-fr-rules.js';
export { detectProfile } from './profile.js';
export { checkCiiSyntaxRules, ciiSyntaxRules } from './syntax-rules.js';
