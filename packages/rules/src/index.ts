export * from './advisory/index.js';
export { CONTRACT_ALIASES, type ContractAlias, isContractAlias } from './aliases.js';
export { getRule, ruleCatalogue } from './catalogue.js';
export * from './define.js';
export { ADVISORY_VERSION, BR_FR_VERSIONS, EN16931_VERSION, FACTURX_VERSION } from './ruleset-versions.js';
export {
  type FrenchEdition,
  NOT_AN_INVOICE,
  RULE_ERROR,
  severityOf,
  type ValidateOptions,
  validate,
} from './validate.js';
