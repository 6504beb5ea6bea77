/**
 * @einv/facturx — the public facade of einv: everything a TypeScript user needs to generate, read,
 * check and validate French/European e-invoices (Factur-X PDF/A-3, CII, UBL) from one import.
 */

// Syntaxes
export {
  checkCii,
  type ReadCiiResult,
  readCii,
  type WriteCiiOptions,
  type WriteCiiResult,
  writeCii,
} from '@einv/cii';
// The model and its arithmetic
export * from '@einv/core-model';
// Rules
export {
  type Address0225,
  type Address0225Form,
  buildAddress0225,
  FRENCH_RULES_VALUES,
  type FrenchEdition,
  type FrenchRulesValue,
  type FrenchStandardVersion,
  frenchRulesOf,
  frenchVatKey,
  frenchVatNumber,
  getRule,
  isValidSiren,
  isValidSiret,
  PROCESSING_TYPES,
  parseAddress0225,
  parseFrenchVat,
  ruleCatalogue,
  type ValidateOptions,
  validate,
} from '@einv/rules';
export { checkUbl, type ReadUblResult, readUbl, type WriteUblResult, writeUbl } from '@einv/ubl';
export type { FontBytes } from './assets.js';
export { attach, type EmbedOptions, type EmbedResult, embed } from './attach.js';
// Lifecycle status messages (CDAR)
export * from './cdar/index.js';
export {
  type DetectedFormat,
  type DetectOptions,
  type DetectResult,
  detectAndRead,
  isCdarXml,
  sniffXmlSyntax,
} from './detect.js';
export { type ExtractOptions, type ExtractResult, extract, INVOICE_FILE_NAMES } from './extract.js';
// Factur-X
export { type GenerateOptions, type GenerateResult, generate } from './generate.js';
export { type JudgedInvoice, type JudgeInvoiceOptions, judgeInvoice } from './judge-invoice.js';
export { type PreflightOptions, preflight } from './preflight/index.js';
export { glyphFindings } from './render/glyph-findings.js';
export { type RenderOptions, renderPdf } from './render/render-pdf.js';
// What the services answer: structure check of any invoice XML, and the full report on a file
export { type CheckXmlResult, checkXml } from './report/check-xml.js';
export {
  type DocumentReport,
  type JudgedDocument,
  judgeDocument,
  type ValidateDocumentOptions,
  validateDocument,
} from './report/validate-document.js';
