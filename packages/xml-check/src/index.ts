/**
 * @einv/xml-check: the engine behind checkCii and checkUbl. A content model compiled from an XSD
 * (generated at dev time, see scripts/gen-structure-xsd.mjs) is walked over an @einv/xml tree, and
 * schematron-style syntax rules run on a small XPath subset. Syntax-neutral: each binding package
 * brings its own generated model and rules (decision 0042).
 */

export { type ComparedValues, comparedValues } from './compared-values.js';
export {
  type CompiledRuleContexts,
  compileRuleContexts,
  countRuleContexts,
  type RuleContextTable,
} from './contexts.js';
export { type PreparedModel, prepareModel, type SimpleDef, type StructureData, UNBOUNDED } from './model.js';
export { attachModelPaths } from './model-paths.js';
export {
  type CompiledPattern,
  compilePattern,
  listSyntaxRules,
  MAX_RULE_FINDINGS,
  type PatternData,
  runPattern,
  type SyntaxRuleInfo,
  syntaxRuleSet,
} from './rules.js';
export { checkSimple } from './simple.js';
export { SourceWalk, type SourceWalkResult } from './source-walk.js';
export { validateStructure } from './validate.js';
export { compileXPath, XDocument, type XPath } from './xpath.js';
export { type ContextEntry, ContextIndex } from './xpath-match.js';
