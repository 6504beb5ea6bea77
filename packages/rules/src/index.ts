export * from './advisory/index.js';
export {
  CONTRACT_ALIASES,
  type ContractAlias,
  type ContractFindingsOptions,
  isContractAlias,
  SIRET_ADVISORY,
  withContractFindings,
} from './aliases.js';
export { getRule, ruleCatalogue } from './catalogue.js';
export {
  type Computed,
  decimalString,
  derivationText,
  formatDecimal,
  type Operand,
  readableValues,
} from './computed.js';
export * from './define.js';
export { EXTENDED_CTC_FR_XML_JUDGED_RULES } from './extended-ctc-fr/generated-xml-judged-ids.js';
export {
  extendedCtcFrRules,
  isJudgedOnXml as isJudgedOnXmlInExtendedCtcFr,
  structureFindingAppliesInExtendedCtcFr,
} from './extended-ctc-fr/index.js';
export { xmlCalculationFormula } from './extended-ctc-fr/xml-calculation.js';
export {
  BOOKING_AID_NOTICE,
  type BookingAidProfile,
  isBookingAid,
  TYPE_CODE_BLIND_RULES,
} from './facturx-profiles/booking-aid.js';
export { PROFILE_BUSINESS_RULES } from './facturx-profiles/generated-profile-rules.js';
export { PROCESSING_TYPES } from './french-rules-option.js';
export {
  ADVISORY_VERSION,
  BR_FR_STANDARD_VERSIONS,
  BR_FR_VERSIONS,
  EN16931_VERSION,
  EXTENDED_CTC_FR_VERSION,
  FACTURX_VERSION,
  FRENCH_RULES_VALUES,
  type FrenchRulesValue,
  type FrenchStandardVersion,
  frenchRulesOf,
} from './ruleset-versions.js';
export {
  type FrenchEdition,
  frenchVersionOf,
  NOT_AN_INVOICE,
  RULE_ERROR,
  severityOf,
  type ValidateOptions,
  validate,
} from './validate.js';
