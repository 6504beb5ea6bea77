/**
 * Findings are what every check of einv produces: shape errors, structure and syntax checks,
 * business rules, PDF preflight. One shape everywhere so the APIs and the web page show them alike.
 */

export type Severity = 'fatal' | 'warning' | 'information';

export interface Finding {
  /** Rule or check code: BR-01, BR-FR-09, CII-SR-001, SCHEMA, XML-SYNTAX, PDFA-6.8-1… */
  rule: string;
  /** Human-readable text in the requested language: what is wrong and what was expected */
  message: string;
  /** Dotted path rooted at `invoice`, e.g. `invoice.lines[2].vatRate`; `invoice` for the whole document */
  path: string;
  severity: Severity;
  /** Business term the finding is about (BT-x or BG-x), when there is one */
  bt?: string;
  /** XPath of the offending node when the invoice came from XML */
  xpath?: string;
  /** 1-based line in the XML source, when known */
  line?: number;
  /** The offending value, when useful to show */
  value?: unknown;
  /**
   * Calculation and consistency findings (decision 0130): the value the document gives, as written
   * (absent when the document gives none) …
   */
  found?: string;
  /** … the value the rule computed from the other terms (a decimal string) … */
  expected?: string;
  /** … and how, in the report's language: "BT-112 = BT-109 + BT-110 = 1 267,50 + 113,21 = 1 380,71 ; …" */
  derivation?: string;
  /**
   * A calculation judged on the XML by an official test (decision 0152): the test's own variables,
   * with the values they had, as the facade needs them to write `derivation` in the reader's
   * language. The facade (`localizeFindings`) replaces it by `derivation`: the reports of
   * `validateDocument` / `checkXml` never carry it (a direct `checkCii` / `checkUbl` call does).
   */
  calculation?: XmlCalculation;
}

/** An operation joining an operand to the previous one, as derivations write it */
export type FormulaOp = '+' | '−' | '×' | '÷';

/**
 * What an official test computed, in its own terms: `expected` = operands joined by their operators,
 * `found` = the variable `given`. Variables are the test's names ($basisAmount is `basisAmount`);
 * an operand without `variable` is a constant of the test (the 100 of a percentage).
 */
export interface XmlCalculation {
  given: string;
  operands: { op?: FormulaOp; variable?: string; value: string }[];
}

export interface RuleSetRef {
  /** EN16931, BR-FR, FACTUR-X-EN16931, CII-SYNTAX… */
  name: string;
  /** 1.3.16, 1.4.0.03 (+ edition), 1.09.2… */
  version: string;
}

/**
 * Something the reader of a report must know that is not a finding about the document's content
 * (a MINIMUM or BASIC-WL document is a booking aid, not an invoice: decision 0113).
 */
export interface Notice {
  code: string;
  message: string;
}

export interface ValidationResult {
  /** false exactly when there is at least one fatal finding */
  valid: boolean;
  errors: Finding[];
  warnings: Finding[];
  ruleSets: RuleSetRef[];
  /** Present when there is something to say about the document as a whole (see Notice) */
  notices?: Notice[];
}

/** One place in an XML source: the element's (or attribute's) XPath and the line of its start tag */
export interface SourceLocation {
  xpath: string;
  line?: number;
}

/**
 * Where each model path came from in an XML source: filled by readCii/readUbl, used by the rules
 * to add `xpath` and `line` to their findings. Keys are model paths (`invoice.lines[0].quantity`).
 * The readers build it on first use from their LocationTable (decision 0142).
 */
export type SourceLocations = Record<string, SourceLocation>;

/** Splits findings into the errors/warnings of a ValidationResult. */
export function toValidationResult(findings: readonly Finding[], ruleSets: RuleSetRef[]): ValidationResult {
  const errors = findings.filter((f) => f.severity === 'fatal');
  const warnings = findings.filter((f) => f.severity !== 'fatal');
  return { valid: errors.length === 0, errors, warnings, ruleSets };
}
