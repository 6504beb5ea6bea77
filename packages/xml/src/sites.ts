/**
 * Sites: the nodes an XSLT match pattern of the official schematrons selects, collected in one walk
 * of the tree. A site describes the simple patterns those rules use — an element name, its
 * parent (and grandparent), a required attribute, excluded ancestors, a condition — and which value
 * the rule's test reads: the element text, an attribute, or a child's text.
 *
 * Used by the readers to record source facts (see @einv/core-model source-facts.ts): the values
 * official rules judge node by node, where the model keeps one value per business term.
 */
import { child, xpathOf } from './helpers.js';
import type { XmlElement } from './types.js';

export interface Site {
  /** The key the hits are filed under (an official rule id) */
  key: string;
  /** Namespace URI of the selected element */
  ns: string;
  /** Local names of the selected element (any of them) */
  elements: readonly string[];
  /** Local name the parent must have */
  parent?: string;
  /** Local name the grandparent must have */
  grandparent?: string;
  /** Only elements carrying this attribute (`[@schemeID]` in the official pattern) */
  withAttribute?: string;
  /** Not inside an element with one of these local names (`not(ancestor::…)`) */
  notWithin?: readonly string[];
  /** Any other condition of the pattern */
  when?: (el: XmlElement) => boolean;
  /**
   * The value the test reads: the element text (default), an attribute, the text of a child, or
   * one computed from the element (a test on several children; undefined when it reads nothing)
   */
  value?:
    | { attribute: string }
    | { child: string; ns: string }
    | { read: (el: XmlElement) => string | undefined };
  /** A distinction the rule needs between nodes of the site, e.g. the element name */
  tag?: (el: XmlElement) => string | undefined;
  /**
   * The element a rule groups this node under (e.g. its cac:TaxTotal): nodes of any site of one
   * collect() with the same owner get the same `group` number
   */
  owner?: (el: XmlElement) => XmlElement | null | undefined;
}

/**
 * One selected node: shaped like SourceValue of @einv/core-model. Its XPath and line are read from
 * the element on demand (most nodes pass their rule); a hit keeps only its value and element, and
 * the name of its attribute (AttributeHit) or its tag and group (MarkedHit) when the site has them:
 * a 1,000-line invoice files ~8,000 hits, the largest allocation of the source facts (decision 0245).
 */
export class SiteHit {
  readonly value: string | undefined;
  /** own properties of MarkedHit only: undefined (and not own) on other hits */
  declare readonly tag?: string;
  declare readonly group?: number;
  readonly #el: XmlElement;

  constructor(el: XmlElement, value: string | undefined) {
    this.value = value;
    this.#el = el;
  }

  /** the element's line: read from the element rather than copied into every hit */
  get line(): number {
    return this.#el.line;
  }

  /** Built only when a finding needs it: most nodes pass their rule */
  get xpath(): string {
    return xpathOf(this.#el);
  }

  toJSON(): { value: string | undefined; tag?: string; group?: number; xpath: string; line: number } {
    return {
      value: this.value,
      ...(this.tag !== undefined ? { tag: this.tag } : {}),
      ...(this.group !== undefined ? { group: this.group } : {}),
      xpath: this.xpath,
      line: this.line,
    };
  }
}

/** A hit whose value is an attribute of the element: its XPath names the attribute */
class AttributeHit extends SiteHit {
  readonly #attribute: string;

  constructor(el: XmlElement, value: string | undefined, attribute: string) {
    super(el, value);
    this.#attribute = attribute;
  }

  override get xpath(): string {
    return `${super.xpath}/@${this.#attribute}`;
  }
}

/**
 * A hit of a site with a tag or an owner (a quarter of the hits or fewer)
 */
class MarkedHit extends SiteHit {
  declare readonly tag?: string;
  declare readonly group?: number;
  readonly #attribute: string | undefined;

  constructor(
    el: XmlElement,
    value: string | undefined,
    attribute: string | undefined,
    tag: string | undefined,
    group: number | undefined,
  ) {
    super(el, value);
    this.#attribute = attribute;
    // both always own properties (undefined when the site gives none), so every MarkedHit has
    // one shape; toJSON leaves an undefined one out, as before
    const own = this as { tag?: string | undefined; group?: number | undefined };
    own.tag = tag;
    own.group = group;
  }

  override get xpath(): string {
    const path = super.xpath;
    return this.#attribute === undefined ? path : `${path}/@${this.#attribute}`;
  }
}

/** A site and the position of its key in SiteTable.keys */
export interface KeyedSite {
  site: Site;
  key: number;
  /**
   * `selects(site, el)` compiled for this site once: only the conditions the site has, and not the
   * parent's name when the table files the site under it (SiteHits looks it up by that name)
   */
  selects: (el: XmlElement) => boolean;
  /** `hit(site, el, group)` with the site's kind of value decided once */
  hit: (el: XmlElement, group: number | undefined) => SiteHit;
}

/** The sites of one local name: those for any parent, and those by the parent's local name */
export interface SitesOfName {
  any: KeyedSite[] | undefined;
  byParent: Map<string, KeyedSite[]>;
}

/**
 * Sites indexed by the local name they select and the local name of the parent they require, compiled
 * once per table: most elements of a document select no site, and an element such as cbc:ID, which
 * many sites name, is only tested against those of its parent.
 */
export class SiteTable {
  readonly keys: readonly string[];
  readonly #byLocal = new Map<string, SitesOfName>();
  /**
   * A new list per key, and the record of the keys given the lists: array and object literals
   * compiled once per table, copied from their boilerplates per document instead of built key by
   * key (decision 0209). The keys are the official rule ids of the generated tables.
   */
  readonly newLists: () => SiteHit[][];
  readonly recordOf: (lists: readonly SiteHit[][]) => Record<string, SiteHit[]>;
  /** the lists a SiteHits fills, reused from document to document (HitLists) */
  readonly #scratch: HitLists;

  constructor(sites: readonly Site[]) {
    this.keys = [...new Set(sites.map((s) => s.key))];
    this.newLists = new Function(`return [${this.keys.map(() => '[]').join(',')}];`) as () => SiteHit[][];
    this.recordOf = new Function(
      'l',
      `return {${this.keys.map((k, i) => `${JSON.stringify(k)}: l[${i}]`).join(', ')}};`,
    ) as (lists: readonly SiteHit[][]) => Record<string, SiteHit[]>;
    this.#scratch = newHitLists(this.keys.length);
    const keyIndex = new Map(this.keys.map((k, i) => [k, i]));
    for (const site of sites) {
      const keyed: KeyedSite = {
        site,
        key: keyIndex.get(site.key) as number,
        selects: selectsOf(site),
        hit: hitOf(site),
      };
      for (const local of site.elements) {
        let byName = this.#byLocal.get(local);
        if (!byName) {
          byName = { any: undefined, byParent: new Map() };
          this.#byLocal.set(local, byName);
        }
        if (site.parent === undefined) {
          byName.any ??= [];
          byName.any.push(keyed);
        } else {
          const list = byName.byParent.get(site.parent);
          if (list) list.push(keyed);
          else byName.byParent.set(site.parent, [keyed]);
        }
      }
    }
  }

  /**
   * The sites that can select an element of this local name (undefined: none), for a walk that
   * looks an element's name up once for several tables (`@einv/xml-check` source-walk.ts)
   */
  sitesOf(local: string): SitesOfName | undefined {
    return this.#byLocal.get(local);
  }

  /**
   * The sites that can select an element of this local name under a parent of that local name ('' for
   * the root): those of any parent, then those filed under the parent's name, as SiteHits.visit tests
   * them; undefined when none. For a walk that resolves it once per name and parent name rather than
   * per element (`@einv/xml-check` source-walk.ts, decision 0251). A new list each call.
   */
  sitesUnder(local: string, parent: string | undefined): KeyedSite[] | undefined {
    const byName = this.#byLocal.get(local);
    if (byName === undefined) return undefined;
    const byParent = parent === undefined ? undefined : byName.byParent.get(parent);
    const all = [...(byName.any ?? []), ...(byParent ?? [])];
    return all.length > 0 ? all : undefined;
  }

  /**
   * The reused lists for a SiteHits, or fresh ones when a SiteHits of this table is still filling
   * them (nothing nests two today)
   */
  takeLists(): HitLists {
    const scratch = this.#scratch;
    if (scratch.busy) return { ...newHitLists(this.keys.length), busy: true };
    scratch.busy = true;
    return scratch;
  }

  /** Every key of the table with the nodes it selects under `root` (keys without nodes get []) */
  collect(root: XmlElement): Record<string, SiteHit[]> {
    const hits = new SiteHits(this);
    const byLocal = this.#byLocal;
    // document order (the parser caps the depth, so recursion is bounded)
    const visit = (el: XmlElement): void => {
      hits.visit(el, byLocal.get(el.local));
      const children = el.children;
      for (let i = 0; i < children.length; i++) visit(children[i] as XmlElement);
    };
    try {
      visit(root);
    } catch (err) {
      hits.discard();
      throw err;
    }
    return hits.result();
  }
}

/**
 * The hits of one document, key by key, in lists kept with the table and reused from document to
 * document: fresh arrays grown by push were, after the SiteHits themselves, the largest allocation
 * of the source facts (a 17-slot store for a key's first hit, then copies at every growth, a third
 * of them still alive at a scavenge at 1,000 lines), and at 10,000 lines they outgrow the young
 * generation during the walk (decision 0237). result() hands out exact copies; the lists are then
 * cleared of the hits (no document is kept) and dropped past HIT_LISTS_KEPT entries (a hostile size
 * is not kept for the process's life).
 */
export interface HitLists {
  lists: (SiteHit | undefined)[][];
  /** the hits filed in each list by the current document */
  used: number[];
  busy: boolean;
}
const HIT_LISTS_KEPT = 1 << 16;

function newHitLists(keys: number): HitLists {
  const lists: SiteHit[][] = [];
  for (let k = 0; k < keys; k++) lists.push([]);
  return { lists, used: new Array<number>(keys).fill(0), busy: false };
}

/**
 * The nodes the sites of one table select in one document, gathered element by element in document
 * order: by SiteTable.collect's own walk, or by a walk shared with other passes.
 */
export class SiteHits {
  readonly #table: SiteTable;
  readonly #hits: HitLists;
  readonly #lists: (SiteHit | undefined)[][];
  readonly #used: number[];
  /** the owners met so far, by their group number (made on the first: most documents have none) */
  #owners: Map<XmlElement, number> | undefined;

  constructor(table: SiteTable) {
    this.#table = table;
    this.#hits = table.takeLists();
    this.#lists = this.#hits.lists;
    this.#used = this.#hits.used;
  }

  /** Files the hits of `el`, given the sites of its local name (`table.sitesOf(el.local)`) */
  visit(el: XmlElement, byName: SitesOfName | undefined): void {
    if (byName === undefined) return;
    if (byName.any !== undefined) this.#test(byName.any, el);
    if (el.parent !== null && byName.byParent.size > 0) {
      const byParent = byName.byParent.get(el.parent.local);
      if (byParent !== undefined) this.#test(byParent, el);
    }
  }

  /** Files the hits of `el`, given the sites that can select it there (`table.sitesUnder(…)`) */
  visitSites(el: XmlElement, sites: KeyedSite[]): void {
    this.#test(sites, el);
  }

  /**
   * Every key of the table with the nodes filed under it ([] for none), each list a new array of
   * its hits; once only: the reused lists are cleared and given back to the table
   */
  result(): Record<string, SiteHit[]> {
    const out = this.#table.newLists();
    const lists = this.#lists;
    const used = this.#used;
    for (let k = 0; k < used.length; k++) {
      const n = used[k] as number;
      if (n !== 0) out[k] = (lists[k] as (SiteHit | undefined)[]).slice(0, n) as SiteHit[];
    }
    this.discard();
    return this.#table.recordOf(out);
  }

  /**
   * Clears the reused lists and gives them back to the table (result() does it; a walk that throws
   * calls it, so the lists keep no tree and the next document reuses them)
   */
  discard(): void {
    const hits = this.#hits;
    if (!hits.busy) return;
    const lists = hits.lists;
    const used = hits.used;
    for (let k = 0; k < used.length; k++) {
      const n = used[k] as number;
      if (n === 0) continue;
      const list = lists[k] as (SiteHit | undefined)[];
      if (list.length > HIT_LISTS_KEPT) lists[k] = [];
      else list.fill(undefined, 0, n);
      used[k] = 0;
    }
    hits.busy = false;
  }

  #test(sites: KeyedSite[], el: XmlElement): void {
    for (let i = 0; i < sites.length; i++) {
      const keyed = sites[i] as KeyedSite;
      if (keyed.selects(el)) {
        const k = keyed.key;
        const n = this.#used[k] as number;
        (this.#lists[k] as (SiteHit | undefined)[])[n] = keyed.hit(el, this.#groupOf(keyed.site, el));
        this.#used[k] = n + 1;
      }
    }
  }

  #groupOf(site: Site, el: XmlElement): number | undefined {
    const owner = site.owner?.(el);
    if (!owner) return undefined;
    this.#owners ??= new Map();
    let n = this.#owners.get(owner);
    if (n === undefined) {
      n = this.#owners.size;
      this.#owners.set(owner, n);
    }
    return n;
  }
}

/**
 * selects() for one site, compiled once. A site filed under its parent's name (SiteTable) is only
 * tested on elements whose parent has that name: the closure does not ask again.
 */
function selectsOf(site: Site): (el: XmlElement) => boolean {
  const { ns, grandparent, withAttribute, notWithin, when } = site;
  if (grandparent === undefined && withAttribute === undefined && !notWithin)
    return when ? (el) => el.ns === ns && when(el) : (el) => el.ns === ns;
  return (el) => {
    if (el.ns !== ns) return false;
    if (grandparent !== undefined && el.parent?.parent?.local !== grandparent) return false;
    if (withAttribute !== undefined && !Object.hasOwn(el.attrs, withAttribute)) return false;
    if (notWithin) {
      for (let a = el.parent; a; a = a.parent) if (notWithin.includes(a.local)) return false;
    }
    return when ? when(el) : true;
  };
}

/**
 * hit() for one site, its kind of value decided once (each kind its own closure, so every call
 * site stays monomorphic), and the kind of hit: a MarkedHit only for a site with a tag or an owner
 */
function hitOf(site: Site): (el: XmlElement, group: number | undefined) => SiteHit {
  const tagOf = site.tag;
  const v = site.value;
  if (tagOf !== undefined || site.owner !== undefined) return markedHitOf(tagOf, v);
  if (v === undefined) return (el) => new SiteHit(el, el.text);
  if ('read' in v) {
    const read = v.read;
    return (el) => new SiteHit(el, read(el));
  }
  if ('attribute' in v) {
    const name = v.attribute;
    return (el) => new AttributeHit(el, Object.hasOwn(el.attrs, name) ? el.attrs[name] : undefined, name);
  }
  const { child: local, ns } = v;
  return (el) => new SiteHit(el, child(el, local, ns)?.text);
}

/** hit() for a site with a tag or an owner: the tag read before the value, as always */
function markedHitOf(
  tagOf: Site['tag'],
  v: Site['value'],
): (el: XmlElement, group: number | undefined) => SiteHit {
  if (v === undefined)
    return (el, group) => {
      const tag = tagOf?.(el);
      return new MarkedHit(el, el.text, undefined, tag, group);
    };
  if ('read' in v) {
    const read = v.read;
    return (el, group) => {
      const tag = tagOf?.(el);
      return new MarkedHit(el, read(el), undefined, tag, group);
    };
  }
  if ('attribute' in v) {
    const name = v.attribute;
    return (el, group) => {
      const tag = tagOf?.(el);
      return new MarkedHit(el, Object.hasOwn(el.attrs, name) ? el.attrs[name] : undefined, name, tag, group);
    };
  }
  const { child: local, ns } = v;
  return (el, group) => {
    const tag = tagOf?.(el);
    return new MarkedHit(el, child(el, local, ns)?.text, undefined, tag, group);
  };
}

/** True when the parent, grandparent… of `el` have these local names, nearest first (`a/b/el` is ancestorsAre(el, 'b', 'a')) */
export function ancestorsAre(el: XmlElement, ...locals: string[]): boolean {
  let a: XmlElement | null = el;
  for (const local of locals) {
    a = a?.parent ?? null;
    if (a?.local !== local) return false;
  }
  return true;
}

/** XPath 2.0 cast of a boolean indicator (`= false()` / `= true()` in the official patterns) */
export function indicatorValue(el: XmlElement | undefined): boolean | undefined {
  const t = el?.text.trim();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  return undefined;
}
