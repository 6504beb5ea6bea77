/** Lifecycle status messages (CDAR, XP Z12-012 Flux 6): model, read, write, BR-FR-CDV, build */

export {
  type BuildStatusDetails,
  buildStatus,
  type CollectedAmount,
  SELLER_STATUSES,
  StatusBuildError,
  TRANSMISSION_STATUSES,
} from './build.js';
export * from './generated/codes.js';
export {
  ACTION_LABELS,
  CHARACTERISTIC_LABELS,
  type CodeLabel,
  REASON_LABELS,
  STATUS_LABELS,
  statusLabel,
  statusLabelSource,
} from './labels.js';
export * from './model.js';
export { type ReadCdarResult, readCdar } from './read.js';
export { CDV_PATTERNS, CDV_VERSIONS, type CdvAssert, type CdvPattern, type CdvVersion } from './rules.js';
export { STATUS_TERMS, type StatusTerm, statusTerm } from './terms.js';
export {
  CDV_DEFAULT_VERSION,
  type CdarReport,
  type CdvStandardVersion,
  cdvRuleSet,
  cdvVersionOf,
  runCdvRules,
  type ValidateCdarOptions,
  validateCdar,
} from './validate.js';
export { writeCdar } from './write.js';
export { CDAR_NS, CDAR_ROOT } from './xpath.js';
