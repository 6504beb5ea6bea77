/**
 * Closures for the boolean expressions the syntax rules and the official rule contexts test on
 * every element (`count(ram:Value) = 1`, `[normalize-space(cbc:ID) = 'S']`, `[@schemeID]`,
 * `not(ancestor::cac:Price/cac:AllowanceCharge)` …). The interpreter in xpath.ts builds an array
 * for every intermediate value; on a 1,000-line invoice that is millions of short-lived arrays (the
 * garbage collector was a fifth of the time). Compiled once per expression, these walk the tree
 * directly and allocate nothing per call.
 *
 * Only shapes whose meaning is plain are compiled: relative paths of child, attribute (last),
 * self, parent and ancestor steps, predicates only on child steps and only boolean ones; `not`, `and`, `or`, `exists`, `count(P) op n`,
 * `P = 'text'` / `P != 'text'`, `P = Q` / `P != Q` of two paths, `P = true()/false()`, `ends-with(name(), '…')`,
 * `string-length(S) op n`, and the string functions `normalize-space`, `upper-case`,
 * `substring-after(S, 'text')`. Anything else — and every part of an expression that
 * is not such a shape — runs on the interpreter, so the results are the interpreter's by
 * construction (tests/structure/xpath-fast.test.ts compares both on every rule and every element of
 * the official examples).
 */
import type { XmlElement } from '@einv/xml';
import { codePoints, collapse } from './strings.js';
import type { Ast, Step, Value, XNode } from './xpath-parse.js';
import { ebv, nameMatches, readsVariables, regex, stringValue, toBool, toStr } from './xpath-values.js';

/** What the closures need from the document: the interpreter, for the parts they do not compile */
export interface Evaluator {
  readonly root: XmlElement;
  /** a number no other document of the process has (XDocument.serial) */
  readonly serial: number;
  evalAst(a: Ast, ctx: XNode): Value;
  /** the elements named ns|local in document order (`//name`) */
  named(ns: string, local: string): readonly XmlElement[];
  /** the elements carrying an attribute of this name in document order (`//@name`) */
  attributeOwners(name: string): readonly XmlElement[];
}

export type BoolFn = (e: XmlElement, doc: Evaluator) => boolean;
type StrFn = (e: XmlElement, doc: Evaluator) => string;
/**
 * Visits the items a path selects from `e`, in the interpreter's order, until `visit` returns true
 * (then returns true). An element is passed as itself; an attribute or a string as `value` with a
 * null element. The document node (`..` of the root) is passed as the root element: every use here
 * (existence, count, string value) treats them alike.
 */
type Visit = (el: XmlElement | null, value: string) => boolean;
type PathFn = (e: XmlElement, doc: Evaluator, visit: Visit) => boolean;

const compiled = new WeakMap<Ast, BoolFn>();

/** The boolean value of `a` on an element, as a closure (compiled once per expression) */
export function boolOf(a: Ast): BoolFn {
  let fn = compiled.get(a);
  if (!fn) {
    fn = compileBool(a);
    // the same on every element of a document: computed once per document
    if (contextFree(a)) fn = oncePerDocument(fn);
    compiled.set(a, fn);
  }
  return fn;
}

/**
 * Does the value of `a` not depend on the context node: every path in it absolute (predicates
 * aside: they are relative to the path's own nodes), no variable, no function reading the context?
 * `not(@unitCode) or (/rsm:…/ram:BilledQuantity/@unitCode)` (CII-DT-033) asks its absolute path on
 * every quantity of a large invoice; the root asserts' `count(//…)` are the same on every node.
 */
function contextFree(a: Ast): boolean {
  switch (a.k) {
    case 'str':
    case 'num':
      return true;
    case 'path':
      return a.abs !== '' && !readsVariables(a);
    case 'or':
    case 'and':
    case 'cmp':
    case 'arith':
      return contextFree(a.a) && contextFree(a.b);
    case 'call':
      // without arguments only the constants: name(), normalize-space(), position()… read the context
      return a.args.length === 0
        ? a.name === 'true' || a.name === 'false'
        : a.name !== 'position' && a.name !== 'last' && a.args.every(contextFree);
    case 'seq':
    case 'union':
      return a.items.every(contextFree);
    case 'filter':
      return contextFree(a.base) && !readsVariables(a);
    default:
      return false;
  }
}

const predicates = new WeakMap<Ast, BoolFn | null>();

/**
 * A predicate as a closure when it is always a boolean (a filter, never a position: `[1]`), else
 * null (the interpreter decides). Compiled once per predicate.
 */
export function predicateOf(a: Ast): BoolFn | null {
  let fn = predicates.get(a);
  if (fn === undefined) {
    fn = isBooleanTyped(a) ? boolOf(a) : null;
    predicates.set(a, fn);
  }
  return fn;
}

function isBooleanTyped(a: Ast): boolean {
  if (a.k === 'or' || a.k === 'and' || a.k === 'cmp') return true;
  if (a.k === 'call') return ['not', 'exists', 'true', 'false', 'ends-with', 'matches'].includes(a.name);
  return a.k === 'path' && pathOf(a) !== null;
}

function interpreted(a: Ast): BoolFn {
  return (e, doc) => ebv(doc.evalAst(a, e));
}

function compileBool(a: Ast): BoolFn {
  switch (a.k) {
    case 'or': {
      const x = boolOf(a.a);
      const y = boolOf(a.b);
      return (e, doc) => x(e, doc) || y(e, doc);
    }
    case 'and': {
      const x = boolOf(a.a);
      const y = boolOf(a.b);
      return (e, doc) => x(e, doc) && y(e, doc);
    }
    case 'call':
      return callBool(a) ?? interpreted(a);
    case 'cmp':
      return compareBool(a.op, a.a, a.b) ?? interpreted(a);
    case 'path': {
      const p = pathOf(a);
      return p ? (e, doc) => p(e, doc, STOP) : interpreted(a);
    }
    default:
      return interpreted(a);
  }
}

const STOP: Visit = () => true;

/**
 * `fn` computed once per document (by its serial number, so the closure holds no document alive)
 */
function oncePerDocument<T>(fn: (e: XmlElement, doc: Evaluator) => T): (e: XmlElement, doc: Evaluator) => T {
  let serial = -1;
  let value = undefined as T;
  return (e, doc) => {
    if (doc.serial !== serial) {
      value = fn(e, doc);
      serial = doc.serial;
    }
    return value;
  };
}

function callBool(a: Extract<Ast, { k: 'call' }>): BoolFn | null {
  const [x, y] = a.args;
  switch (a.name) {
    case 'not': {
      if (a.args.length !== 1 || !x) return null;
      const inner = boolOf(x);
      return (e, doc) => !inner(e, doc);
    }
    case 'exists': {
      const p = a.args.length === 1 && x?.k === 'path' ? pathOf(x) : null;
      return p ? (e, doc) => p(e, doc, STOP) : null;
    }
    case 'matches': {
      // `matches(., '^\s*(\d{4})…$')` (CII-DT-097 on every date): the pattern is a literal, compiled
      // once (the interpreter's regex cache), the string the interpreter's first string
      if (a.args.length !== 2 || !x || y?.k !== 'str') return null;
      let re: RegExp;
      try {
        re = regex(y.v);
      } catch {
        return null; // a pattern the engine rejects: the interpreter reports it where it is asked
      }
      const s = firstString(x);
      return (e, doc) => re.test(s(e, doc));
    }
    case 'true':
      return a.args.length === 0 ? () => true : null;
    case 'false':
      return a.args.length === 0 ? () => false : null;
    case 'ends-with':
      if (
        a.args.length === 2 &&
        x?.k === 'call' &&
        x.name === 'name' &&
        x.args.length === 0 &&
        y?.k === 'str'
      ) {
        const suffix = y.v;
        return (e) => e.name.endsWith(suffix);
      }
      return null;
    default:
      return null;
  }
}

/** A general comparison with a literal on one side, or `count(P) op n` */
function compareBool(op: string, l: Ast, r: Ast): BoolFn | null {
  // `count(ram:Value) = 1`, `count(//@name) - count(//cbc:X/@name) <= 0` (UBL-DT-18)
  if (r.k === 'num') {
    const total = countOf(l);
    if (total) return numberCompare(total, op, r.v);
  }
  // `string-length(substring-after(., '.')) <= 2` (UBL-DT-01, on every amount)
  if (l.k === 'call' && l.name === 'string-length' && l.args.length === 1 && r.k === 'num') {
    const arg = l.args[0] as Ast;
    const after = substringAfter(arg);
    if (after) {
      // the length of what follows the separator, counted in place (no string cut out of the value)
      const { inner, sep } = after;
      const length = (e: XmlElement, doc: Evaluator): number => {
        const s = inner(e, doc);
        const i = s.indexOf(sep);
        return i < 0 ? 0 : codePoints(s, i + sep.length);
      };
      return numberCompare(length, op, r.v);
    }
    const s = firstString(arg);
    return numberCompare((e, doc) => codePoints(s(e, doc)), op, r.v);
  }
  if (op !== '=' && op !== '!=') return null;
  // `preceding::cbc:PaymentID/. = .` (UBL-SR-44/47, once per document on each payment id and code)
  const earlier = op === '=' ? (precedingEqual(l, r) ?? precedingEqual(r, l)) : null;
  if (earlier) return earlier;
  // `=` and `!=` are symmetric: put the literal on the right
  const [side, lit] = isLiteral(r) ? [l, r] : isLiteral(l) ? [r, l] : [null, null];
  if (!side || !lit) return stringsCompare(op === '=', l, r) ?? pathsCompare(op === '=', l, r);
  const eq = op === '=';
  if (lit.k === 'str') {
    const text = lit.v;
    const s = stringOf(side);
    if (s) return eq ? (e, doc) => s(e, doc) === text : (e, doc) => s(e, doc) !== text;
    const p = side.k === 'path' ? pathOf(side, true) : null;
    if (!p) return null;
    const hit: Visit = eq ? (el, v) => atomOf(el, v) === text : (el, v) => atomOf(el, v) !== text;
    return (e, doc) => p(e, doc, hit);
  }
  // `P = true()` / `P = false()`: an item compares only when it reads as a boolean
  const p = side.k === 'path' ? pathOf(side, true) : null;
  if (!p) return null;
  const want = lit.k === 'call' && lit.name === 'true';
  const hit: Visit = (el, v) => {
    const b = toBool(atomOf(el, v));
    return b !== null && (eq ? b === want : b !== want);
  };
  return (e, doc) => p(e, doc, hit);
}

/**
 * `P = Q` / `P != Q` with a path on each side: the general comparison of their string values (each
 * item an untyped node or a string: compared as strings, as the interpreter's compareItems does),
 * true when some pair compares. One side's values are gathered, the other side's visited until one
 * compares. The gathered side is the context-free one when there is one, then once per document:
 * `@currencyID = /rsm:…/ram:InvoiceCurrencyCode`, a CII rule context (BR-CO-15's) tried on every
 * TaxTotalAmount, and `(cac:PartyName/cbc:Name) != (../cac:…/cbc:RegistrationName)`, a UBL assert
 * on the payee, went to the interpreter (its node sets and string lists, ~1.7 µs per CII example).
 */
function pathsCompare(eq: boolean, l: Ast, r: Ast): BoolFn | null {
  const lp = anyPathOf(l);
  const rp = anyPathOf(r);
  if (!lp || !rp) return null;
  const leftFree = contextFree(l);
  const [gathered, visited] = leftFree && !contextFree(r) ? [lp, rp] : [rp, lp];
  const gather = (e: XmlElement, doc: Evaluator): string[] => {
    const values: string[] = [];
    gathered(e, doc, (el, v) => {
      values.push(atomOf(el, v));
      return false;
    });
    return values;
  };
  const valuesOf = contextFree(gathered === lp ? l : r) ? oncePerDocument(gather) : gather;
  if (eq)
    return (e, doc) => {
      const values = valuesOf(e, doc);
      return values.length > 0 && visited(e, doc, (el, v) => values.includes(atomOf(el, v)));
    };
  return (e, doc) => {
    const values = valuesOf(e, doc);
    return (
      values.length > 0 &&
      visited(e, doc, (el, v) => {
        const s = atomOf(el, v);
        for (let i = 0; i < values.length; i++) if (values[i] !== s) return true;
        return false;
      })
    );
  };
}

/** A path's items in any order (an existential comparison does not need document order), else null */
function anyPathOf(a: Ast): PathFn | null {
  if (a.k !== 'path') return null;
  return pathOf(a, true) ?? pathOf(a);
}

/**
 * `normalize-space(.) != normalize-space((//ram:X/ram:TypeCode)[1])` (CII-SR-467/468, a predicate
 * on every payment means): both sides one string each (stringOf), so the general comparison is one
 * string comparison. A side that does not depend on the context node is computed once per document.
 */
function stringsCompare(eq: boolean, l: Ast, r: Ast): BoolFn | null {
  const x = stringOf(l);
  const y = stringOf(r);
  if (!x || !y) return null;
  const a = contextFree(l) ? oncePerDocument(x) : x;
  const b = contextFree(r) ? oncePerDocument(y) : y;
  return eq ? (e, doc) => a(e, doc) === b(e, doc) : (e, doc) => a(e, doc) !== b(e, doc);
}

/**
 * `preceding::N/. = .` (or `preceding::N = .`), the distinct-values idiom
 * `//N[not(preceding::N/. = .)]` of UBL-SR-44/47: is there an element named N before this one in
 * document order, not one of its ancestors, with the same string value? From the document's list
 * of N's (document order, XDocument.named) up to this element, without the interpreter's node
 * sets. An element not in that list (not named N) is left to the interpreter, as every other shape.
 */
function precedingEqual(side: Ast, other: Ast): BoolFn | null {
  if (!isContextItem(other) || side.k !== 'path' || side.abs !== '' || side.start !== null) return null;
  const [step, self] = side.steps;
  if (step?.axis !== 'preceding' || step.deep || step.preds.length > 0) return null;
  if (step.local === '*' || step.ns === '*') return null;
  if (side.steps.length > 2 || (self !== undefined && !isSelfStep(self))) return null;
  const { local, ns } = step;
  const cmp: Ast = { k: 'cmp', op: '=', a: side, b: other };
  const slow = interpreted(cmp);
  return (e, doc) => {
    const list = doc.named(ns, local);
    const at = list.indexOf(e);
    if (at < 0) return slow(e, doc);
    const value = stringValue(e);
    for (let k = 0; k < at; k++) {
      const p = list[k] as XmlElement;
      if (stringValue(p) === value && !isAncestor(p, e)) return true;
    }
    return false;
  };
}

/** Is `a` an ancestor of `e`? */
function isAncestor(a: XmlElement, e: XmlElement): boolean {
  for (let p = e.parent; p !== null; p = p.parent) if (p === a) return true;
  return false;
}

type Literal = Extract<Ast, { k: 'str' }> | Extract<Ast, { k: 'call' }>;
function isLiteral(a: Ast): a is Literal {
  return (
    a.k === 'str' || (a.k === 'call' && (a.name === 'true' || a.name === 'false') && a.args.length === 0)
  );
}

type NumFn = (e: XmlElement, doc: Evaluator) => number;

/**
 * An integer-valued expression: `count(P)` of a path the walker handles, an integer literal, or a
 * sum or difference of those (the interpreter's arithmetic rounds to 10 decimals, which leaves
 * integers as they are); else null
 */
function countOf(a: Ast): NumFn | null {
  if (a.k === 'num') {
    const v = a.v;
    return Number.isInteger(v) ? () => v : null;
  }
  if (a.k === 'arith' && (a.op === '+' || a.op === '-')) {
    const x = countOf(a.a);
    const y = countOf(a.b);
    if (!x || !y) return null;
    return a.op === '+' ? (e, doc) => x(e, doc) + y(e, doc) : (e, doc) => x(e, doc) - y(e, doc);
  }
  if (a.k !== 'call' || a.name !== 'count' || a.args.length !== 1) return null;
  const arg = a.args[0] as Ast;
  const p = arg.k === 'path' ? pathOf(arg) : null;
  if (!p || arg.k !== 'path') return null;
  // `count(ram:Value) = 1` (the cardinality asserts): the children of that name, counted in one loop
  const only = oneChildStep(arg.steps);
  if (only) {
    const { local, ns } = only;
    return (e) => {
      let n = 0;
      const list = e.children;
      for (let i = 0; i < list.length; i++) {
        const c = list[i] as XmlElement;
        if (c.local === local && c.ns === ns) n++;
      }
      return n;
    };
  }
  // `count(cac:A/cac:B/cbc:C) <= 1` (UBL-SR-09…18, triggered on the root by each party), with
  // boolean predicates on the steps too (`cac:PartyTaxScheme[cac:TaxScheme/upper-case(cbc:ID)='VAT']`,
  // UBL-SR-04/12/13/18): nested loops adding up, without a visit callback per node reached
  const chain = arg.abs === '' ? chainNames(arg.steps) : null;
  if (chain) {
    const { locals, spaces, filters } = chain;
    const last = locals.length - 1;
    const below = (el: XmlElement, i: number, doc: Evaluator): number => {
      const local = locals[i] as string;
      const ns = spaces[i] as string;
      const keep = filters[i] as readonly BoolFn[];
      const children = el.children;
      let n = 0;
      for (let k = 0; k < children.length; k++) {
        const c = children[k] as XmlElement;
        if (c.local !== local || c.ns !== ns) continue;
        if (keep.length > 0 && !kept(keep, c, doc)) continue;
        n += i === last ? 1 : below(c, i + 1, doc);
      }
      return n;
    };
    return (e, doc) => below(e, 0, doc);
  }
  let count = 0;
  const tally: Visit = () => {
    count++;
    return false;
  };
  return (e, doc) => {
    count = 0;
    p(e, doc, tally);
    return count;
  };
}

/** A number computed on the element compared with a number literal */
function numberCompare(total: (e: XmlElement, doc: Evaluator) => number, op: string, n: number): BoolFn {
  switch (op) {
    case '=':
      return (e, doc) => total(e, doc) === n;
    case '!=':
      return (e, doc) => total(e, doc) !== n;
    case '<':
      return (e, doc) => total(e, doc) < n;
    case '<=':
      return (e, doc) => total(e, doc) <= n;
    case '>':
      return (e, doc) => total(e, doc) > n;
    default:
      return (e, doc) => total(e, doc) >= n;
  }
}

/** `substring-after(S, 'text')`: S's first string and the separator, else null */
function substringAfter(a: Ast): { inner: StrFn; sep: string } | null {
  if (a.k !== 'call' || a.name !== 'substring-after' || a.args.length !== 2 || a.args[1]?.k !== 'str')
    return null;
  return { inner: firstString(a.args[0] as Ast), sep: a.args[1].v };
}

/** A string-valued expression (one string whatever the context), or null */
function stringOf(a: Ast): StrFn | null {
  if (a.k === 'str') {
    const v = a.v;
    return () => v;
  }
  const after = substringAfter(a);
  if (after) {
    const { inner, sep } = after;
    return (e, doc) => {
      const s = inner(e, doc);
      const i = s.indexOf(sep);
      return i < 0 ? '' : s.slice(i + sep.length);
    };
  }
  if (a.k !== 'call' || a.args.length > 1) return null;
  const names = nameOf(a);
  if (names) return names;
  if (a.name !== 'normalize-space' && a.name !== 'upper-case') return null;
  const arg = a.args[0];
  const inner = arg ? firstString(arg) : (e: XmlElement) => atomOf(e, '');
  if (a.name === 'upper-case') return (e, doc) => inner(e, doc).toUpperCase();
  return (e, doc) => collapse(inner(e, doc));
}

/**
 * `local-name()` / `name()` of the element itself (`.`) or of the root element (`/*`): UBL-SR-43's
 * `local-name(/*) = 'CreditNote'`, once per document, went to the interpreter (its node set and
 * call dispatch, ~2 µs per UBL document). Other arguments: null (the interpreter's).
 */
function nameOf(a: Extract<Ast, { k: 'call' }>): StrFn | null {
  if (a.name !== 'local-name' && a.name !== 'name') return null;
  const local = a.name === 'local-name';
  const arg = a.args[0];
  if (arg === undefined || isContextItem(arg)) return local ? (e) => e.local : (e) => e.name;
  if (!isRootElement(arg)) return null;
  return local ? (_e, doc) => doc.root.local : (_e, doc) => doc.root.name;
}

/** Is `a` the path `/*` (the root element, whatever its name)? */
function isRootElement(a: Ast): boolean {
  if (a.k !== 'path' || a.abs !== '/' || a.start !== null || a.steps.length !== 1) return false;
  const s = a.steps[0] as Step;
  return s.axis === 'child' && !s.deep && s.local === '*' && s.ns === '*' && s.preds.length === 0;
}

/** The string value of the first item of `a` ('' when none): a function's argument */
function firstString(a: Ast): StrFn {
  const s = stringOf(a);
  if (s) return s;
  // `.`: the element's own string value, without the walk of a one-step path
  if (isContextItem(a)) return (e) => stringValue(e);
  // `ram:TypeCode` (`upper-case(ram:TypeCode) = 'VAT'` in 60 CII rule contexts): the first child of
  // that name, found by one loop, without a visit closure per child
  const only = a.k === 'path' && a.abs === '' && a.start === null ? oneChildStep(a.steps) : null;
  if (only) {
    const { local, ns } = only;
    return (e) => {
      const children = e.children;
      for (let i = 0; i < children.length; i++) {
        const c = children[i] as XmlElement;
        if (c.local === local && c.ns === ns) return stringValue(c);
      }
      return '';
    };
  }
  const deepFirst = firstOfDeepChild(a);
  if (deepFirst) return deepFirst;
  const p = a.k === 'path' ? pathOf(a, true) : null;
  if (!p) return (e, doc) => toStr(doc.evalAst(a, e));
  let first = '';
  const take: Visit = (el, v) => {
    first = atomOf(el, v);
    return true;
  };
  return (e, doc) => {
    first = '';
    p(e, doc, take);
    return first;
  };
}

/**
 * `(//ram:A/ram:B)[1]` (CII-SR-467/468, once per document, on the interpreter until session 18):
 * the first B child of an A in document order, from the document's list of A's (document order)
 * instead of the interpreter's node sets. When no A holds another, every B of an earlier A comes
 * before those of a later one: the first A with a B child gives it. A document with nested A's is
 * left to the interpreter, whose answer there is the one to keep (the reports stay the same).
 */
function firstOfDeepChild(a: Ast): StrFn | null {
  if (a.k !== 'filter' || a.preds.length !== 1) return null;
  const pred = a.preds[0] as Ast;
  const base = a.base;
  if (pred.k !== 'num' || pred.v !== 1 || base.k !== 'path' || base.abs !== '//' || base.start !== null)
    return null;
  const [outer, inner] = base.steps;
  if (base.steps.length !== 2 || !outer || !inner || inner.deep) return null;
  for (const s of [outer, inner])
    if (s.axis !== 'child' || s.preds.length > 0 || s.local === '*' || s.ns === '*') return null;
  return (e, doc) => {
    const list = doc.named(outer.ns, outer.local);
    for (let i = 0; i < list.length; i++)
      for (let up = (list[i] as XmlElement).parent; up !== null; up = up.parent)
        if (up.local === outer.local && up.ns === outer.ns) return toStr(doc.evalAst(a, e));
    for (let i = 0; i < list.length; i++) {
      const children = (list[i] as XmlElement).children;
      for (let k = 0; k < children.length; k++) {
        const c = children[k] as XmlElement;
        if (c.local === inner.local && c.ns === inner.ns) return stringValue(c);
      }
    }
    return '';
  };
}

/**
 * A relative path the walker handles, or null. `strings`: the path may end with a string function
 * (`cac:TaxScheme/normalize-space(cbc:ID)`), for comparisons and first strings only: the interpreter
 * keeps equal strings once, so such a path's count or boolean value is not the walker's.
 */
function pathOf(a: Extract<Ast, { k: 'path' }>, strings = false): PathFn | null {
  if (a.start !== null || a.steps.length === 0) return null;
  // `//name` and `//@name` first: the document's lists, each node once, but in the order of the
  // named elements and then their children, not always document order: not for a first string
  if (a.abs === '//' && strings) return null;
  const steps = a.steps;
  // predicates on child steps when they are certainly boolean (a filter of each child, as the
  // interpreter's step applies them), never a position
  const preds = steps.map((s) => (s.axis === 'child' ? s.preds.map(predicateOf) : []));
  for (const [i, s] of steps.entries()) {
    // `//` only before the first step of an absolute path (deepPathOf)
    if (s.deep && !(i === 0 && a.abs === '//')) return null;
    if (s.preds.length && (s.axis !== 'child' || preds[i]?.some((p) => p === null))) return null;
    const last = i === steps.length - 1;
    if (s.axis === 'attribute' && (!last || s.local === '*')) return null;
    // parent and ancestor first only: from one node they reach each node once, as the interpreter's
    // de-duplicated sets do
    if ((s.axis === 'parent' || s.axis === 'ancestor') && i > 0) return null;
    if (s.axis === 'call' && (!strings || !last || !s.call || !stringOf(s.call))) return null;
    // `../f()` from the root would call f on the document node, which the walker does not model
    if (s.axis === 'call' && (steps[i - 1]?.axis === 'parent' || (i === 0 && a.abs !== ''))) return null;
    if (!['child', 'attribute', 'self', 'parent', 'ancestor', 'call'].includes(s.axis)) return null;
  }
  if (a.abs === '//') return deepPathOf(steps, preds);
  // `/…`: from the document node (null for the walker)
  const start = a.abs === '/';
  const only = start ? null : oneChildStep(steps);
  if (only) {
    // `ram:Value`, `count(ram:Value)`: the most frequent shape, one loop over the children
    const { local, ns } = only;
    return (e, _doc, visit) => {
      const children = e.children;
      for (let i = 0; i < children.length; i++) {
        const c = children[i] as XmlElement;
        if (c.local === local && c.ns === ns && visit(c, '')) return true;
      }
      return false;
    };
  }
  const chain = start ? null : childChain(steps);
  if (chain) return chain;
  const calls = steps.map((s) => (s.call ? stringOf(s.call) : null));
  const walk = (n: XmlElement | null, i: number, doc: Evaluator, visit: Visit): boolean => {
    if (i === steps.length) return visit(n ?? doc.root, '');
    const s = steps[i] as Step;
    switch (s.axis) {
      case 'child': {
        const filters = preds[i] as BoolFn[];
        if (n === null) {
          const root = doc.root;
          return nameMatches(root, s) && kept(filters, root, doc) && walk(root, i + 1, doc, visit);
        }
        for (const c of n.children)
          if (nameMatches(c, s) && kept(filters, c, doc) && walk(c, i + 1, doc, visit)) return true;
        return false;
      }
      case 'attribute': {
        if (n === null) return false;
        const v = n.attrs[s.local];
        return v !== undefined && visit(null, v);
      }
      case 'self':
        if (s.local !== '*' && (n === null || !nameMatches(n, s))) return false;
        return walk(n, i + 1, doc, visit);
      case 'parent':
        // the parent of the root is the document node (null here)
        return n !== null && walk(n.parent, i + 1, doc, visit);
      case 'ancestor':
        if (n === null) return false;
        for (let p = n.parent; p; p = p.parent)
          if (nameMatches(p, s) && walk(p, i + 1, doc, visit)) return true;
        return false;
      default: {
        // a string function as the last step: one string per node reached
        const fn = calls[i] as StrFn;
        return n !== null && visit(null, fn(n, doc));
      }
    }
  };
  return start ? (_e, doc, visit) => walk(null, 0, doc, visit) : (e, doc, visit) => walk(e, 0, doc, visit);
}

/**
 * `//name…` / `//@name` from the document: the elements of that name (or carrying that attribute),
 * then the rest of the path from each as a relative one. Each node is reached once (a later step is
 * a child, attribute or self step: one parent each), as the interpreter's de-duplicated steps give them.
 */
function deepPathOf(steps: readonly Step[], preds: (BoolFn | null)[][]): PathFn | null {
  const first = steps[0] as Step;
  if (first.local === '*' || (first.axis === 'child' && first.ns === '*')) return null;
  const { local, ns } = first;
  if (first.axis === 'attribute') {
    return (_e, doc, visit) => {
      const owners = doc.attributeOwners(local);
      for (let i = 0; i < owners.length; i++)
        if (visit(null, (owners[i] as XmlElement).attrs[local] as string)) return true;
      return false;
    };
  }
  if (first.axis !== 'child') return null;
  if (steps.slice(1).some((s) => s.axis === 'parent' || s.axis === 'ancestor')) return null;
  const filters = preds[0] as BoolFn[];
  const rest = steps.length > 1 ? pathOf({ k: 'path', abs: '', start: null, steps: steps.slice(1) }) : null;
  if (steps.length > 1 && !rest) return null;
  return (_e, doc, visit) => {
    const list = doc.named(ns, local);
    for (let i = 0; i < list.length; i++) {
      const el = list[i] as XmlElement;
      if (!kept(filters, el, doc)) continue;
      if (rest === null ? visit(el, '') : rest(el, doc, visit)) return true;
    }
    return false;
  };
}

/**
 * `ram:A/ram:B…`: named child steps, with boolean predicates or none, as nested loops over the
 * children comparing names (no step switch); the general walk's visits, in its order
 */
function childChain(steps: readonly Step[]): PathFn | null {
  const chain = chainNames(steps);
  if (!chain) return null;
  const { locals, spaces, filters } = chain;
  const last = steps.length - 1;
  const down = (el: XmlElement, i: number, doc: Evaluator, visit: Visit): boolean => {
    const local = locals[i] as string;
    const ns = spaces[i] as string;
    const keep = filters[i] as readonly BoolFn[];
    const children = el.children;
    for (let k = 0; k < children.length; k++) {
      const c = children[k] as XmlElement;
      if (c.local !== local || c.ns !== ns) continue;
      if (keep.length > 0 && !kept(keep, c, doc)) continue;
      if (i === last ? visit(c, '') : down(c, i + 1, doc, visit)) return true;
    }
    return false;
  };
  return (e, doc, visit) => down(e, 0, doc, visit);
}

/**
 * The names of `ram:A/ram:B[…]…` (named child steps, each predicate a boolean one: predicateOf),
 * and each step's predicates as closures; else null
 */
function chainNames(
  steps: readonly Step[],
): { locals: string[]; spaces: string[]; filters: (readonly BoolFn[])[] } | null {
  const filters: (readonly BoolFn[])[] = [];
  for (const s of steps) {
    if (s.axis !== 'child' || s.deep || s.local === '*' || s.ns === '*') return null;
    const fns: BoolFn[] = [];
    for (const p of s.preds) {
      const fn = predicateOf(p);
      if (fn === null) return null;
      fns.push(fn);
    }
    filters.push(fns);
  }
  return { locals: steps.map((s) => s.local), spaces: steps.map((s) => s.ns), filters };
}

/** Is `a` the context item `.` (a relative path of one self step without a name test or predicate)? */
function isContextItem(a: Ast): boolean {
  if (a.k !== 'path' || a.abs !== '' || a.start !== null || a.steps.length !== 1) return false;
  return isSelfStep(a.steps[0] as Step);
}

/** Is `s` the step `.` (self, no name test, no predicate)? */
function isSelfStep(s: Step): boolean {
  return s.axis === 'self' && s.local === '*' && s.ns === '*' && s.preds.length === 0 && !s.deep;
}

/** The step of a path that is one named child step without predicates (`ram:Value`), else null */
function oneChildStep(steps: readonly Step[]): Step | null {
  const s = steps[0];
  if (steps.length !== 1 || !s || s.axis !== 'child' || s.deep || s.preds.length > 0) return null;
  return s.local === '*' || s.ns === '*' ? null : s;
}

/** Does `e` pass every predicate of its step? */
function kept(filters: readonly BoolFn[], e: XmlElement, doc: Evaluator): boolean {
  for (let k = 0; k < filters.length; k++) if (!(filters[k] as BoolFn)(e, doc)) return false;
  return true;
}

/** The string value of a visited item */
function atomOf(el: XmlElement | null, value: string): string {
  return el === null ? value : stringValue(el);
}

/**
 * A predicate `S = 'literal'` (or `'literal' = S`) whose S gives one string per element, computed
 * by the compiled closures alone (no interpreter, nothing that can throw): the literal, S as a
 * closure, and S's text as an identity (equal for the same S written in two contexts). `key(e)` is
 * null when S is a path whose items are not exactly one (`ram:CategoryCode` with no or two such
 * children): the comparison is then existential and the caller evaluates it as the predicate itself.
 * The rule-context families of xpath-match.ts (decision 0270) evaluate S once per element and pick
 * the branch by its value, instead of one comparison per branch.
 */
export interface EqualityKey {
  /** S, serialized: the predicates of one family compare the same S */
  id: string;
  literal: string;
  key: (e: XmlElement, doc: Evaluator) => string | null;
}

export function equalityKey(p: Ast): EqualityKey | null {
  if (p.k !== 'cmp' || p.op !== '=') return null;
  const [side, lit] = p.b.k === 'str' ? [p.a, p.b] : p.a.k === 'str' ? [p.b, p.a] : [null, null];
  if (side === null || lit === null || lit.k !== 'str') return null;
  // `. = 'AE'`: the element's own string value
  if (isContextItem(side)) return { id: JSON.stringify(side), literal: lit.v, key: (e) => stringValue(e) };
  // one child of that name: its string value; none or several: the caller's full test
  const only = side.k === 'path' && side.abs === '' && side.start === null ? oneChildStep(side.steps) : null;
  if (only !== null) {
    const { local, ns } = only;
    const key = (e: XmlElement): string | null => {
      const children = e.children;
      let found: XmlElement | null = null;
      for (let i = 0; i < children.length; i++) {
        const c = children[i] as XmlElement;
        if (c.local !== local || c.ns !== ns) continue;
        if (found !== null) return null;
        found = c;
      }
      return found === null ? null : stringValue(found);
    };
    return { id: JSON.stringify(side), literal: lit.v, key };
  }
  if (!plainString(side)) return null;
  const s = stringOf(side);
  return s === null ? null : { id: JSON.stringify(side), literal: lit.v, key: s };
}

/**
 * Does stringOf compile `a` without the interpreter: normalize-space / upper-case of the context
 * item, of one named child step (its first such child, '' when none) or of such a call?
 */
function plainString(a: Ast): boolean {
  if (a.k !== 'call' || a.args.length > 1) return false;
  if (a.name !== 'normalize-space' && a.name !== 'upper-case') return false;
  const arg = a.args[0];
  if (arg === undefined || isContextItem(arg)) return true;
  if (arg.k === 'path') return arg.abs === '' && arg.start === null && oneChildStep(arg.steps) !== null;
  return plainString(arg);
}
