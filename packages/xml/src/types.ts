/**
 * The element tree every einv binding reads. Deliberately small: namespace-resolved names,
 * attributes, children, concatenated text, and the source position for findings.
 */
export interface XmlElement {
  /** Qualified name as written in the document, e.g. `ram:SellerTradeParty` */
  name: string;
  /** Local name, e.g. `SellerTradeParty` */
  local: string;
  /** Namespace URI ('' when none) */
  ns: string;
  /**
   * Attributes by qualified name as written (`unitCode`, `xsi:type`); xmlns declarations excluded.
   * Read only: when empty, or when the element's one attribute repeats elsewhere, the object is frozen
   * and shared with other elements (decisions 0143, 0176); give the element a new object to change it.
   */
  attrs: Record<string, string>;
  /** Element children in document order */
  children: XmlElement[];
  /** Concatenated character data of this element's own text nodes (entities and CDATA resolved) */
  text: string;
  /**
   * No longer set by the parsers, nor read by `hasBlankText` (decision 0188 replaced the mark of
   * decision 0173): kept so that trees built by other code with it still type-check.
   * @deprecated ask `hasBlankText(el)`
   */
  blankText?: string | null;
  /** 1-based line and column of the start tag */
  line: number;
  column: number;
  parent: XmlElement | null;
}

export interface XmlError {
  /** XML-SYNTAX (not well-formed), XML-DTD (DOCTYPE/entities refused), XML-SIZE, XML-DEPTH, XML-EMPTY, XML-ENCODING */
  code: string;
  message: string;
  line?: number;
  column?: number;
}

export interface ParseOptions {
  /** Refuse inputs larger than this many bytes (default 20 MiB) */
  maxBytes?: number;
  /** Refuse documents nested deeper than this (default 200) */
  maxDepth?: number;
}

export type ParseResult = { ok: true; root: XmlElement } | { ok: false; error: XmlError };
