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
 */
interface NameEntry {
  /** the context branches that can match it, in table order */
  contexts: readonly ContextEntry[];
  /** the sites that can select it (SiteTable.sitesUnder); undefined when none */
  sites: KeyedSite[] | undefined;
  /** the entries of its children by local name (a child's entry depends on this one's name) */
  byName: Map<string, NameEntry>;
  /** the entries of the children last met at each position under it (ChildMemo) */
  kids: ChildMemo<NameEntry>;
}

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
      const candidates = entry.contexts;
      if (candidates.length > 0) claimContexts(compiled, hits, e, candidates, doc);
      if (found !== null && entry.sites !== undefined) found.visitSites(e, entry.sites);
      const children = e.children;
      if (children.length === 0) leaves++;
      const kids = entry.kids;
      for (let i = 0; i < children.length; i++) {
        const c = children[i] as XmlElement;
        visit(c, kids.at(i, c.local) ?? kids.set(i, c.local, this.#child(entry, c)));
      }
    };
    try {
      visit(root, this.#root(root));
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

  #root(e: XmlElement): NameEntry {
    return this.#roots.get(e.local) ?? this.#entry(this.#roots, e, undefined);
  }

  /** The entry of `c`, a child of an element whose entry is `parent` */
  #child(parent: NameEntry, c: XmlElement): NameEntry {
    return parent.byName.get(c.local) ?? this.#entry(parent.byName, c, (c.parent as XmlElement).local);
  }

  /** A new entry for `e` (its parent's local name given, undefined for a root), kept in `into` while bounded */
  #entry(into: Map<string, NameEntry>, e: XmlElement, parent: string | undefined): NameEntry {
    const entry: NameEntry = {
      contexts: this.contexts.index.candidates(e),
      sites: this.sites.sitesUnder(e.local, parent),
      byName: new Map(),
      kids: new ChildMemo<NameEntry>(),
    };
    if (this.#kept < MAX_ENTRIES) {
      this.#kept++;
      into.set(e.local, entry);
    }
    return entry;
  }
}
