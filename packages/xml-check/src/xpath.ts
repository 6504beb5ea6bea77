/**
 * A small XPath evaluator over the einv element tree, for the expressions the EN 16931 syntax
 * rules and the EXTENDED-CTC-FR asserts judged on the XML are written in: paths (child, attribute,
 * self, parent, ancestor, preceding axes, `//`, predicates, unions, function steps), comparisons,
 * and/or, arithmetic, variables (the rules' `let`s, `some` / `every`), sequences and the functions
 * those rules call (not, count, exists, normalize-space, string-length, substring-after,
 * ends-with, upper-case, matches, name, local-name, distinct-values, true, false, sum, round, abs,
 * contains, concat, tokenize, xs:decimal).
 * Numbers are doubles, each arithmetic result rounded to 10 decimals: the amounts these rules add
 * and compare are decimals (xs:decimal), and 100 - 99.99 must be 0.01, not 0.010000000000005116.
 * It is not a general XPath engine: an unknown construct is an error, caught by tests.
 * Parsing: xpath-parse.ts; values and comparisons: xpath-values.ts; rule shapes: xpath-shapes.ts.
 */
import type { XmlElement } from '@einv/xml';
import { collapse } from './strings.js';
import { boolOf, predicateOf } from './xpath-fast.js';
import {
  type Ast,
  type AttrNode,
  type DocNode,
  type Item,
  isAttr,
  isDoc,
  isElement,
  isNode,
  type Step,
  type Value,
  type XNode,
  type XPath,
} from './xpath-parse.js';
import {
  atom,
  compare,
  ebv,
  nameMatches,
  readsVariables,
  regex,
  sameNs,
  toNumber,
  toStr,
} from './xpath-values.js';

export {
  type AttrNode,
  compileXPath,
  type DocNode,
  type Item,
  type Value,
  type XNode,
  type XPath,
} from './xpath-parse.js';
export { absenceChains, type ChainStep, patternShape, triggerOf } from './xpath-shapes.js';
export { ebv } from './xpath-values.js';

const NONE: XmlElement[] = [];
const NONE_LISTS: readonly (XmlElement[] | undefined)[] = [];
const NO_ATTRS: AttrNode[] = [];

/** A double arithmetic result as the decimal the rules mean (see above); large values are left as they are */
function decimal(x: number): number {
  return Number.isFinite(x) && Math.abs(x) < 1e9 ? Number(x.toFixed(10)) : x;
}

const TRUE: Value = [true];
const FALSE: Value = [false];

/** `named` scans the elements for this many names, then indexes all of them at once */
const SCANNED_NAMES = 4;

/** Up to this many elements are put in document order through their ancestors, not by numbering the document */
const FEW = 32;

/**
 * Negative when `a` comes before `b` in document order (an ancestor comes before its descendants),
 * positive when after, 0 when they are the same element: O(depth + siblings), no per-document state.
 */
function documentOrder(a: XmlElement, b: XmlElement): number {
  if (a === b) return 0;
  let da = 0;
  for (let p = a.parent; p; p = p.parent) da++;
  let db = 0;
  for (let p = b.parent; p; p = p.parent) db++;
  let x = a;
  let y = b;
  for (; da > db; da--) {
    x = x.parent as XmlElement;
    if (x === b) return 1;
  }
  for (; db > da; db--) {
    y = y.parent as XmlElement;
    if (y === a) return -1;
  }
  while (x.parent !== y.parent) {
    x = x.parent as XmlElement;
    y = y.parent as XmlElement;
  }
  const siblings = x.parent?.children ?? [];
  return siblings.indexOf(x) - siblings.indexOf(y);
}

/** The serial number of the last XDocument made */
let serials = 0;

/**
 * Per-document state: document order and a name index, built once, for `//name` and preceding::.
 * Each pass over a tree (rule contexts, syntax rules) makes its own, which dies with the pass: one
 * shared between passes through a `WeakMap` keyed by the (old, pretenured) root kept it and all it
 * indexed alive through the scavenges until the next mark-compact (decision 0226).
 */
export class XDocument {
  readonly docNode: DocNode;
  /**
   * A number no other XDocument of this process has: a closure keeps a value per document by it
   * (xpath-fast.ts, absolute paths) without holding the document, and so its tree, alive
   */
  readonly serial = ++serials;
  private all: XmlElement[] | undefined;
  /** position of each element in document order, and of its last descendant (built when first needed) */
  private pos: Map<XmlElement, number> | undefined;
  private end: Map<XmlElement, number> | undefined;
  private byName: Map<string, XmlElement[]> | undefined;
  /**
   * The lists a walk gathered (`gathered`), by the position of their name in `gatheredNames`: read
   * when byName lacks the name, instead of copied into byName per document
   */
  private gatheredNames: ReadonlyMap<string, number> | undefined;
  private gatheredLists: readonly (XmlElement[] | undefined)[] = NONE_LISTS;
  /** whether byName holds every name of the document (else only the names asked so far) */
  private indexed = false;
  /** the elements carrying each attribute name, in document order, for `//@name` (built when first needed) */
  private byAttr: Map<string, XmlElement[]> | undefined;
  /** whether byAttr holds every attribute name of the document (else only those a walk gathered) */
  private attrsIndexed = false;
  /** the attribute names a walk gathered (`gathered`): byAttr holds each of them that the document has */
  private gatheredAttrs: ReadonlySet<string> | undefined;
  /** the attribute nodes of the names asked, made from byAttr on the first ask of each */
  private attrNodes: Map<string, AttrNode[]> | undefined;
  /*
   * The interpreter's maps below are made on first use: a pass makes one XDocument per document (or
   * per pattern), and most never evaluate an absolute path or bind a variable on the interpreter
   */
  private absolute: Map<Ast, Value> | undefined;
  /** whether the last `step` gave each node at most once (read by the path that called it) */
  private stepGaveDistinct = false;
  /** The variables in scope: a rule's `let`s, a quantifier's item */
  private vars: Map<string, Value> | undefined;
  /** Variables bound but not computed yet (bindLazy) */
  private lazy: Map<string, () => Value> | undefined;

  /**
   * @param compiled false: evaluate everything with the interpreter, without the closures of
   *   xpath-fast.ts (the reference their tests compare with)
   */
  constructor(
    readonly root: XmlElement,
    private readonly compiled = true,
  ) {
    this.docNode = { doc: true, root };
  }

  /**
   * A document for one pass over this tree (`new XDocument(root)`). Until session 17 it was shared
   * by every pass through a WeakMap; not any more (decision 0226): keep it as long as the pass needs it.
   */
  static of(root: XmlElement): XDocument {
    return new XDocument(root);
  }

  /** All elements in document order */
  elements(): XmlElement[] {
    if (!this.all) {
      const out: XmlElement[] = [];
      const stack: XmlElement[] = [this.root];
      while (stack.length) {
        const e = stack.pop() as XmlElement;
        out.push(e);
        const children = e.children;
        for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as XmlElement);
      }
      this.all = out;
    }
    return this.all;
  }

  /** Element → its position in document order; also fills `end` (the position of its last descendant) */
  private positions(): Map<XmlElement, number> {
    if (!this.pos) {
      const all = this.elements();
      const pos = new Map<XmlElement, number>();
      const end = new Map<XmlElement, number>();
      for (let i = 0; i < all.length; i++) pos.set(all[i] as XmlElement, i);
      // backwards, so an element's last child is done before it
      for (let i = all.length - 1; i >= 0; i--) {
        const e = all[i] as XmlElement;
        // no load at index -1 for a childless element (a megamorphic keyed load)
        const n = e.children.length;
        end.set(e, n === 0 ? i : (end.get(e.children[n - 1] as XmlElement) ?? i));
      }
      this.pos = pos;
      this.end = end;
    }
    return this.pos;
  }

  private lastDescendant(e: XmlElement): number {
    this.positions();
    return this.end?.get(e) ?? -1;
  }

  position(e: XmlElement): number {
    return this.positions().get(e) ?? -1;
  }

  /**
   * Elements named ns|local in document order. The first few names asked are found by a scan of
   * the elements comparing one name (the CII syntax rules ask three: ~0.05 ms each on a 1,000-line
   * invoice); from the fifth on, every name is indexed in one pass (the UBL root asserts ask 17):
   * building that index for all 30,000 elements of a large invoice cost more than a few scans.
   */
  named(ns: string, local: string): XmlElement[] {
    let same = this.byName?.get(local);
    if (same === undefined && this.gatheredNames !== undefined) {
      const k = this.gatheredNames.get(local);
      if (k !== undefined) same = this.gatheredLists[k] ?? NONE;
    }
    if (same === undefined) {
      if (!this.byName) this.byName = new Map();
      if (this.byName.size < SCANNED_NAMES) {
        same = [];
        const all = this.elements();
        for (let i = 0; i < all.length; i++) {
          const e = all[i] as XmlElement;
          if (e.local === local) same.push(e);
        }
        this.byName.set(local, same);
      } else {
        if (!this.indexed) this.indexAllNames();
        same = this.byName.get(local) ?? NONE;
      }
    }
    return sameNs(same, ns) ? same : same.filter((e) => e.ns === ns);
  }

  /**
   * Every element's name in `byName`, in one pass. The lists scanned before are made again (the same
   * elements in the same order): cheaper than asking, for each element, whether its name was scanned.
   */
  private indexAllNames(): void {
    const index = new Map<string, XmlElement[]>();
    for (const e of this.elements()) {
      const list = index.get(e.local);
      if (list) list.push(e);
      else index.set(e.local, [e]);
    }
    this.byName = index;
    this.indexed = true;
  }

  /**
   * Hands over what a walk of the whole tree in document order gathered (rules.ts `runPattern`): for
   * each name of `names` (name → position in `lists`), every element of that local name (any
   * namespace; undefined: none), and, for
   * the attribute names of `attrNames`, every element carrying each (`attrs`: the names met, in
   * document order; a name of attrNames without an entry has none). They are the lists `named` and
   * `//@name` would build, so those no longer need the list of every element. Names known already
   * are kept as they are (the same elements in the same order).
   */
  gathered(
    names: ReadonlyMap<string, number>,
    lists: readonly (XmlElement[] | undefined)[],
    attrNames: ReadonlySet<string> | null,
    attrs: Map<string, XmlElement[]> | undefined,
  ): void {
    if (this.gatheredNames === undefined) {
      // byName (names asked before) is read first: a name known already keeps its list
      this.gatheredNames = names;
      this.gatheredLists = lists;
    } else {
      // a second walk over the same document (another pattern): its lists go to byName
      if (!this.byName) this.byName = new Map();
      for (const [local, k] of names) if (!this.byName.has(local)) this.byName.set(local, lists[k] ?? NONE);
    }
    if (attrNames !== null && !this.byAttr) {
      this.byAttr = attrs ?? new Map();
      this.gatheredAttrs = attrNames;
      this.attrNodes = new Map();
    }
  }

  /** The elements carrying an attribute of this name, in document order (`//@name`) */
  attributeOwners(name: string): readonly XmlElement[] {
    let owners = this.byAttr?.get(name);
    // a name a walk gathered and did not meet: no element carries it
    if (owners === undefined && !this.attrsIndexed && this.gatheredAttrs?.has(name)) return NONE;
    if (owners === undefined && !this.attrsIndexed) {
      // owners only: an attribute node is made for the names asked (a UBL invoice of 1,000 lines
      // has thousands of currencyID and unitCode attributes; its rules ask for absent ones)
      const index = new Map<string, XmlElement[]>();
      for (const e of this.elements()) {
        for (const attr in e.attrs) {
          const list = index.get(attr);
          if (list) list.push(e);
          else index.set(attr, [e]);
        }
      }
      // the nodes made so far (from gathered lists) stay: the same owners in the same order
      this.byAttr = index;
      this.attrsIndexed = true;
      this.attrNodes ??= new Map();
      owners = index.get(name);
    }
    return owners ?? NONE;
  }

  /**
   * The attributes named `name` of `n` and its descendants, in document order: `//@name` (two dozen
   * UBL syntax rules) reads one index built in a single walk instead of walking the tree each.
   */
  private deepAttributes(n: XNode, name: string): AttrNode[] {
    const owners = this.attributeOwners(name);
    if (isAttr(n)) return NO_ATTRS;
    let all = this.attrNodes?.get(name);
    if (all === undefined) {
      all = owners.length
        ? owners.map((owner) => ({ attr: true, owner, name, value: owner.attrs[name] as string }))
        : NO_ATTRS;
      this.attrNodes?.set(name, all);
    }
    if (all.length === 0) return NO_ATTRS;
    if (isDoc(n)) return all;
    const from = this.position(n);
    const to = this.lastDescendant(n);
    return all.filter((a) => {
      const p = this.position(a.owner);
      return p >= from && p <= to;
    });
  }

  /** The descendants of `n` (and `n` itself) that a child step with `s` reaches after `//` */
  private deepChildren(n: XNode, s: Step): XmlElement[] {
    if (isAttr(n)) return [];
    const named = s.ns !== '*' && s.local !== '*';
    // `//name` from the document: the elements of that name, without the list of every element
    if (named && !isElement(n)) return this.named(s.ns, s.local);
    const all = this.elements();
    let from = 0;
    let to = all.length - 1;
    if (isElement(n)) {
      from = (this.positions().get(n) ?? 0) + 1;
      to = this.lastDescendant(n);
    }
    if (named) {
      return this.named(s.ns, s.local).filter((e) => {
        const p = this.position(e);
        return p >= from && p <= to;
      });
    }
    const out: XmlElement[] = [];
    for (let i = from; i <= to; i++) {
      const e = all[i] as XmlElement;
      if (nameMatches(e, s)) out.push(e);
    }
    return out;
  }

  evaluate(x: XPath, context: XNode): Value {
    return this.eval(x.ast, context);
  }

  /**
   * XSLT pattern matching: does `e` match the pattern `x` (an absolute path of child steps, or a
   * union of them)? Checked from the element upwards, so a rule's context costs nothing for the
   * elements it cannot match. Use patternShape(x) first: other patterns are not supported here.
   */
  matches(x: XPath, e: XmlElement): boolean {
    const a = x.ast;
    if (a.k === 'union')
      return a.items.some((i) => i.k === 'path' && this.matchPath(i.steps, i.abs, i.steps.length - 1, e));
    return a.k === 'path' && this.matchPath(a.steps, a.abs, a.steps.length - 1, e);
  }

  private matchPath(steps: Step[], abs: '' | '/' | '//', i: number, e: XmlElement): boolean {
    const s = steps[i] as Step;
    if (!nameMatches(e, s) || (s.preds.length && !this.keepAmongSiblings(e, s))) return false;
    const deep = s.deep || (i === 0 && abs === '//');
    if (i === 0) return deep || e.parent === null;
    if (!deep) return e.parent !== null && this.matchPath(steps, abs, i - 1, e.parent);
    for (let p = e.parent; p; p = p.parent) if (this.matchPath(steps, abs, i - 1, p)) return true;
    return false;
  }

  test(x: XPath, context: XNode): boolean {
    // on an element, the compiled closure (xpath-fast.ts): same value, no intermediate arrays
    return this.compiled && isElement(context)
      ? boolOf(x.ast)(context, this)
      : ebv(this.eval(x.ast, context));
  }

  /** The interpreter, for the parts of an expression xpath-fast.ts does not compile */
  evalAst(a: Ast, ctx: XNode): Value {
    return this.eval(a, ctx);
  }

  /** Binds a variable (a rule's `let`, evaluated on its context node) for the tests that follow */
  bind(name: string, value: Value): void {
    this.vars ??= new Map();
    this.vars.set(name, value);
  }

  /**
   * Binds a variable computed on first use (a rule's `let`): most tests read only some of their
   * rule's variables on a given node (BR-FREXT-12 counts a line's children only for a GROUP line),
   * and computing all of them on every node is quadratic in the number of lines
   */
  bindLazy(name: string, compute: () => Value): void {
    this.vars?.delete(name);
    this.lazy ??= new Map();
    this.lazy.set(name, compute);
  }

  /** Forgets the variables bound (after a rule's asserts) */
  unbindAll(): void {
    this.vars?.clear();
    this.lazy?.clear();
  }

  private eval(a: Ast, ctx: XNode): Value {
    switch (a.k) {
      case 'or':
        return [ebv(this.eval(a.a, ctx)) || ebv(this.eval(a.b, ctx))];
      case 'and':
        return [ebv(this.eval(a.a, ctx)) && ebv(this.eval(a.b, ctx))];
      case 'cmp':
        return [compare(a.op, this.eval(a.a, ctx), this.eval(a.b, ctx))];
      case 'arith': {
        const l = this.eval(a.a, ctx);
        const r = this.eval(a.b, ctx);
        // an empty operand makes an empty result (xs:decimal of an absent element, say)
        if (!l.length || !r.length) return [];
        const x = toNumber(l);
        const y = toNumber(r);
        switch (a.op) {
          case '+':
            return [decimal(x + y)];
          case '-':
            return [decimal(x - y)];
          case '*':
            return [decimal(x * y)];
          case 'div':
            return [decimal(x / y)];
          default:
            return [decimal(x % y)];
        }
      }
      case 'var': {
        let v = this.vars?.get(a.name);
        const compute = v ? undefined : this.lazy?.get(a.name);
        if (compute) {
          this.lazy?.delete(a.name);
          v = compute();
          this.vars ??= new Map();
          this.vars.set(a.name, v);
        }
        if (!v) throw new Error(`unbound variable $${a.name}`);
        return v;
      }
      case 'quant': {
        this.vars ??= new Map();
        const vars = this.vars;
        const saved = vars.get(a.name);
        try {
          for (const item of this.eval(a.in, ctx)) {
            vars.set(a.name, [item]);
            if (ebv(this.eval(a.sat, ctx)) !== a.every) return a.every ? FALSE : TRUE;
          }
          return a.every ? TRUE : FALSE;
        } finally {
          if (saved) vars.set(a.name, saved);
          else vars.delete(a.name);
        }
      }
      case 'seq': {
        const out: Item[] = [];
        for (const i of a.items) for (const v of this.eval(i, ctx)) out.push(v);
        return out;
      }
      case 'union': {
        const set = new Set<Item>();
        for (const i of a.items) for (const n of this.eval(i, ctx)) set.add(n);
        return this.sorted([...set]);
      }
      case 'str':
        return [a.v];
      case 'num':
        return [a.v];
      case 'call': {
        // ends-with(name(), '…') selects most contexts of the CII rules: answer it without allocating
        const [x, y] = a.args;
        if (
          a.name === 'ends-with' &&
          x?.k === 'call' &&
          x.name === 'name' &&
          x.args.length === 0 &&
          y?.k === 'str'
        ) {
          return isElement(ctx)
            ? ctx.name.endsWith(y.v)
              ? TRUE
              : FALSE
            : isAttr(ctx) && ctx.name.endsWith(y.v)
              ? TRUE
              : FALSE;
        }
        return this.call(a.name, a.args, ctx);
      }
      case 'filter': {
        let items = this.eval(a.base, ctx);
        for (const p of a.preds) items = this.filter(items, p);
        return items;
      }
      case 'path': {
        // an absolute path means the same thing from every context: evaluate it once per document
        // (unless it reads a variable)
        const once = a.abs !== '' && !readsVariables(a);
        if (once) {
          const hit = this.absolute?.get(a);
          if (hit) return hit;
        }
        let cur: Value;
        if (a.abs) cur = [this.docNode];
        else if (a.start) cur = this.eval(a.start, ctx);
        else cur = [ctx];
        // one node to start from (the document or the context), unless an expression gives them
        let distinct = !a.start;
        a.steps.forEach((s, i) => {
          const deep = s.deep || (i === 0 && a.abs === '//');
          cur = this.step(cur, s, deep, distinct);
          distinct = this.stepGaveDistinct;
        });
        if (once) {
          this.absolute ??= new Map();
          this.absolute.set(a, cur);
        }
        return cur;
      }
    }
  }

  private sorted(items: Item[]): Item[] {
    if (items.length < 2 || !items.every(isElement)) return items;
    if (items.length <= FEW && !this.pos) return (items as XmlElement[]).sort(documentOrder);
    return (items as XmlElement[]).sort((x, y) => this.position(x) - this.position(y));
  }

  /**
   * One step of a path. `distinct`: no node repeats in `input`. The nodes found are then made unique
   * only where they could repeat: a child, self or attribute step from distinct nodes finds each
   * node once (an element has one parent), and so does `//name` from one node. The set this spares
   * was most of the cost of the UBL root asserts' `//cac:Price/cac:AllowanceCharge/…` on large
   * invoices (one entry per line). The order is the same either way (the set only skips repeats).
   */
  private step(input: Value, s: Step, deep: boolean, distinct: boolean): Value {
    const out: Item[] = [];
    const once = distinct
      ? deep
        ? s.axis === 'child' && input.length <= 1
        : s.axis === 'child' || s.axis === 'self' || s.axis === 'attribute'
      : false;
    const seen = !once && (input.length > 1 || deep) ? new Set<Item>() : null;
    // set at the end: predicates and function steps evaluate paths of their own meanwhile
    const gaveDistinct = once || seen !== null || (input.length <= 1 && s.axis !== 'call');
    for (const n of input) {
      if (!isNode(n)) continue;
      if (deep && s.axis === 'child') {
        // `//name`: every matching descendant, each filtered by its position among its siblings
        for (const f of this.deepChildren(n, s)) {
          if (s.preds.length && !this.keepAmongSiblings(f, s)) continue;
          if (seen) {
            if (seen.has(f)) continue;
            seen.add(f);
          }
          out.push(f);
        }
        continue;
      }
      if (deep && s.axis === 'attribute' && s.local !== '*' && s.preds.length === 0) {
        // one origin's attributes are distinct: the set only matters across several origins
        for (const f of this.deepAttributes(n, s.local)) {
          if (input.length > 1 && seen) {
            if (seen.has(f)) continue;
            seen.add(f);
          }
          out.push(f);
        }
        continue;
      }
      if (!deep && s.axis === 'child' && s.preds.length === 0 && isElement(n)) {
        // `…/cac:AllowanceCharge` from each of many nodes: the children found without an array each
        const children = n.children;
        for (let i = 0; i < children.length; i++) {
          const f = children[i] as XmlElement;
          if (!nameMatches(f, s)) continue;
          if (seen) {
            if (seen.has(f)) continue;
            seen.add(f);
          }
          out.push(f);
        }
        continue;
      }
      const origins: XNode[] = deep ? this.descendantsOrSelf(n) : [n];
      for (const o of origins) {
        let found = this.axis(o, s);
        for (const p of s.preds) found = this.filter(found, p);
        for (const f of found) {
          // a function step gives values, which repeat: only nodes are made unique
          if (seen && typeof f === 'object') {
            if (seen.has(f)) continue;
            seen.add(f);
          }
          out.push(f);
        }
      }
    }
    this.stepGaveDistinct = gaveDistinct;
    return out;
  }

  /** Applies a child step's predicates to `e`; a numeric predicate is a position among its matching siblings */
  private keepAmongSiblings(e: XmlElement, s: Step): boolean {
    for (const p of s.preds) {
      const fast = this.compiled ? predicateOf(p) : null;
      if (fast) {
        if (!fast(e, this)) return false;
        continue;
      }
      const v = this.eval(p, e);
      if (v.length === 1 && typeof v[0] === 'number') {
        const siblings = this.axis(e.parent ?? this.docNode, s);
        if (siblings.indexOf(e) + 1 !== v[0]) return false;
      } else if (!ebv(v)) return false;
    }
    return true;
  }

  private descendantsOrSelf(n: XNode): XNode[] {
    if (isAttr(n)) return [n];
    if (isDoc(n)) return [n, ...this.elements()];
    const all = this.elements();
    return all.slice(this.positions().get(n) ?? 0, this.lastDescendant(n) + 1);
  }

  private axis(n: XNode, s: Step): Item[] {
    switch (s.axis) {
      case 'child': {
        if (isAttr(n)) return [];
        if (isDoc(n)) return nameMatches(n.root, s) ? [n.root] : [];
        const out: XmlElement[] = [];
        for (const k of n.children) if (nameMatches(k, s)) out.push(k);
        return out;
      }
      case 'attribute': {
        if (!isElement(n)) return [];
        if (s.local === '*')
          return Object.entries(n.attrs).map(([name, value]) => ({ attr: true, owner: n, name, value }));
        const v = n.attrs[s.local];
        return v === undefined ? [] : [{ attr: true, owner: n, name: s.local, value: v }];
      }
      case 'self':
        return s.local === '*' || (isElement(n) && nameMatches(n, s)) ? [n] : [];
      case 'parent':
        if (isDoc(n)) return [];
        if (isAttr(n)) return [n.owner];
        return [n.parent ?? this.docNode];
      case 'ancestor': {
        const out: XmlElement[] = [];
        for (let p = isAttr(n) ? n.owner : isDoc(n) ? null : n.parent; p; p = p.parent)
          if (nameMatches(p, s)) out.push(p);
        return out;
      }
      case 'preceding': {
        if (!isElement(n)) return [];
        if (s.ns !== '*' && s.local !== '*') {
          const ancestorsOf = new Set<XmlElement>();
          for (let p = n.parent; p; p = p.parent) ancestorsOf.add(p);
          const list = this.named(s.ns, s.local);
          // a few candidates (UBL-SR-44/47: the payment ids): ordered by their ancestors, without
          // numbering the whole document
          if (list.length <= FEW) return list.filter((e) => !ancestorsOf.has(e) && documentOrder(e, n) < 0);
          const me = this.position(n);
          return list.filter((e) => (this.positions().get(e) ?? 0) < me && !ancestorsOf.has(e));
        }
        const all = this.elements();
        const me = this.position(n);
        const ancestors = new Set<XmlElement>();
        for (let p = n.parent; p; p = p.parent) ancestors.add(p);
        const out: XmlElement[] = [];
        for (let i = 0; i < me; i++) {
          const e = all[i] as XmlElement;
          if (!ancestors.has(e) && nameMatches(e, s)) out.push(e);
        }
        return out;
      }
      case 'call':
        return s.call ? this.eval(s.call, n) : [];
      default:
        return [];
    }
  }

  private filter(items: Value, pred: Ast): Value {
    const fast = this.compiled ? predicateOf(pred) : null;
    if (fast)
      return items.filter((item) =>
        isElement(item) ? fast(item, this) : isNode(item) && ebv(this.eval(pred, item)),
      );
    return items.filter((item, i) => {
      if (!isNode(item)) return false;
      const v = this.eval(pred, item);
      if (v.length === 1 && typeof v[0] === 'number') return v[0] === i + 1;
      return ebv(v);
    });
  }

  private arg(args: Ast[], i: number, ctx: XNode): Value {
    const a = args[i];
    return a ? this.eval(a, ctx) : [ctx];
  }

  private call(name: string, args: Ast[], ctx: XNode): Value {
    switch (name) {
      case 'not':
        return [!ebv(this.arg(args, 0, ctx))];
      case 'exists':
        return [this.arg(args, 0, ctx).length > 0];
      case 'count':
        return [this.arg(args, 0, ctx).length];
      case 'true':
        return [true];
      case 'false':
        return [false];
      case 'normalize-space':
        return [collapse(toStr(this.arg(args, 0, ctx)))];
      case 'string-length':
        return [[...toStr(this.arg(args, 0, ctx))].length];
      case 'upper-case':
        return [toStr(this.arg(args, 0, ctx)).toUpperCase()];
      case 'substring-after': {
        const s = toStr(this.arg(args, 0, ctx));
        const sep = toStr(this.arg(args, 1, ctx));
        const i = s.indexOf(sep);
        return [i < 0 ? '' : s.slice(i + sep.length)];
      }
      case 'ends-with':
        return [toStr(this.arg(args, 0, ctx)).endsWith(toStr(this.arg(args, 1, ctx)))];
      case 'matches':
        return [regex(toStr(this.arg(args, 1, ctx))).test(toStr(this.arg(args, 0, ctx)))];
      case 'name': {
        const n = this.arg(args, 0, ctx)[0];
        return [n === undefined ? '' : isAttr(n) ? n.name : isElement(n) ? n.name : ''];
      }
      case 'local-name': {
        const n = this.arg(args, 0, ctx)[0];
        return [n === undefined ? '' : isAttr(n) ? n.name.replace(/^.*:/, '') : isElement(n) ? n.local : ''];
      }
      case 'sum': {
        let total = 0;
        for (const i of this.arg(args, 0, ctx)) total += typeof i === 'number' ? i : toNumber([i]);
        return [decimal(total)];
      }
      case 'round':
      case 'abs':
      case 'xs:decimal': {
        const v = this.arg(args, 0, ctx);
        if (!v.length) return [];
        const n = toNumber(v);
        return [name === 'round' ? Math.round(n) : name === 'abs' ? Math.abs(n) : n];
      }
      case 'contains':
        return [toStr(this.arg(args, 0, ctx)).includes(toStr(this.arg(args, 1, ctx)))];
      case 'concat':
        return [args.map((_, i) => toStr(this.arg(args, i, ctx))).join('')];
      case 'tokenize': {
        const s = toStr(this.arg(args, 0, ctx));
        return s === '' ? [] : s.split(regex(toStr(this.arg(args, 1, ctx))));
      }
      case 'distinct-values': {
        const seen = new Set<string>();
        for (const i of this.arg(args, 0, ctx)) seen.add(atom(i));
        return [...seen];
      }
      default:
        throw new Error(`unsupported function ${name}()`);
    }
  }
}
