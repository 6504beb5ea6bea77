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
// What every finding code means (rules, syntax rules, einv's own codes), in en and fr
export { type CodeExplanation, explainCode } from './codes/explain.js';
export { type CodeArea, type CodeEntry, FINDING_CODES } from './codes/finding-codes.js';
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
export { localizeFinding, localizeFindings } from './i18n/localize.js';
export { MESSAGE_TEMPLATES, type MessageTemplate } from './i18n/message-templates.js';
export { type JudgedInvoice, type JudgeInvoiceOptions, judgeInvoice } from './judge-invoice.js';
export { type PreflightOptions, preflight } from './preflight/index.js';
export { glyphFindings } from './render/glyph-findings.js';
export { type RenderOptions, renderPdf } from './render/render-pdf.js';
// What the services answer: structure check of any invoice XML, and the full report on a file
export { type CheckXmlOptions, type CheckXmlResult, checkXml } from './report/check-xml.js';
export {
  buildReceipt,
  RECEIPT_LABELS,
  type Receipt,
  type ReceiptFinding,
  type ReceiptInput,
} from './report/receipt/receipt.js';
export { receiptHtml } from './report/receipt/receipt-html.js';
export { receiptPdf } from './report/receipt/receipt-pdf.js';
export {
  type DocumentReport,
  type JudgedDocument,
  judgeDocument,
  type SkippedRuleSet,
  type ValidateDocumentOptions,
  validateDocument,
} from './report/validate-document.js';
