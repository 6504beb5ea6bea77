/**
 * The shape of the UBL binding table. One table (binding/*.ts) says, per business term, which UBL
 * element carries it and where its value lives in the Invoice model; the generic reader
 * (engine/read.ts), writer (engine/write.ts) and the docs generator (docs.ts) all walk it, so the
 * three can never disagree. Nodes are listed in the order the UBL 2.1 XSD requires (a test checks
 * this against the OASIS schema).
 */
import type { XmlElement } from '@einv/xml';

export type DocumentType = 'Invoice' | 'CreditNote';

/**
 * How an element's text maps to a model value.
 * - text: trimmed string ('' for an empty element)
 * - date: YYYY-MM-DD string, kept as written (a diagnostic when it is not YYYY-MM-DD)
 * - amount: JSON number, written with currencyID and at least 2 decimals
 * - decimal: JSON number (quantities, percentages), written as given
 * - note: BG-1 note, `#SUBJECT#text` carries BT-21 (the Peppol/CEN convention for UBL)
 */
export type ValueType = 'text' | 'date' | 'amount' | 'decimal' | 'note';

/** An XML attribute bound to a model field, or fixed to a constant that selects the binding */
export interface AttrBinding {
  /** attribute name as written, e.g. `schemeID`, `unitCode`, `mimeCode` */
  name: string;
  /** model field (relative to the wrapped object when the leaf has `wrap`, else to the context) */
  field?: string;
  bt?: string;
  /** constant: written as is; on reading the element is bound here only when it matches */
  fixed?: string;
}

export interface LeafNode {
  kind: 'leaf';
  /** qualified UBL name, `cbc:ID` */
  el: string;
  bt?: string;
  /**
   * Model path of the value, relative to the context object (`vatNumber`, `directDebit.creditorId`),
   * or from the invoice root when it starts with `/` (`/totals.vatTotal`).
   */
  field?: string;
  value?: ValueType;
  /** model[field] is an object: the text goes to model[field][wrap] (Identifier.id, …) */
  wrap?: string;
  attrs?: AttrBinding[];
  /** model[field] is an array, one item per element */
  many?: boolean;
  /**
   * A constant (no model field): written as is; on reading, the enclosing group binds an element
   * only when this matches (compared trimmed, case-insensitive, against `accept` or `fixed`).
   */
  fixed?: string;
  accept?: readonly string[];
  /** A constant the XSD requires but EN 16931 has no term for: written, never checked on reading */
  placeholder?: boolean;
  /**
   * With `placeholder`, inside a marker group: on reading, when the element is missing or holds
   * another value, its text ('' when missing) is recorded at this field of the object the enclosing
   * group binds to (a tax category of another scheme than VAT: `taxScheme`). Never written.
   */
  otherwise?: string;
  /** amounts: the currency of currencyID (default: the invoice currency BT-5) */
  currency?: 'document' | 'tax';
  /** the UBL 2.1 XSD requires it inside its parent: the writer warns when the model lacks it */
  required?: boolean;
  only?: DocumentType;
  /** read into the model but never written (the writer warns when the model has it) */
  readOnly?: boolean;
  /** with readOnly: written after all when the invoice declares EXTENDED-CTC-FR, whose rules allow it */
  writtenInExtendedCtcFr?: boolean;
  /** text values: the text written for the model's value (a code of the other syntax) */
  writeText?: (text: string) => string;
}

export interface ReadScope {
  documentType: DocumentType;
  /** BT-5 and BT-6 as written, read before the walk so TaxTotal can be told apart */
  documentCurrency: string | undefined;
  taxCurrency: string | undefined;
}

export interface GroupNode {
  kind: 'group';
  el: string;
  bt?: string;
  /** sub-object (or array with `many`) of the context; absent: children bind to the same object */
  field?: string;
  many?: boolean;
  children: Node[];
  only?: DocumentType;
  /** with `only`: the reader still reads it in the other document type, and reports it */
  alsoRead?: boolean;
  /** binds the same-named elements that no sibling group matched (its fixed values are not checked) */
  fallback?: boolean;
  /** extra condition for binding an element here (e.g. TaxTotal by currency) */
  match?: (el: XmlElement, scope: ReadScope) => boolean;
  /** writer: write this group only when this holds */
  writeWhen?: (invoice: Record<string, unknown>) => boolean;
  /** writer: one element per item of this array field of the group's object (UBL allows one per element) */
  splitOn?: string;
  required?: boolean;
  /** human note for the generated docs */
  note?: string;
}

export type Node = LeafNode | GroupNode;

/** A root table: the children of `Invoice` / `CreditNote` */
export interface RootBinding {
  documentType: DocumentType;
  namespace: string;
  children: Node[];
}
