/** einv's own advisory checks and the French identifier helpers they use (decision 0074). */
export {
  type Address0225,
  type Address0225Form,
  type Address0225Problem,
  buildAddress0225,
  parseAddress0225,
} from './address-0225.js';
export {
  frenchVatKey,
  frenchVatNumber,
  isValidSiren,
  isValidSiret,
  LA_POSTE_SIREN,
  parseFrenchVat,
} from './french-ids.js';
export { ADVISORY_RULE_SET, advisoryRules } from './rules.js';
