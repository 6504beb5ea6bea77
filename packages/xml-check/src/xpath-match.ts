/**
 * Schematron rule contexts (XSLT match patterns) compiled for a walk in document order: each
 * element is tried only against the contexts that can match it, found by its local name and its
 * parent's local name, and each context is a closure that checks names by identity and predicates
 * with the compiled closures of xpath-fast.ts.
 *
 * Before (decision 0145), every element looked up its candidate contexts by local name and matched
 * each on the interpreter (`XDocument.matches`), whose recursion re-read the steps and the
 * predicates' shapes on every call: an element such as cbc:ID, named by a dozen contexts under
 * different parents, was matched a dozen times. The interpreter stays the reference: a branch
 * whose predicate may be a position (`[1]`) keeps it, and tests/structure/xpath-fast.test.ts
 * compares the claims with the interpreter's on every element of the official examples, the corpus
 * and mutated variants.
 */
import type { XmlElement } from '@einv/xml';
import { patternShape, type XDocument } from './xpath.js';
import { type BoolFn, type EqualityKey, equalityKey, predicateOf } from './xpath-fast.js';
import type { Ast, Step, XPath } from './xpath-parse.js';

/** Does element `e` match one branch of a context (with the document for the predicates)? */
export type Matcher = (e: XmlElement, doc: XDocument) => boolean;

/** One branch of a context of a rule table */
export interface ContextEntry {
  /** the pattern (schematron claims nodes pattern by pattern) */
  readonly group: number;
  /** the rule's index in its pattern */
  readonly rule: number;
  readonly match: Matcher;
  /**
   * Whether the branch tests names only (child and descendant steps, predicates on names only,
   * namePredicate): whether it matches an element then depends on the local names and namespaces
   * of the element and its ancestors alone (a walk can decide it once per path, decision 0254)
   */
  readonly namesOnly: boolean;
  /**
   * For a branch that is not name-only: the branch without its other predicates (its steps and
   * their name predicates), when that is name-only; null otherwise. Its matches include the
   * branch's (a predicate only removes elements), so a walk that decides it once per path can skip
   * the branch on the paths where it fails (SourceWalk, decision 0263: a line's tax category is
   * tried against no header context, a UBL Invoice's against no CreditNoteLine one)
   */
  readonly names: Matcher | null;
  /**
   * Set on a family of branches (decision 0270): the rule of the family that claims `e` (the first
   * in table order whose branch matches), -1 for none. `rule` and `match` are then the family's
   * first rule and "some branch matches"; a walk claims by `pick`.
   */
  readonly pick?: (e: XmlElement, doc: XDocument) => number;
}

interface Keyed {
  entry: ContextEntry;
  /** the branch the entry matches */
  branch: XPath;
  /** the local name of the element ('' for any; '*Suffix' for any name ending with Suffix) */
  local: string;
  /** the local name its parent must have ('' for any) */
  parent: string;
  /** order of the entry in the table (group, then rule) */
  order: number;
}

const NONE: readonly ContextEntry[] = [];

/** Hostile documents can invent any number of names: the per-name lists kept are bounded */
const MAX_CACHED = 10_000;

/**
 * The contexts of one or more patterns, indexed by the names they end with. Null from `of` when a
 * context is not a plain match pattern (absolute child steps, possibly a union).
 */
export class ContextIndex {
  private readonly named = new Map<string, Keyed[]>();
  private readonly wildcards: Keyed[] = [];
  /** candidates of the names whose contexts need no parent name */
  private readonly anyParent = new Map<string, readonly ContextEntry[]>();
  /** candidates by name and parent name, for the others */
  private readonly cache = new Map<string, Map<string, readonly ContextEntry[]>>();
  private cached = 0;

  private constructor(
    keyed: Keyed[],
    /** whether the candidate lists join branches into families (decision 0270) */
    private readonly families: boolean,
  ) {
    for (const k of keyed) {
      if (k.local.startsWith('*')) this.wildcards.push(k);
      else {
        const list = this.named.get(k.local);
        if (list) list.push(k);
        else this.named.set(k.local, [k]);
      }
    }
  }

  /**
   * The index of the contexts of these patterns (group = the pattern's position), or null.
   * `families`: the candidate lists join runs of branches told apart by one compared value into one
   * entry with `pick` (decision 0270); only for a walk that claims by `pick` (claimContexts)
   */
  static of(groups: readonly (readonly XPath[])[], families = false): ContextIndex | null {
    const keyed: Keyed[] = [];
    for (const [group, contexts] of groups.entries()) {
      for (const [rule, context] of contexts.entries()) {
        const shapes = patternShape(context);
        if (!shapes) return null;
        const branches = context.ast.k === 'union' ? context.ast.items : [context.ast];
        branches.forEach((b, i) => {
          if (b.k !== 'path') return;
          const branch: XPath = { src: context.src, ast: b };
          keyed.push({
            entry: { group, rule, match: compileMatch(branch), namesOnly: namesOnly(b), names: namesPart(b) },
            branch,
            local: shapes[i] as string,
            parent: parentKey(b.steps),
            order: keyed.length,
          });
        });
      }
    }
    return new ContextIndex(keyed, families);
  }

  /** The branches that can match `e`, in table order (pattern, then rule) */
  candidates(e: XmlElement): readonly ContextEntry[] {
    // most names need no parent (none, or only `//name` contexts): one lookup
    const any = this.anyParent.get(e.local);
    if (any !== undefined) return any;
    const parent = e.parent === null ? '' : e.parent.local;
    let byParent = this.cache.get(e.local);
    const hit = byParent?.get(parent);
    if (hit) return hit;
    if (!byParent && !this.needsParent(e.local)) {
      const list = this.compute(e.local, '');
      if (this.cached++ < MAX_CACHED) this.anyParent.set(e.local, list);
      return list;
    }
    const list = this.compute(e.local, parent);
    if (this.cached++ < MAX_CACHED) {
      if (!byParent) {
        byParent = new Map();
        this.cache.set(e.local, byParent);
      }
      byParent.set(parent, list);
    }
    return list;
  }

  /**
   * The branches that can match an element of this local name whatever its parent, in table order;
   * null when some of them need the parent's name (then ask `candidates(e)` per element)
   */
  candidatesOfName(local: string): readonly ContextEntry[] | null {
    const any = this.anyParent.get(local);
    if (any !== undefined) return any;
    return this.needsParent(local) ? null : this.compute(local, '');
  }

  /**
   * For a name whose candidates depend on the parent's name (candidatesOfName gives null): the
   * table `candidates(e)` fills for it, by parent name. A walk keeps it with the name's other facts
   * and reads it first: one lookup by the parent's name instead of three (by name, by name in
   * another table, then by parent).
   */
  parentTable(local: string): ReadonlyMap<string, readonly ContextEntry[]> {
    let byParent = this.cache.get(local);
    if (!byParent) {
      byParent = new Map();
      this.cache.set(local, byParent);
    }
    return byParent;
  }

  /** Does some context that can match this name require a parent name? */
  private needsParent(local: string): boolean {
    for (const k of this.named.get(local) ?? []) if (k.parent !== '') return true;
    for (const k of this.wildcards) if (k.parent !== '' && local.endsWith(k.local.slice(1))) return true;
    return false;
  }

  private compute(local: string, parent: string): readonly ContextEntry[] {
    const out: Keyed[] = [];
    const add = (k: Keyed) => {
      if (k.parent === '' || k.parent === parent) out.push(k);
    };
    for (const k of this.named.get(local) ?? []) add(k);
    for (const k of this.wildcards) if (local.endsWith(k.local.slice(1))) add(k);
    if (out.length === 0) return NONE;
    out.sort((x, y) => x.order - y.order);
    return this.families ? withFamilies(out) : out.map((k) => k.entry);
  }
}

/** A branch of a family: its literal and the branch without the compared predicate */
interface Member {
  readonly rule: number;
  readonly literal: string;
  /** the branch without its key predicate (names and the other predicates) */
  readonly rest: Matcher;
  /** the whole branch (for an element whose compared value is not one string) */
  readonly match: Matcher;
  readonly names: Matcher | null;
}

/** Families of fewer branches are left as they are: one comparison each is as cheap */
const MIN_FAMILY = 3;

/**
 * The candidates of one name (in table order) with each run of at least MIN_FAMILY consecutive
 * branches of one pattern whose element carries the same first predicate `S = 'literal'` (the
 * official tax-category contexts: nine `…/cac:ClassifiedTaxCategory[normalize-space(cbc:ID) =
 * 'X'][…]`, nine `…/ram:ApplicableTradeTax[ram:CategoryCode = 'X'][…]`) joined into one entry. The
 * pattern claims an element for the first of its branches that matches; within the run only those
 * whose literal is S's value can, so the family computes S once, looks its value up, and tries the
 * rest of those branches in order (decision 0270). The claims are the branches' own.
 */
function withFamilies(sorted: readonly Keyed[]): readonly ContextEntry[] {
  const out: ContextEntry[] = [];
  // each branch's key once (equalityKey compiles the compared value's closure)
  const keys = sorted.map(familyKey);
  for (let i = 0; i < sorted.length; ) {
    const first = sorted[i] as Keyed;
    const key = keys[i] as EqualityKey | null;
    let end = i + 1;
    if (key !== null)
      while (end < sorted.length) {
        const k = sorted[end] as Keyed;
        if (k.entry.group !== first.entry.group || keys[end]?.id !== key.id) break;
        end++;
      }
    if (key === null || end - i < MIN_FAMILY) {
      out.push(first.entry);
      i++;
      continue;
    }
    out.push(familyOf(sorted.slice(i, end), keys.slice(i, end) as EqualityKey[], key));
    i = end;
  }
  return out;
}

/** The compared value of a branch that can join a family (its last step's first predicate), or null */
function familyKey(k: Keyed): EqualityKey | null {
  const a = k.branch.ast;
  if (a.k !== 'path' || a.start !== null || a.steps.length === 0 || k.entry.namesOnly) return null;
  const last = a.steps[a.steps.length - 1] as Step;
  if (last.axis !== 'child' || last.call !== undefined) return null;
  const p = last.preds[0];
  return p === undefined ? null : equalityKey(p);
}

/** The family entry of a run of branches with the same key (withFamilies); `keys`: each branch's */
function familyOf(run: readonly Keyed[], keys: readonly EqualityKey[], key: EqualityKey): ContextEntry {
  const members: Member[] = run.map((k, i) => {
    const a = k.branch.ast as Extract<Ast, { k: 'path' }>;
    const lastAt = a.steps.length - 1;
    const last = a.steps[lastAt] as Step;
    const steps = a.steps.map((s, i) => (i === lastAt ? { ...last, preds: last.preds.slice(1) } : s));
    return {
      rule: k.entry.rule,
      literal: (keys[i] as EqualityKey).literal,
      rest: compileMatch({ src: k.branch.src, ast: { ...a, steps } }),
      match: k.entry.match,
      names: k.entry.names,
    };
  });
  // the members by literal, each list in table order
  const byLiteral = new Map<string, Member[]>();
  for (const m of members) {
    const list = byLiteral.get(m.literal);
    if (list) list.push(m);
    else byLiteral.set(m.literal, [m]);
  }
  const value = key.key;
  const pick = (e: XmlElement, doc: XDocument): number => {
    const v = value(e, doc);
    if (v === null) {
      for (let i = 0; i < members.length; i++) {
        const m = members[i] as Member;
        if (m.match(e, doc)) return m.rule;
      }
      return -1;
    }
    const list = byLiteral.get(v);
    if (list === undefined) return -1;
    for (let i = 0; i < list.length; i++) {
      const m = list[i] as Member;
      if (m.rest(e, doc)) return m.rule;
    }
    return -1;
  };
  // the family's names: some branch's (none when a branch has no name-only part)
  const names = members.every((m) => m.names !== null)
    ? (e: XmlElement, doc: XDocument) => members.some((m) => (m.names as Matcher)(e, doc))
    : null;
  const firstEntry = (run[0] as Keyed).entry;
  return {
    group: firstEntry.group,
    rule: firstEntry.rule,
    match: (e, doc) => pick(e, doc) >= 0,
    namesOnly: false,
    names,
    pick,
  };
}

/**
 * The candidates of `e` (`index.candidates(e)`) for a name whose contexts depend on the parent's
 * name, read first in the name's parentTable
 */
export function candidatesUnder(
  byParent: ReadonlyMap<string, readonly ContextEntry[]> | null,
  e: XmlElement,
  index: ContextIndex,
): readonly ContextEntry[] {
  if (byParent !== null) {
    const hit = byParent.get(e.parent === null ? '' : e.parent.local);
    if (hit !== undefined) return hit;
  }
  return index.candidates(e);
}

/** The name-only part of a branch that is not name-only (ContextEntry.names) */
function namesPart(a: Ast): Matcher | null {
  if (namesOnly(a) || a.k !== 'path' || a.start !== null || a.steps.length === 0) return null;
  if (!a.steps.every((s) => s.axis === 'child' && s.call === undefined)) return null;
  const steps = a.steps.map((s) => ({ ...s, preds: s.preds.filter(namePredicate) }));
  return compileMatch({ src: '', ast: { ...a, steps } });
}

/** Does a branch test names only (ContextEntry.namesOnly)? */
function namesOnly(a: Ast): boolean {
  if (a.k !== 'path' || a.start !== null || a.steps.length === 0) return false;
  return a.steps.every((s) => s.axis === 'child' && s.call === undefined && s.preds.every(namePredicate));
}

/**
 * Does a predicate read only the names of the element and its ancestors? `ends-with(name(), 'X')`
 * with no colon in X (it can then only end the local name: the prefix is followed by one), `self::`,
 * `parent::` and `ancestor::` name tests, and `not`, `and`, `or` of those (decision 0254, step 3:
 * UBL's and CII's `//*[ends-with(name(), 'Amount') …]`, CII's `not(self::ram:TaxTotalAmount)`).
 */
function namePredicate(p: Ast): boolean {
  switch (p.k) {
    case 'and':
    case 'or':
      return namePredicate(p.a) && namePredicate(p.b);
    case 'call': {
      if (p.name === 'not') return p.args.length === 1 && namePredicate(p.args[0] as Ast);
      if (p.name !== 'ends-with' || p.args.length !== 2) return false;
      const [n, lit] = p.args as [Ast, Ast];
      return (
        n.k === 'call' && n.name === 'name' && n.args.length === 0 && lit.k === 'str' && !lit.v.includes(':')
      );
    }
    case 'path':
      return (
        p.abs === '' &&
        p.start === null &&
        p.steps.length > 0 &&
        p.steps.every(
          (s) =>
            (s.axis === 'self' || s.axis === 'parent' || s.axis === 'ancestor') &&
            !s.deep &&
            s.call === undefined &&
            s.preds.length === 0,
        )
      );
    default:
      return false;
  }
}

/** The local name the parent must have: the step before the last, when the last is a child step of it */
function parentKey(steps: readonly Step[]): string {
  const last = steps[steps.length - 1] as Step;
  const before = steps[steps.length - 2];
  if (!before || last.deep || before.local === '*') return '';
  return before.local;
}

/**
 * A branch (absolute child steps) as a closure, checked from the element upwards like the
 * interpreter's matchPath; the interpreter itself when a predicate may be a position.
 */
export function compileMatch(branch: XPath): Matcher {
  const a = branch.ast;
  if (a.k !== 'path') return (e, doc) => doc.matches(branch, e);
  const steps = a.steps;
  if (steps.length === 0) return (e, doc) => doc.matches(branch, e);
  const tests: BoolFn[] = [];
  for (const s of steps) {
    const preds = s.preds.map(predicateOf);
    if (preds.some((p) => p === null)) return (e, doc) => doc.matches(branch, e);
    tests.push(stepTest(s, preds as BoolFn[]));
  }
  const deepStart = (steps[0] as Step).deep || a.abs === '//';
  const chain = nameChain(steps, deepStart);
  if (chain) return chain;
  let up = first(tests[0] as BoolFn, deepStart);
  for (let i = 1; i < steps.length; i++) up = next(tests[i] as BoolFn, (steps[i] as Step).deep, up);
  return up;
}

/**
 * The most frequent branch, child steps all the way (`/rsm:A/rsm:B/ram:C`, `//ram:B[p]/ram:C[q]`), as
 * one loop up the ancestors comparing names, then each step's predicates on the ancestor it names
 * (a fixed number of levels up): the same tests as the nested closures of `first` / `next`, without
 * a closure call per level (a line's context checks five or six levels). Null for other branches.
 */
function nameChain(steps: readonly Step[], deepStart: boolean): Matcher | null {
  const n = steps.length;
  for (let i = 1; i < n; i++) if ((steps[i] as Step).deep) return null;
  // the predicates of each step, with how many levels above the element it is
  const filters: { up: number; preds: BoolFn[] }[] = [];
  for (let i = 0; i < n; i++) {
    const preds = (steps[i] as Step).preds.map(predicateOf);
    if (preds.some((p) => p === null)) return null;
    if (preds.length > 0) filters.push({ up: n - 1 - i, preds: preds as BoolFn[] });
  }
  // the element's own first: most contexts are `…/X[p]`
  filters.sort((x, y) => x.up - y.up);
  const locals = steps.map((s) => s.local);
  const spaces = steps.map((s) => s.ns);
  return (e, doc) => {
    let at: XmlElement = e;
    for (let k = n - 1; ; k--) {
      const local = locals[k] as string;
      const ns = spaces[k] as string;
      if ((local !== '*' && at.local !== local) || (ns !== '*' && at.ns !== ns)) return false;
      if (k === 0) break;
      if (at.parent === null) return false;
      at = at.parent;
    }
    if (!deepStart && at.parent !== null) return false;
    for (let f = 0; f < filters.length; f++) {
      const { up, preds } = filters[f] as { up: number; preds: BoolFn[] };
      let node = e;
      for (let k = 0; k < up; k++) node = node.parent as XmlElement;
      for (let i = 0; i < preds.length; i++) if (!(preds[i] as BoolFn)(node, doc)) return false;
    }
    return true;
  };
}

/** The first step: a child of the document node, or (deep) any element */
function first(test: BoolFn, deep: boolean): Matcher {
  return deep ? test : (e, doc) => e.parent === null && test(e, doc);
}

/** A later step: `test` on the element, `above` on its parent (or, deep, on some ancestor) */
function next(test: BoolFn, deep: boolean, above: Matcher): Matcher {
  if (!deep) return (e, doc) => test(e, doc) && e.parent !== null && above(e.parent, doc);
  return (e, doc) => {
    if (!test(e, doc)) return false;
    for (let p = e.parent; p; p = p.parent) if (above(p, doc)) return true;
    return false;
  };
}

/** A step's name test and its (boolean) predicates */
function stepTest(s: Step, preds: BoolFn[]): BoolFn {
  const { ns, local } = s;
  const name: (e: XmlElement) => boolean =
    local === '*'
      ? ns === '*'
        ? () => true
        : (e) => e.ns === ns
      : ns === '*'
        ? (e) => e.local === local
        : (e) => e.local === local && e.ns === ns;
  if (preds.length === 0) return name;
  if (preds.length === 1) {
    const p = preds[0] as BoolFn;
    return (e, doc) => name(e) && p(e, doc);
  }
  return (e, doc) => {
    if (!name(e)) return false;
    for (const p of preds) if (!p(e, doc)) return false;
    return true;
  };
}
