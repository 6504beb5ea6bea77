/**
 * Source facts: what a reader saw in the XML that the Invoice model normalises away, for the
 * official rules that test the XML itself rather than a business term.
 *
 * The model keeps one value per business term. Some official rules look at every node of a kind
 * in the document instead: BR-CL-03 checks the currencyID of every UBL amount element, BR-CL-14
 * every country code (also of parties the model has no place for), BR-52 every referenced
 * document, BR-FR-16 the rate as written ("20.000" and "20" are one number but not one lexical
 * form). Readers collect, per official rule id, the value of each node the rule's official
 * context selects; validate() hands them to the rules, which then judge the nodes exactly as the
 * official artefacts do and fall back to the model for a JSON invoice (no XML, no facts).
 * See docs/decisions/0107-source-facts.md.
 */

/** One node an official rule's context selects, with the value its test reads */
export interface SourceValue {
  /** The tested value as written (element text or attribute); undefined when that text or attribute is absent */
  readonly value: string | undefined;
  /** A distinction the rule needs between nodes of one context (e.g. `CreditNoteTypeCode`) */
  readonly tag?: string;
  /** Nodes (of any rule id) with the same group number belong to one element the rule groups by */
  readonly group?: number;
  /** XPath of the node (with `/@attr` when the value is an attribute), as SourceLocations write it */
  readonly xpath: string;
  /** 1-based line of the node in the XML */
  readonly line: number;
}

export interface SourceFacts {
  /**
   * Local name of the root element (Invoice, CreditNote, CrossIndustryInvoice): some official UBL
   * rules exist for one root only (BR-FR-CO-03 and CO-05 for CreditNote)
   */
  readonly root?: string;
  /**
   * Official rule id → the nodes its context selects, in document order. A key that is present
   * (even with an empty list) means the reader collected it: the rule judges these nodes and not
   * the model. Absent keys leave the rule on the model. When one rule reads several node sets, or
   * several rules one set, the key names the official context instead: `BR-CO-14/subtotal`,
   * `BR-FR-02/transition` (a context of one edition), `EXT-FR-FE-136` (the term the official
   * assertions are named after).
   */
  readonly values: Readonly<Record<string, readonly SourceValue[]>>;
  /**
   * Model paths of terms whose element is in the XML but whose value could not be read (an empty
   * or malformed number or date). The term is absent from the model, yet an official `exists()`
   * test sees the element: presence rules (BR-22…) treat these paths as given.
   */
  readonly unreadable: ReadonlySet<string>;
  /**
   * Model path → the number as written in the XML ("10.500" is 10.5 in the model), for the numbers
   * not written plainly (more than two decimals, a sign, leading zeros, spaces): the official BR-DEC
   * tests read the string. A plain number ("100", "12.5", "-3.20") is not recorded: its value says
   * all those tests read (except the digit count of a 17+ digit amount written with ".00").
   */
  readonly lexical?: ReadonlyMap<string, string>;
  /**
   * Official EN 16931 rule id → how many nodes of the document its official context selects (the
   * first rule of a schematron pattern claims a node), for every BR-* rule of the syntax's official
   * tables. The official validator fires a rule once per such node: validate() does not run a rule
   * whose context is absent (0). Absent (a JSON invoice, older facts): every rule runs on the model.
   * See docs/decisions/0111-rule-applicability-from-official-contexts.md.
   */
  readonly contexts?: Readonly<Record<string, number>>;
}

/**
 * A reader's `contexts` record by position: `counts[k]` is the record's value for `ids[k]`, and
 * `ids` is the reader's list for its syntax, the same array for every document. validate() maps
 * the ids of its rule lists to positions once per list and reads each rule's count from an array,
 * where the record cost a keyed lookup in a 220-entry dictionary per rule and document (decision
 * 0201). Kept beside the record (not in SourceFacts): facts that replace `contexts` by another record
 * simply have none, and the rules look that record up as before.
 */
export interface RuleContextCounts {
  readonly ids: readonly string[];
  readonly counts: ArrayLike<number>;
}

const countsByRecord = new WeakMap<object, RuleContextCounts>();

/** Records that `record` (a `contexts` record, not changed afterwards) holds these counts */
export function setContextCounts(record: Readonly<Record<string, number>>, counts: RuleContextCounts): void {
  countsByRecord.set(record, counts);
}

/** The counts recorded with setContextCounts for this `contexts` record, if any */
export function contextCountsOf(record: object): RuleContextCounts | undefined {
  return countsByRecord.get(record);
}

const wellFormed = new WeakSet<object>();

/**
 * Records that `values` (a SourceFacts `values` record, not changed afterwards) was made by the
 * readers' walk: every key holds an array of well-formed SourceValue nodes, so validate() reads it
 * without checking each node or keeping a memo of the checks (decision 0217)
 */
export function setWellFormedValues(values: Readonly<Record<string, readonly SourceValue[]>>): void {
  wellFormed.add(values);
}

/** True for a `values` record recorded with setWellFormedValues */
export function hasWellFormedValues(values: object): boolean {
  return wellFormed.has(values);
}

/**
 * Forgets the counts and the mark recorded for these facts' records (setContextCounts,
 * setWellFormedValues), once the document's rules have run: the records are old objects, and a
 * scavenge keeps a WeakMap's value alive while its key is old, dead or not, so each document's counts
 * were copied by every scavenge until a full collection (decision 0233). Facts used again afterwards
 * are read as a caller's facts are: the same answers, by lookups.
 */
export function releaseSourceFacts(facts: SourceFacts): void {
  if (typeof facts.contexts === 'object' && facts.contexts !== null) countsByRecord.delete(facts.contexts);
  if (typeof facts.values === 'object' && facts.values !== null) wellFormed.delete(facts.values);
}

/** The facts of a document the reader could not read at all (not XML, not an invoice) */
export const NO_SOURCE_FACTS: SourceFacts = Object.freeze({
  values: Object.freeze({}),
  unreadable: new Set<string>(),
});

const PLAIN_NUMBER = /^-?(0|[1-9]\d*)(\.\d{1,2})?$/;

/**
 * True for a number written plainly ("100", "12.5", "-3.20"): its value says all the official
 * decimal tests read, so readers do not record it in `lexical`
 */
export function isPlainNumber(text: string): boolean {
  return PLAIN_NUMBER.test(text);
}

/** 10^decimals for the decimals a plain number may have */
const TENS = [1, 10, 100];
/** Up to this many digits an integer is exact in a double (below 2^53) */
const EXACT_DIGITS = 15;

/**
 * A number written plainly (isPlainNumber's form, no white space) → its value, in one pass over the
 * characters; undefined for any other text (the readers' general path then: their parser and a
 * lexical form for the BR-DEC rules). Nearly all of an invoice's numbers are plain: this spares the
 * regular expression and `Number(text)` (a call into the runtime, about twice the scan). With at
 * most 15 digits the digits are an exact integer and one division by 1, 10 or 100 is the correctly
 * rounded value, Number's answer (Clinger's fast path); longer forms ask Number.
 */
export function plainNumberValue(text: string): number | undefined {
  const n = text.length;
  const first = text.charCodeAt(0) === 45 /* - */ ? 1 : 0;
  let i = first;
  let m = 0;
  let c = text.charCodeAt(i);
  if (c === 48 /* 0 */) i++;
  else {
    while (c >= 48 && c <= 57) {
      m = m * 10 + (c - 48);
      c = text.charCodeAt(++i);
    }
    if (i === first) return undefined; // no digit, or a leading '+', '.' or space
  }
  let decimals = 0;
  if (i < n) {
    if (text.charCodeAt(i) !== 46 /* . */) return undefined;
    decimals = n - i - 1;
    if (decimals < 1 || decimals > 2) return undefined;
    for (let k = i + 1; k < n; k++) {
      const d = text.charCodeAt(k);
      if (d < 48 || d > 57) return undefined;
      m = m * 10 + (d - 48);
    }
  }
  if (n - first - (decimals > 0 ? 1 : 0) > EXACT_DIGITS) {
    const value = Number(text);
    return Number.isFinite(value) ? value : undefined;
  }
  const value = decimals === 0 ? m : m / (TENS[decimals] as number);
  return first === 1 ? -value : value;
}
