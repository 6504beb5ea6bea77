export { BlockList, BlockRows } from './block-list.js';
export * from './calculate.js';
export * from './complete.js';
export { decimalValue } from './decimal-value.js';
export * from './findings.js';
export { type GuidelineProfile, profileOfGuideline } from './guidelines.js';
export { LexicalForms, lastNameOf } from './lexical-forms.js';
export * from './locations.js';
export type * from './model.js';
export {
  centsToNumber,
  centsToString,
  mulDivToCents,
  percentOfCents,
  roundAmount,
  toCents,
} from './money.js';
export { invoiceOpenApiSchema } from './openapi-schema.js';
export { packedMap } from './packed-map.js';
export * from './profiles.js';
export { INVOICE_SCHEMA, isCalendarDate, type ShapeOptions, validateInvoiceShape } from './schema.js';
export type { JsonSchema } from './schema-definition.js';
export {
  businessProcessTypeOf,
  expandShorthands,
  OPERATION_CATEGORIES,
  type OperationCategory,
  vatExemptionOf,
} from './shorthands.js';
export * from './source-facts.js';
export * from './terms.js';
export { termsMarkdown } from './terms-doc.js';
export * from './text.js';
