/** XPath values: atomization, string values, effective boolean value, general comparisons. */
import type { XmlElement } from '@einv/xml';
import { type Ast, type Item, isAttr, isDoc, isNode, type Step, type Value } from './xpath-parse.js';

const regexCache = new Map<string, RegExp>();
export function regex(p: string): RegExp {
  let r = regexCache.get(p);
  if (!r) {
    r = new RegExp(p, 'u');
    regexCache.set(p, r);
  }
  return r;
}

export function sameNs(list: XmlElement[], ns: string): boolean {
  for (const e of list) if (e.ns !== ns) return false;
  return true;
}

export function nameMatches(e: XmlElement, s: Step): boolean {
  return (s.local === '*' || e.local === s.local) && (s.ns === '*' || e.ns === s.ns);
}

/** XPath string value of an element: all descendant text in document order */
export function stringValue(e: XmlElement): string {
  if (e.children.length === 0) return e.text;
  let s = e.text;
  for (const c of e.children) s += stringValue(c);
  return s;
}

export function atom(i: Item): string {
  if (typeof i === 'string') return i;
  if (typeof i === 'number') return String(i);
  if (typeof i === 'boolean') return String(i);
  if (isAttr(i)) return i.value;
  if (isDoc(i)) return stringValue(i.root);
  return stringValue(i);
}

export function toStr(v: Value): string {
  const first = v[0];
  return first === undefined ? '' : atom(first);
}

export function toNumber(v: Value): number {
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

/** A string read as xs:boolean ('true'/'1', 'false'/'0'); null when it is neither */
export function toBool(s: string): boolean | null {
  const t = s.trim();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  return null;
}

/** XPath 2.0 general comparison: true when some pair of atomized items compares true */
export function compare(op: string, a: Value, b: Value): boolean {
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

/** Does the expression read a variable (then an absolute path in it is not the same from every context)? */
const readsVars = new WeakMap<Ast, boolean>();
export function readsVariables(a: Ast): boolean {
  let v = readsVars.get(a);
  if (v === undefined) {
    v = JSON.stringify(a, (k, x) => (k === 'owner' || k === 'parent' ? undefined : x)).includes('"k":"var"');
    readsVars.set(a, v);
  }
  return v;
}
