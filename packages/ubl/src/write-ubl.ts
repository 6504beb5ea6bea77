/**
 * writeUbl: the einv Invoice model → UBL 2.1 Invoice, or CreditNote for the credit-note type codes.
 * Element order follows the UBL 2.1 XSD (the binding table is in that order); amounts carry
 * currencyID; values are written as given (amounts with at least 2 decimals). Nothing is invented:
 * a value the schema requires but the model lacks is a warning.
 */
import type { Finding, Invoice } from '@einv/core-model';
import { CREDIT_NOTE_TYPE_CODES, UBL_CREDIT_NOTE_BINDING, UBL_INVOICE_BINDING } from './binding/document.js';
import { NS } from './binding/namespaces.js';
import type { DocumentType } from './binding/types.js';
import type { ModelObject } from './engine/paths.js';
import { type WriteState, writeNodes } from './engine/write.js';

/** BT-24 written when the invoice does not name a specification */
export const DEFAULT_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017';

export interface WriteUblResult {
  xml: string;
  warnings: Finding[];
}

/** Invoice or CreditNote, decided by BT-3 */
export function ublDocumentType(typeCode: string | undefined): DocumentType {
  return typeCode !== undefined && CREDIT_NOTE_TYPE_CODES.has(typeCode.trim()) ? 'CreditNote' : 'Invoice';
}

export function writeUbl(invoice: Invoice): WriteUblResult {
  const documentType = ublDocumentType(invoice.typeCode);
  const binding = documentType === 'CreditNote' ? UBL_CREDIT_NOTE_BINDING : UBL_INVOICE_BINDING;
  const root: ModelObject = { ...invoice };
  if (invoice.specificationIdentifier === undefined) root.specificationIdentifier = DEFAULT_CUSTOMIZATION_ID;
  const state: WriteState = {
    root,
    documentType,
    currency: invoice.currency?.trim() || undefined,
    taxCurrency: invoice.taxCurrency?.trim() || undefined,
    warnings: [],
    out: [
      '<?xml version="1.0" encoding="UTF-8"?>\n',
      `<${documentType} xmlns="${NS[documentType]}" xmlns:cac="${NS.cac}" xmlns:cbc="${NS.cbc}">`,
    ],
  };
  writeNodes(binding.children, root, 'invoice', state);
  state.out.push(`</${documentType}>\n`);
  const xml = state.out.join('');
  return { xml, warnings: state.warnings };
}
