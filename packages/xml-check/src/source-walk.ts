/**
 * The readers' source facts in one walk of the document: the official rule contexts each element
 * is claimed by (contexts.ts, decision 0111) and the sites it is selected by (`SiteTable` of
 * @einv/xml, decision 0107). Both were separate walks, each looking every element's local name up in
 * its own table; here each element is visited once and its name looked up once, in a table of both
 * built per name on first sight (decision 0177).
 */
import { setWellFormedValues } from '@einv/core-model';
import { type SiteHit, SiteHits, type SitesOfName, type SiteTable, type XmlElement } from '@einv/xml';
import { ChildMemo } from './child-memo.js';
import { type CompiledRuleContexts, claimContexts, countsOf } from './contexts.js';
import { XDocument } from './xpath.js';
import { type ContextEntry, candidatesUnder } from './xpath-match.js';

/** What both tables hold for one local name */
interface NameEntry {
  /** the context branches that can match it, or null when they depend on the parent's name */
  contexts: readonly ContextEntry[] | null;
  /** when they do: those met so far by the parent's name (ContextIndex.parentTable) */
  byParent: ReadonlyMap<string, readonly ContextEntry[]> | null;
  sites: SitesOfName | undefined;
  /** the entries of the children last met at each position under an element of this name (ChildMemo) */
  kids: ChildMemo<NameEntry>;
}

/** Hostile documents can invent any number of names: the entries kept are bounded */
const MAX_NAMES = 10_000;

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
  readonly #names = new Map<string, NameEntry>();

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
    const index = compiled.index;
    // this pass's own document, garbage once the pass returns (decision 0226)
    const doc = new XDocument(root);
    const hits = compiled.zeroHits();
    const found = withSites ? new SiteHits(this.sites) : null;
    const names = this.#names;
    // the leaves counted here, not returned by each visit: the CII reader at 1,000 lines measured
    // ×0.97–1.07 with the returned counts, ×0.87–0.93 with this one (paired rounds)
    let leaves = 0;
    // document order (the parser caps the depth, so recursion is bounded)
    const visit = (e: XmlElement, entry: NameEntry): void => {
      const candidates = entry.contexts ?? candidatesUnder(entry.byParent, e, index);
      if (candidates.length > 0) claimContexts(compiled, hits, e, candidates, doc);
      if (found !== null && entry.sites !== undefined) found.visit(e, entry.sites);
      const children = e.children;
      if (children.length === 0) leaves++;
      const kids = entry.kids;
      for (let i = 0; i < children.length; i++) {
        const c = children[i] as XmlElement;
        visit(c, kids.at(i, c.local) ?? kids.set(i, c.local, names.get(c.local) ?? this.#entry(c.local)));
      }
    };
    try {
      visit(root, names.get(root.local) ?? this.#entry(root.local));
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

  #entry(local: string): NameEntry {
    const contexts = this.contexts.index.candidatesOfName(local);
    const entry = {
      contexts,
      byParent: contexts === null ? this.contexts.index.parentTable(local) : null,
      sites: this.sites.sitesOf(local),
      kids: new ChildMemo<NameEntry>(),
    };
    if (this.#names.size < MAX_NAMES) this.#names.set(local, entry);
    return entry;
  }
}
