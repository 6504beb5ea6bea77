/**
 * The readers' source facts in one walk of the document: the official rule contexts each element
 * is claimed by (contexts.ts, decision 0111) and the sites it is selected by (`SiteTable` of
 * @einv/xml, decision 0107). Both were separate walks, each looking every element's local name up in
 * its own table; here each element is visited once and its name looked up once, in a table of both
 * built per name on first sight (decision 0177).
 */
import { setWellFormedValues } from '@einv/core-model';
import { type KeyedSite, type SiteHit, SiteHits, type SiteTable, type XmlElement } from '@einv/xml';
import { ChildMemo } from './child-memo.js';
import { type CompiledRuleContexts, claimContexts, countsOf } from './contexts.js';
import { XDocument } from './xpath.js';
import type { ContextEntry } from './xpath-match.js';

/**
 * What both tables hold for an element of one local name under a parent of one local name, reached
 * by one path of names from the root (decision 0251). Both tables answer by the element's name and
 * its parent's name only, so the answers are resolved when the path is first met, not per element:
 * the walk used to look the parent's name up per element, in the contexts' table for the names whose
 * contexts need it (`candidatesUnder`) and in the sites' table for the names with sites filed under
 * a parent (`SiteHits.visit`).
 *
 * A path here is one of names and namespaces (decision 0263): a context branch that tests names only
 * (`ContextEntry.namesOnly`: `//ram:IncludedSupplyChainTradeLineItem`, `//cac:InvoicePeriod`) matches
 * every element of a path or none, so it is decided on the path's first element and its hit counted
 * per element without a test (`settled`); only the branches with other predicates are tried per
 * element (`contexts`).
 */
interface NameEntry {
  /** the namespace of the path's elements (an element of another one under the same names has its own entry) */
  ns: string;
  /** the hit slots counted for every element of the path: its patterns claimed by a name-only branch */
  settled: readonly number[];
  /**
   * the context branches to try on each element, in table order: those that are not name-only, and
   * a name-only one that matched after one of those in its pattern (its match then `matches`)
   */
  contexts: readonly ContextEntry[];
  /** the sites that can select it (SiteTable.sitesUnder); undefined when none */
  sites: KeyedSite[] | undefined;
  /** the entries of its children by local name (a child's entry depends on this one's name) */
  byName: Map<string, NameEntry>;
  /** the entries of the children last met at each position under it (ChildMemo) */
  kids: ChildMemo<NameEntry>;
}

const NO_SLOTS: readonly number[] = [];
const NO_CONTEXTS: readonly ContextEntry[] = [];
/** A name-only branch that matched, standing after branches of its pattern still tried per element */
const matches = (): boolean => true;

/** Hostile documents can invent any number of names and paths: the entries kept are bounded */
const MAX_ENTRIES = 10_000;

export interface SourceWalkResult {
  /** rule id → the nodes its official context claims (countRuleContexts' record) */
  contexts: Record<string, number>;
  /** site key → the nodes it selects (SiteTable.collect's record); {} when sites were not asked */
  values: Record<string, SiteHit[]>;
  /**
   * The number of leaves (elements without children) of the document, counted on the way: the CII
   * reader skips its report of the leaves it did not read when it read as many (decision 0211)
   */
  leaves: number;
}

/** A binding's rule contexts and sites, walked together (one per binding, built once) */
export class SourceWalk {
  /** the entries of the root elements, by local name */
  readonly #roots = new Map<string, NameEntry>();
  #kept = 0;

  constructor(
    private readonly contexts: CompiledRuleContexts,
    private readonly sites: SiteTable,
  ) {}

  /**
   * The same as `countRuleContexts(contexts, root)` and (with `withSites`) `sites.collect(root)`,
   * from one walk in document order
   */
  run(root: XmlElement, withSites: boolean): SourceWalkResult {
    const compiled = this.contexts;
    // this pass's own document, garbage once the pass returns (decision 0226)
    const doc = new XDocument(root);
    const hits = compiled.zeroHits();
    const found = withSites ? new SiteHits(this.sites) : null;
    // the leaves counted here, not returned by each visit: the CII reader at 1,000 lines measured
    // ×0.97–1.07 with the returned counts, ×0.87–0.93 with this one (paired rounds)
    let leaves = 0;
    // document order (the parser caps the depth, so recursion is bounded)
    const visit = (e: XmlElement, entry: NameEntry): void => {
      const settled = entry.settled;
      for (let k = 0; k < settled.length; k++) {
        const slot = settled[k] as number;
        hits[slot] = (hits[slot] as number) + 1;
      }
      const candidates = entry.contexts;
      if (candidates.length > 0) claimContexts(compiled, hits, e, candidates, doc);
      if (found !== null && entry.sites !== undefined) found.visitSites(e, entry.sites);
      const children = e.children;
      if (children.length === 0) leaves++;
      const kids = entry.kids;
      for (let i = 0; i < children.length; i++) {
        const c = children[i] as XmlElement;
        const known = kids.at(i, c.local);
        visit(
          c,
          known !== undefined && known.ns === c.ns ? known : kids.set(i, c.local, this.#child(entry, c, doc)),
        );
      }
    };
    try {
      visit(root, this.#root(root, doc));
    } catch (err) {
      // the table's reused lists are given back, cleared (sites.ts HitLists)
      found?.discard();
      throw err;
    }
    const values = found ? found.result() : {};
    // every list is of SiteHits, well-formed SourceValues: the rules need not check them (decision 0217)
    if (found) setWellFormedValues(values);
    return { contexts: countsOf(compiled, hits), values, leaves };
  }

  #root(e: XmlElement, doc: XDocument): NameEntry {
    return this.#entryIn(this.#roots, e, undefined, doc);
  }

  /** The entry of `c`, a child of an element whose entry is `parent` */
  #child(parent: NameEntry, c: XmlElement, doc: XDocument): NameEntry {
    return this.#entryIn(parent.byName, c, (c.parent as XmlElement).local, doc);
  }

  /**
   * The entry of `e` among the entries of its siblings' names `into` (its parent's local name given,
   * undefined for a root): the one of its local name, or of its namespace and local name when the
   * local name's is another namespace's (no invoice does this); a new one when none is kept
   */
  #entryIn(
    into: Map<string, NameEntry>,
    e: XmlElement,
    parent: string | undefined,
    doc: XDocument,
  ): NameEntry {
    const local = e.local;
    const known = into.get(local);
    if (known === undefined || known.ns === e.ns) return known ?? this.#entry(into, local, e, parent, doc);
    const key = `${e.ns} ${local}`;
    return into.get(key) ?? this.#entry(into, key, e, parent, doc);
  }

  /** A new entry for the path of `e`, kept in `into` under `key` while bounded */
  #entry(
    into: Map<string, NameEntry>,
    key: string,
    e: XmlElement,
    parent: string | undefined,
    doc: XDocument,
  ): NameEntry {
    const { settled, contexts } = this.#decide(this.contexts.index.candidates(e), e, doc);
    const entry: NameEntry = {
      ns: e.ns,
      settled,
      contexts,
      sites: this.sites.sitesUnder(e.local, parent),
      byName: new Map(),
      kids: new ChildMemo<NameEntry>(),
    };
    if (this.#kept < MAX_ENTRIES) {
      this.#kept++;
      into.set(key, entry);
    }
    return entry;
  }

  /**
   * The name-only branches of `candidates` decided on `e`, the first element of its path: the
   * same claims as claimContexts trying them all on each element of the path. claimContexts claims
   * an element for a pattern with the first of its branches (in table order) that matches: a
   * name-only branch that does not match is dropped; one that does ends its pattern's list (the
   * branches after it can never claim), and is counted without a test when no branch before it
   * needs one, else tried after those with `matches`.
   */
  #decide(
    candidates: readonly ContextEntry[],
    e: XmlElement,
    doc: XDocument,
  ): { settled: readonly number[]; contexts: readonly ContextEntry[] } {
    if (candidates.length === 0) return { settled: NO_SLOTS, contexts: NO_CONTEXTS };
    const offsets = this.contexts.offsets;
    const settled: number[] = [];
    const contexts: ContextEntry[] = [];
    let group = -1;
    // the current pattern: decided by a name-only branch; a branch before it that needs a test
    let decided = false;
    let tried = false;
    for (const c of candidates) {
      if (c.group !== group) {
        group = c.group;
        decided = false;
        tried = false;
      }
      if (decided) continue;
      if (!c.namesOnly) {
        // its names fail on this path: it claims none of the path's elements
        if (c.names !== null && !c.names(e, doc)) continue;
        contexts.push(c);
        tried = true;
      } else if (c.match(e, doc)) {
        decided = true;
        if (tried)
          contexts.push({ group: c.group, rule: c.rule, match: matches, namesOnly: true, names: null });
        else settled.push((offsets[c.group] as number) + c.rule);
      }
    }
    return {
      settled: settled.length === 0 ? NO_SLOTS : settled,
      contexts: contexts.length === 0 ? NO_CONTEXTS : contexts,
    };
  }
}
