export { CREDIT_NOTE_TYPE_CODES, UBL_CREDIT_NOTE_BINDING, UBL_INVOICE_BINDING } from './binding/document.js';
export type {
  DocumentType as UblDocumentType,
  GroupNode,
  LeafNode,
  Node as BindingNode,
  RootBinding,
} from './binding/types.js';
export * from './check/index.js';
export { type BindingRow, renderUblBindingDoc, ublBindingRows } from './docs.js';
export {
  type ReadAndCheckUblOptions,
  type ReadAndCheckUblResult,
  readAndCheckUbl,
} from './read-and-check.js';
export { type ReadUblResult, readUbl, readUblElement } from './read-ubl.js';
export { DEFAULT_CUSTOMIZATION_ID, ublDocumentType, type WriteUblResult, writeUbl } from './write-ubl.js';
