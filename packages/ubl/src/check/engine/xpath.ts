// COPY of packages/cii/src/check/engine: edit there, then run node scripts/gen-structure-engine.mjs
/**
 * A small XPath evaluator over the einv element tree, for the expressions the EN 16931 syntax
 * rules are written in: paths (child, attribute, self, parent, ancestor, preceding axes, `//`,
 * predicates, unions, function steps), general comparisons, and/or, arithmetic and the functions
 * those rules call (not, count, exists, normalize-space, string-length, substring-after,
 * ends-with, upper-case, matches, name, local-name, distinct-values, true, false).
 * It is not a general XPath engine: an unknown construct is a parse error, caught by tests.
 */
import type { XmlElement } from '@einv/xml';

export interface AttrNode {
  attr: true;
  owner: XmlElement;
  name: string;
  value: string;
}
/** The document node above the root element */
export interface DocNode {
  doc: true;
  root: XmlElement;
}
export type XNode = XmlElement | AttrNode | DocNode;
export type Item = XNode | string | number | boolean;
export type Value = Item[];

type Ast =
  | { k: 'or' | 'and'; a: Ast; b: Ast }
  | { k: 'cmp'; op: string; a: Ast; b: Ast }
  | { k: 'arith'; op: '+' | '-'; a: Ast; b: Ast }
  | { k: 'union'; items: Ast[] }
  | { k: 'path'; abs: '' | '/' | '//'; start: Ast | null; steps: Step[] }
  | { k: 'str'; v: string }
  | { k: 'num'; v: number }
  | { k: 'call'; name: string; args: Ast[] }
  | { k: 'filter'; base: Ast; preds: Ast[] };

interface Step {
  /** `//` before this step: descendant-or-self first */
  deep: boolean;
  axis: 'child' | 'attribute' | 'self' | 'parent' | 'ancestor' | 'preceding' | 'call' | 'filter';
  /** namespace URI or '*' ; local name or '*' */
  ns: string;
  local: string;
  call?: Ast;
  preds: Ast[];
}

const isAttr = (n: Item): n is AttrNode => typeof n === 'object' && 'attr' in n;
const isDoc = (n: Item): n is DocNode => typeof n === 'object' && 'doc' in n;
const isNode = (n: Item): n is XNode => typeof n === 'object';
const isElement = (n: Item): n is XmlElement => typeof n === 'object' && !('attr' in n) && !('doc' in n);

// ---- tokenizer and parser -----------------------------------------------------------------------

const TOKEN =
  /\s*(\/\/|\/|\.\.|\.|::|!=|<=|>=|=|<|>|\||\(|\)|\[|\]|,|@|\*|\+|-(?![A-Za-z])|'[^']*'|"[^"]*"|\d+(?:\.\d+)?|[A-Za-z_][\w.]*(?:-[A-Za-z][\w.]*)*(?::(?:[A-Za-z_][\w.-]*|\*))?)/y;

function tokenize(src: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  let pos = 0;
  while (pos < src.length) {
    if (/^\s*$/.test(src.slice(pos))) break;
    TOKEN.lastIndex = pos;
    const m = TOKEN.exec(src);
    if (!m || m[1] === undefined) throw new Error(`cannot read XPath at "${src.slice(pos, pos + 20)}"`);
    out.push(m[1]);
    pos = TOKEN.lastIndex;
  }
  return out;
}

class Parser {
  private i = 0;
  constructor(
    private readonly t: string[],
    private readonly ns: Record<string, string>,
  ) {}

  parse(): Ast {
    const e = this.or();
    if (this.i < this.t.length) throw new Error(`unexpected "${this.t[this.i]}"`);
    return e;
  }
  private peek(o = 0): string | undefined {
    return this.t[this.i + o];
  }
  private eat(tok: string): void {
    if (this.t[this.i] !== tok) throw new Error(`expected "${tok}" but found "${this.t[this.i] ?? 'end'}"`);
    this.i++;
  }
  private or(): Ast {
    let a = this.and();
    while (this.peek() === 'or') {
      this.i++;
      a = { k: 'or', a, b: this.and() };
    }
    return a;
  }
  private and(): Ast {
    let a = this.cmp();
    while (this.peek() === 'and') {
      this.i++;
      a = { k: 'and', a, b: this.cmp() };
    }
    return a;
  }
  private cmp(): Ast {
    const a = this.arith();
    const op = this.peek();
    if (op === '=' || op === '!=' || op === '<' || op === '<=' || op === '>' || op === '>=') {
      this.i++;
      return { k: 'cmp', op, a, b: this.arith() };
    }
    return a;
  }
  private arith(): Ast {
    let a = this.union();
    for (let op = this.peek(); op === '+' || op === '-'; op = this.peek()) {
      this.i++;
      a = { k: 'arith', op, a, b: this.union() };
    }
    return a;
  }
  private union(): Ast {
    const first = this.path();
    if (this.peek() !== '|') return first;
    const items = [first];
    while (this.peek() === '|') {
      this.i++;
      items.push(this.path());
    }
    return { k: 'union', items };
  }
  private path(): Ast {
    const tok = this.peek();
    if (tok === '/' || tok === '//') {
      this.i++;
      const next = this.peek();
      const steps: Step[] = [];
      if (tok === '//' || (next !== undefined && this.startsStep(next))) this.steps(steps, tok === '//');
      return { k: 'path', abs: tok, start: null, steps };
    }
    if (tok !== undefined && this.startsStep(tok) && !this.isCall()) {
      const steps: Step[] = [];
      this.steps(steps, false);
      return { k: 'path', abs: '', start: null, steps };
    }
    let base = this.primary();
    const preds = this.preds();
    if (preds.length) base = { k: 'filter', base, preds };
    if (this.peek() !== '/' && this.peek() !== '//') return base;
    const steps: Step[] = [];
    const deep = this.peek() === '//';
    this.i++;
    this.steps(steps, deep);
    return { k: 'path', abs: '', start: base, steps };
  }
  private isCall(): boolean {
    const tok = this.peek() ?? '';
    return this.peek(1) === '(' && /^[A-Za-z]/.test(tok) && !tok.includes(':') && tok !== 'node';
  }
  private startsStep(tok: string): boolean {
    return tok === '.' || tok === '..' || tok === '@' || tok === '*' || /^[A-Za-z_]/.test(tok);
  }
  private steps(out: Step[], deep: boolean): void {
    out.push(this.step(deep));
    while (this.peek() === '/' || this.peek() === '//') {
      const d = this.peek() === '//';
      this.i++;
      out.push(this.step(d));
    }
  }
  private step(deep: boolean): Step {
    const tok = this.peek() ?? '';
    if (tok === '.') {
      this.i++;
      return { deep, axis: 'self', ns: '*', local: '*', preds: this.preds() };
    }
    if (tok === '..') {
      this.i++;
      return { deep, axis: 'parent', ns: '*', local: '*', preds: [] };
    }
    if (tok === '@') {
      this.i++;
      const name = this.t[this.i++] ?? '';
      return { deep, axis: 'attribute', ns: '', local: name, preds: this.preds() };
    }
    if (this.isCall()) return { deep, axis: 'call', ns: '', local: '', call: this.primary(), preds: [] };
    let axis: Step['axis'] = 'child';
    if (this.peek(1) === '::') {
      const a = tok;
      if (a !== 'self' && a !== 'ancestor' && a !== 'preceding' && a !== 'child')
        throw new Error(`unsupported axis ${a}`);
      axis = a;
      this.i += 2;
    }
    const name = this.t[this.i++] ?? '';
    const [ns, local] = this.nameTest(name);
    return { deep, axis, ns, local, preds: this.preds() };
  }
  private nameTest(name: string): [string, string] {
    if (name === '*') return ['*', '*'];
    const c = name.indexOf(':');
    if (c < 0) return ['', name];
    const prefix = name.slice(0, c);
    const uri = this.ns[prefix];
    if (uri === undefined) throw new Error(`unknown prefix ${prefix}`);
    return [uri, name.slice(c + 1)];
  }
  private preds(): Ast[] {
    const out: Ast[] = [];
    while (this.peek() === '[') {
      this.i++;
      out.push(this.or());
      this.eat(']');
    }
    return out;
  }
  private primary(): Ast {
    const tok = this.t[this.i++] ?? '';
    if (tok === '(') {
      const e = this.or();
      this.eat(')');
      return e;
    }
    if (tok.startsWith("'") || tok.startsWith('"')) return { k: 'str', v: tok.slice(1, -1) };
    if (/^\d/.test(tok)) return { k: 'num', v: Number(tok) };
    if (this.peek() === '(') {
      this.i++;
      const args: Ast[] = [];
      if (this.peek() !== ')') {
        args.push(this.or());
        while (this.peek() === ',') {
          this.i++;
          args.push(this.or());
        }
      }
      this.eat(')');
      return { k: 'call', name: tok, args };
    }
    throw new Error(`unexpected "${tok}"`);
  }
}

/** A compiled XPath expression */
export interface XPath {
  src: string;
  ast: Ast;
}

export function compileXPath(src: string, ns: Record<string, string>): XPath {
  return { src, ast: new Parser(tokenize(src), ns).parse() };
}

// ---- evaluation -----------------------------------------------------------------------------------

const NONE: XmlElement[] = [];
const TRUE: Value = [true];
const FALSE: Value = [false];

/** Per-document state: document order and a name index, built once, for `//name` and preceding:: */
export class XDocument {
  readonly docNode: DocNode;
  private all: XmlElement[] | undefined;
  /** position of each element in document order, and of its last descendant */
  private pos = new Map<XmlElement, number>();
  private end = new Map<XmlElement, number>();
  private byName: Map<string, XmlElement[]> | undefined;
  private readonly absolute = new Map<Ast, Value>();

  constructor(readonly root: XmlElement) {
    this.docNode = { doc: true, root };
  }

  /** All elements in document order */
  elements(): XmlElement[] {
    if (!this.all) {
      const out: XmlElement[] = [];
      const stack: [XmlElement, boolean][] = [[this.root, false]];
      while (stack.length) {
        const [e, done] = stack.pop() as [XmlElement, boolean];
        if (done) {
          this.end.set(e, out.length - 1);
          continue;
        }
        this.pos.set(e, out.length);
        out.push(e);
        stack.push([e, true]);
        for (let i = e.children.length - 1; i >= 0; i--) stack.push([e.children[i] as XmlElement, false]);
      }
      this.all = out;
    }
    return this.all;
  }

  position(e: XmlElement): number {
    this.elements();
    return this.pos.get(e) ?? -1;
  }

  /** Elements named ns|local in document order */
  named(ns: string, local: string): XmlElement[] {
    if (!this.byName) {
      const index = new Map<string, XmlElement[]>();
      for (const e of this.elements()) {
        const list = index.get(e.local);
        if (list) list.push(e);
        else index.set(e.local, [e]);
      }
      this.byName = index;
    }
    const same = this.byName.get(local) ?? NONE;
    return sameNs(same, ns) ? same : same.filter((e) => e.ns === ns);
  }

  /** The descendants of `n` (and `n` itself) that a child step with `s` reaches after `//` */
  private deepChildren(n: XNode, s: Step): XmlElement[] {
    const all = this.elements();
    let from = 0;
    let to = all.length - 1;
    if (isElement(n)) {
      from = (this.pos.get(n) ?? 0) + 1;
      to = this.end.get(n) ?? -1;
    } else if (isAttr(n)) return [];
    if (s.ns !== '*' && s.local !== '*') {
      const list = this.named(s.ns, s.local);
      if (from === 0) return list;
      return list.filter((e) => {
        const p = this.pos.get(e) ?? -1;
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
    return ebv(this.eval(x.ast, context));
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
        const x = toNumber(this.eval(a.a, ctx));
        const y = toNumber(this.eval(a.b, ctx));
        return [a.op === '+' ? x + y : x - y];
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
        if (a.abs) {
          const hit = this.absolute.get(a);
          if (hit) return hit;
        }
        let cur: Value;
        if (a.abs) cur = [this.docNode];
        else if (a.start) cur = this.eval(a.start, ctx);
        else cur = [ctx];
        a.steps.forEach((s, i) => {
          const deep = s.deep || (i === 0 && a.abs === '//');
          cur = this.step(cur, s, deep);
        });
        if (a.abs) this.absolute.set(a, cur);
        return cur;
      }
    }
  }

  private sorted(items: Item[]): Item[] {
    if (items.length < 2 || !items.every(isElement)) return items;
    return (items as XmlElement[]).sort((x, y) => this.position(x) - this.position(y));
  }

  private step(input: Value, s: Step, deep: boolean): Value {
    const out: Item[] = [];
    const seen = input.length > 1 || deep ? new Set<Item>() : null;
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
      const origins: XNode[] = deep ? this.descendantsOrSelf(n) : [n];
      for (const o of origins) {
        let found = this.axis(o, s);
        for (const p of s.preds) found = this.filter(found, p);
        for (const f of found) {
          if (seen) {
            if (seen.has(f)) continue;
            seen.add(f);
          }
          out.push(f);
        }
      }
    }
    return out;
  }

  /** Applies a child step's predicates to `e`; a numeric predicate is a position among its matching siblings */
  private keepAmongSiblings(e: XmlElement, s: Step): boolean {
    for (const p of s.preds) {
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
    return all.slice(this.pos.get(n) ?? 0, (this.end.get(n) ?? -1) + 1);
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
        const all = this.elements();
        const me = this.position(n);
        if (s.ns !== '*' && s.local !== '*') {
          const ancestorsOf = new Set<XmlElement>();
          for (let p = n.parent; p; p = p.parent) ancestorsOf.add(p);
          return this.named(s.ns, s.local).filter((e) => (this.pos.get(e) ?? 0) < me && !ancestorsOf.has(e));
        }
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
        return [
          toStr(this.arg(args, 0, ctx))
            .replace(/[\t\n\r ]+/g, ' ')
            .trim(),
        ];
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

const regexCache = new Map<string, RegExp>();
function regex(p: string): RegExp {
  let r = regexCache.get(p);
  if (!r) {
    r = new RegExp(p, 'u');
    regexCache.set(p, r);
  }
  return r;
}

function sameNs(list: XmlElement[], ns: string): boolean {
  for (const e of list) if (e.ns !== ns) return false;
  return true;
}

function nameMatches(e: XmlElement, s: Step): boolean {
  return (s.local === '*' || e.local === s.local) && (s.ns === '*' || e.ns === s.ns);
}

/** XPath string value of an element: all descendant text in document order */
function stringValue(e: XmlElement): string {
  if (e.children.length === 0) return e.text;
  let s = e.text;
  for (const c of e.children) s += stringValue(c);
  return s;
}

function atom(i: Item): string {
  if (typeof i === 'string') return i;
  if (typeof i === 'number') return String(i);
  if (typeof i === 'boolean') return String(i);
  if (isAttr(i)) return i.value;
  if (isDoc(i)) return stringValue(i.root);
  return stringValue(i);
}

function toStr(v: Value): string {
  const first = v[0];
  return first === undefined ? '' : atom(first);
}

function toNumber(v: Value): number {
  const first = v[0];
  if (first === undefined) return Number.NaN;
  if (typeof first === 'number') return first;
  if (typeof first === 'boolean') return first ? 1 : 0;
  const s = atom(first).trim();
  return s === '' ? Number.NaN : Number(s);
}

/** Effective boolean value */
export function ebv(v: Value): boolean {
  if (v.length === 0) return false;
  const first = v[0] as Item;
  if (isNode(first)) return true;
  if (typeof first === 'boolean') return first;
  if (typeof first === 'number') return first !== 0 && !Number.isNaN(first);
  return first !== '';
}

function toBool(s: string): boolean | null {
  const t = s.trim();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  return null;
}

/** XPath 2.0 general comparison: true when some pair of atomized items compares true */
function compare(op: string, a: Value, b: Value): boolean {
  for (const x of a) {
    for (const y of b) {
      if (compareItems(op, x, y)) return true;
    }
  }
  return false;
}

function compareItems(op: string, x: Item, y: Item): boolean {
  let l: string | number | boolean;
  let r: string | number | boolean;
  if (typeof x === 'boolean' || typeof y === 'boolean') {
    const bx = typeof x === 'boolean' ? x : toBool(atom(x));
    const by = typeof y === 'boolean' ? y : toBool(atom(y));
    if (bx === null || by === null) return false;
    l = bx ? 1 : 0;
    r = by ? 1 : 0;
  } else if (typeof x === 'number' || typeof y === 'number') {
    l = typeof x === 'number' ? x : Number(atom(x).trim() || Number.NaN);
    r = typeof y === 'number' ? y : Number(atom(y).trim() || Number.NaN);
  } else {
    l = atom(x);
    r = atom(y);
  }
  switch (op) {
    case '=':
      return l === r;
    case '!=':
      return l !== r;
    case '<':
      return l < r;
    case '<=':
      return l <= r;
    case '>':
      return l > r;
    default:
      return l >= r;
  }
}

/**
 * The child element (or attribute) without which `x` is certainly true, when its shape says so:
 * `not(a/…)`, `count(a/…) <= n`, `not(@x)`, or `E or …` with E one of those. Rules made of such
 * asserts are only evaluated on nodes that have that child, which skips most of the ~1,300 asserts.
 */
export function triggerOf(x: XPath): { attr: boolean; ns: string; local: string } | null {
  return trigger(x.ast);
}

function trigger(a: Ast): { attr: boolean; ns: string; local: string } | null {
  if (a.k === 'or') return trigger(a.a);
  if (a.k === 'call' && a.name === 'not' && a.args.length === 1) return firstStep(a.args[0]);
  if (
    a.k === 'cmp' &&
    (a.op === '<=' || a.op === '<') &&
    a.a.k === 'call' &&
    a.a.name === 'count' &&
    a.b.k === 'num'
  ) {
    if (a.b.v > 0 || (a.op === '<=' && a.b.v === 0)) return firstStep(a.a.args[0]);
  }
  return null;
}

function firstStep(p: Ast | undefined): { attr: boolean; ns: string; local: string } | null {
  if (p?.k !== 'path' || p.abs !== '' || p.start !== null) return null;
  const s = p.steps[0];
  if (!s || s.deep || s.local === '*' || s.ns === '*') return null;
  if (s.axis === 'child') return { attr: false, ns: s.ns, local: s.local };
  if (s.axis === 'attribute') return { attr: true, ns: '', local: s.local };
  return null;
}

/** One step of a plain child path: an element (ns, local) or, last, an attribute */
export interface ChainStep {
  attr: boolean;
  ns: string;
  local: string;
}

/**
 * When `x` is `not(P)` and P a plain path of named child steps (optionally ending in an attribute,
 * optionally starting with a union of such steps), the chains P stands for: the assert fails
 * exactly when one of them exists below the context node. Else null.
 */
export function absenceChains(x: XPath): ChainStep[][] | null {
  const a = x.ast;
  if (a.k !== 'call' || a.name !== 'not' || a.args.length !== 1) return null;
  return chainsOf(a.args[0]);
}

function chainsOf(p: Ast | undefined): ChainStep[][] | null {
  if (!p) return null;
  if (p.k === 'union') {
    const out: ChainStep[][] = [];
    for (const i of p.items) {
      const c = chainsOf(i);
      if (!c) return null;
      out.push(...c);
    }
    return out;
  }
  if (p.k !== 'path' || p.abs !== '') return null;
  const tail: ChainStep[] = [];
  for (const [i, s] of p.steps.entries()) {
    if (s.deep || s.preds.length || s.local === '*' || s.ns === '*') return null;
    if (s.axis === 'attribute' && i === p.steps.length - 1) tail.push({ attr: true, ns: '', local: s.local });
    else if (s.axis === 'child') tail.push({ attr: false, ns: s.ns, local: s.local });
    else return null;
  }
  if (!p.start) return [tail];
  const heads = chainsOf(p.start);
  if (!heads || heads.some((h) => h.some((st) => st.attr))) return null;
  return heads.map((h) => [...h, ...tail]);
}

/**
 * For a schematron context usable with XDocument.matches (absolute child-step paths, possibly a
 * union): the local names its last steps require ('*' when any name can match). Else null.
 */
export function patternShape(x: XPath): string[] | null {
  const branches = x.ast.k === 'union' ? x.ast.items : [x.ast];
  const out: string[] = [];
  for (const b of branches) {
    if (b.k !== 'path' || b.abs === '' || b.start !== null || b.steps.length === 0) return null;
    if (b.steps.some((st) => st.axis !== 'child')) return null;
    out.push((b.steps[b.steps.length - 1] as Step).local);
  }
  return out;
}
