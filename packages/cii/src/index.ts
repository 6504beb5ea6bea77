/** @einv/cii — the UN/CEFACT CII binding (Factur-X / ZUGFeRD): read, write per profile, structure check. */

export type { Binding, FieldBinding, GroupBinding, ValueType } from './binding/index.js';
export { CII_BINDING } from './binding/index.js';
// checkCii (structure + CII syntax rules) lives in ./check/ (its own owner)
export * from './check/index.js';
export { guidelineFor, profileOfGuideline } from './guideline.js';
export { type ReadCiiResult, readCii, readCiiElement } from './read.js';
export {
  type ReadAndCheckCiiOptions,
  type ReadAndCheckCiiResult,
  readAndCheckCii,
} from './read-and-check.js';
export { type WriteCiiOptions, type WriteCiiResult, writeCii } from './write.js';
