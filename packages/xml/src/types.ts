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
  /** Attributes by qualified name as written (`unitCode`, `xsi:type`); xmlns declarations excluded */
  attrs: Record<string, string>;
  /** Element children in document order */
  children: XmlElement[];
  /** Concatenated character data of this element's own text nodes (entities and CDATA resolved) */
  text: string;
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
