import type { Invoice, Profile, Severity, SourceValue } from '@einv/core-model';
import type { Computed } from './computed.js';

/** Languages of messages and explanations. */
export type Lang = 'en' | 'fr';
export type Text = Record<Lang, string>;

/** The syntax an invoice came from; some official severities differ by syntax (BR-51). */
export type Syntax = 'CII' | 'UBL';

export interface RuleContext {
  /** Syntax the invoice was read from; undefined for a JSON invoice (no XML source) */
  syntax: Syntax | undefined;
  lang: Lang;
  /** Factur-X profile the invoice claims, when the caller gave one */
  profile: Profile | undefined;
  /**
   * What the reader saw in the XML (see source-context.ts); undefined for a JSON invoice. Rules that
   * judge XML nodes use it when it holds their id and fall back to the model otherwise.
   */
  source?: SourceContext | undefined;
  /** BR-FR only: the edition being run (a few official contexts exist in one edition only) */
  edition?: 'transition' | 'standard' | undefined;
  /**
   * BR-FR only: the release being run — 1.4.0.02 (transition edition), 1.4.0.03 or 1.4.0.04
   * (standard edition). Rules whose official text changed between releases read it.
   */
  frenchVersion?: FrenchVersion | undefined;
  /**
   * The reform's processing type ("cadre de facturation", B2B, B2BINT, B2C…) when the caller gave it;
   * the BR-FR rules that read the BAR note take it when the invoice has none.
   */
  processingType?: string | undefined;
}

/** Releases of the French rules einv implements; the transition edition is always 1.4.0.02 */
export type FrenchVersion = '1.4.0.02' | '1.4.0.03' | '1.4.0.04';

/** The source facts of an XML invoice, as the rules see them */
export interface SourceContext {
  /** The nodes the official context of `ruleId` selects, or undefined when the reader did not collect them */
  values(ruleId: string): readonly SourceValue[] | undefined;
  /** True when the element of this model path is in the XML but its value could not be read */
  unreadable(path: string): boolean;
  /** The model path read from this XPath, or the one of its nearest ancestor; `invoice` when none */
  pathAt(xpath: string): string;
  /** Local name of the document's root element (Invoice, CreditNote, CrossIndustryInvoice), when known */
  root: string | undefined;
  /** The number at this model path as the XML wrote it ("10.500"), when it was not written plainly */
  lexical(path: string): string | undefined;
  /** False when no number was recorded: rules then need not build paths to ask */
  hasLexical: boolean;
  /**
   * False when no number was recorded at a path whose last name is `field` (`netAmount`): a rule
   * asking per line need not build each line's path. Absent: ask `lexical` anyway.
   */
  hasLexicalField?(field: string): boolean;
  /**
   * How many nodes of the document the official context of this EN 16931 rule selects; undefined
   * when the reader did not count it (not an official BR-* rule, or facts without counts)
   */
  contextCount(ruleId: string): number | undefined;
  /**
   * contextCount of each of `ids` by position: `counts[at[i]]` for `ids[i]` when `at[i] >= 0` (NaN
   * or no position where contextCount is undefined); undefined when the reader did not count. `ids`
   * is a rule list's (the same array on every call): validate() reads one count per rule from
   * arrays (decision 0201), nothing is built per document for a reader's facts.
   */
  contextCounts(ids: readonly string[]): { at: ArrayLike<number>; counts: ArrayLike<number> } | undefined;
  /** True when the reader counted the official contexts (validate() then skips rules whose context is absent) */
  hasContexts: boolean;
}

/**
 * Called by a rule's predicate once per offending node (the official schematron fires once per
 * context node, and the conformance suite counts fires). `path` is rooted at `invoice`.
 */
export type Report = (
  path: string,
  detail?: {
    value?: unknown;
    bt?: string;
    message?: Text;
    /**
     * Overrides the rule's (edition) severity for this one finding. Used by BR-FR-09, whose
     * contract advisory "seller has no SIRET" is always a warning (decision 0070).
     */
    severity?: Severity;
    /** The XML node, when the rule judged a source node rather than a model path */
    xpath?: string;
    line?: number;
    /**
     * Calculation and consistency rules: the value they expected and how they got it; validate()
     * turns it into the finding's `found`, `expected` and `derivation` (decision 0130)
     */
    computed?: Computed;
  },
) => void;

export interface RuleDefinition {
  /** Official id: BR-01, BR-CO-10, BR-S-08, BR-CL-01, BR-FR-09… */
  id: string;
  /** Rule set it belongs to: EN16931, BR-FR, FACTUR-X */
  ruleSet: string;
  /** Family for reporting and files: core, co, dec, S, Z, E, AE, IC, G, O, AF, AG, B, CL, FR… */
  family: string;
  /** Official severity; an object when it differs by syntax */
  severity: Severity | Record<Syntax, Severity>;
  /**
   * BR-FR only: severity per edition of the French schematron (`transition` = 1.4.0.02 _WARNING
   * edition, `standard` = 1.4.0.03 / 1.4.0.04, all fatal). When present it wins over `severity`.
   */
  editionSeverity?: { transition: Severity; standard: Severity };
  /** Business terms the rule reads (BT-x / BG-x); the first one is the finding's `bt` by default */
  terms: string[];
  /** Short message of a finding, our own words */
  message: Text;
  /** What the rule checks and why, in plain language */
  explanation: Text;
  /** How to fix an invoice that breaks it */
  fix: Text;
  /**
   * Factur-X profile rules only: the profiles this rule applies to (omitted = every profile).
   * validate() runs a FACTUR-X rule only when its `profile` option is one of these.
   */
  profiles?: readonly Profile[];
  check: (invoice: Invoice, report: Report, context: RuleContext) => void;
}

export function defineRule(rule: RuleDefinition): RuleDefinition {
  return rule;
}
