/**
 * The few XPath forms the official BR-FR-CDV schematron uses, with XPath 2.0 semantics, so each
 * native rule in rules.ts reads like the official `test` it stands for:
 *
 * - `sel(nodes, 'ram:A/ram:B')` selects child steps, `..`, `A[@schemeID='0238']`, a leading `/`
 *   (from the document) or `//` (descendants of the document);
 * - `eq` / `ne` are general comparisons: true when SOME selected node's string value is (is not)
 *   equal to one of the values, so an empty selection is false for both (`x != '1'` is not
 *   `not(x = '1')`);
 * - values compare exactly as written: no trimming (`<TypeCode> 23</TypeCode>` is not '23').
 *
 * Contexts (`matches`) follow XSLT match patterns: `a/b` matches any `b` whose parent is an `a`.
 */
import type { XmlElement } from '@einv/xml';

export const CDAR_NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
} as const;

export const CDAR_ROOT = 'CrossDomainAcknowledgementAndResponse';

type Prefix = keyof typeof CDAR_NS;

interface NameTest {
  ns: string;
  local: string;
  /** `[@name='value']` */
  attr?: { name: string; value: string };
}

const STEP = /^(\w+):(\w+)(?:\[@(\w+)\s*=\s*'([^']*)'\])?$/;

function nameTest(step: string): NameTest {
  const m = STEP.exec(step);
  if (!m) throw new Error(`cdar xpath: unsupported step '${step}'`);
  const ns = CDAR_NS[m[1] as Prefix];
  if (!ns) throw new Error(`cdar xpath: unknown prefix in '${step}'`);
  return {
    ns,
    local: m[2] as string,
    ...(m[3] ? { attr: { name: m[3], value: m[4] as string } } : {}),
  };
}

const fits = (el: XmlElement, t: NameTest) =>
  el.local === t.local && el.ns === t.ns && (!t.attr || el.attrs[t.attr.name] === t.attr.value);

/** Compiled paths, by source text (the rules use a few dozen) */
const compiled = new Map<string, { from: '' | '/' | '//'; steps: (NameTest | '..')[] }>();

function compile(path: string) {
  let c = compiled.get(path);
  if (!c) {
    const from = path.startsWith('//') ? '//' : path.startsWith('/') ? '/' : '';
    const steps = path
      .slice(from.length)
      .split('/')
      .map((s) => (s === '..' ? '..' : s === '.' ? null : nameTest(s)))
      .filter((s): s is NameTest | '..' => s !== null);
    c = { from, steps };
    compiled.set(path, c);
  }
  return c;
}

/** Children by namespace and local name, indexed once per element (an element may have many children) */
const byName = new WeakMap<XmlElement, Map<string, XmlElement[]>>();

function childrenNamed(el: XmlElement, t: NameTest): XmlElement[] {
  if (el.children.length < 16) return el.children;
  let index = byName.get(el);
  if (!index) {
    index = new Map();
    for (const k of el.children) {
      const key = `${k.ns} ${k.local}`;
      const list = index.get(key);
      if (list) list.push(k);
      else index.set(key, [k]);
    }
    byName.set(el, index);
  }
  return index.get(`${t.ns} ${t.local}`) ?? [];
}

const rootOf = (el: XmlElement) => {
  let r = el;
  while (r.parent) r = r.parent;
  return r;
};

function descendantsAndSelf(el: XmlElement, out: XmlElement[]) {
  const stack = [el];
  while (stack.length) {
    const e = stack.pop() as XmlElement;
    out.push(e);
    for (let i = e.children.length - 1; i >= 0; i--) stack.push(e.children[i] as XmlElement);
  }
}

/**
 * Absolute paths select the same nodes from anywhere in a document: computed once per document, so a
 * rule reading `//…` on each of many nodes stays linear (a message with 100,000 reasons must not stall)
 */
const absolute = new WeakMap<XmlElement, Map<string, XmlElement[]>>();

/** The elements `path` selects from `from` (in document order, no duplicates for these paths) */
export function sel(from: XmlElement | XmlElement[], path: string): XmlElement[] {
  const c = compile(path);
  const first = Array.isArray(from) ? from[0] : from;
  if (c.from !== '' && first) {
    const root = rootOf(first);
    let cache = absolute.get(root);
    if (!cache) {
      cache = new Map();
      absolute.set(root, cache);
    }
    let hit = cache.get(path);
    if (!hit) {
      hit = select(first, c);
      cache.set(path, hit);
    }
    return hit;
  }
  return select(from, c);
}

function select(from: XmlElement | XmlElement[], c: ReturnType<typeof compile>): XmlElement[] {
  let nodes: XmlElement[] = Array.isArray(from) ? from : [from];
  let steps = c.steps;
  if (c.from === '/' && nodes[0]) {
    // the document node's only child is the root element: the first step tests it
    const root = rootOf(nodes[0]);
    const first = steps[0];
    if (!first || first === '..') return [];
    nodes = fits(root, first) ? [root] : [];
    steps = steps.slice(1);
  } else if (c.from === '//' && nodes[0]) {
    const all: XmlElement[] = [];
    descendantsAndSelf(rootOf(nodes[0]), all);
    const first = steps[0];
    if (!first || first === '..') return [];
    nodes = all.filter((e) => fits(e, first));
    steps = steps.slice(1);
  }
  for (const step of steps) {
    const next: XmlElement[] = [];
    for (const n of nodes) {
      if (step === '..') {
        if (n.parent && !next.includes(n.parent)) next.push(n.parent);
      } else for (const k of childrenNamed(n, step)) if (fits(k, step)) next.push(k);
    }
    nodes = next;
  }
  return nodes;
}

/** XPath string value of an element: all its descendant text */
export function str(el: XmlElement): string {
  if (el.children.length === 0) return el.text;
  let s = el.text;
  for (const k of el.children) s += str(k);
  return s;
}

/** General comparison `nodes = (values…)` */
export const eq = (nodes: XmlElement[], ...values: string[]) => nodes.some((n) => values.includes(str(n)));

/** General comparison `nodes != value` (true when some node differs; false on no node) */
export const ne = (nodes: XmlElement[], value: string) => nodes.some((n) => str(n) !== value);

/** Does `el` match the XSLT pattern `a/b/c` (prefixed names, child steps only)? */
export function matches(el: XmlElement, pattern: string): boolean {
  const steps = compile(pattern).steps as NameTest[];
  let e: XmlElement | null = el;
  for (let i = steps.length - 1; i >= 0; i--) {
    if (!e || !fits(e, steps[i] as NameTest)) return false;
    e = e.parent;
  }
  return true;
}

/** Position of each child among its same-named siblings (1-based) and how many share its name */
const positions = new WeakMap<XmlElement, Map<XmlElement, [number, number]>>();

/**
 * The XPath of an element with a position wherever siblings share its name, like @einv/xml's
 * xpathOf, but each parent's children are numbered once, so locating many findings among many
 * siblings stays linear
 */
export function locate(el: XmlElement): string {
  const steps: string[] = [];
  for (let e: XmlElement | null = el; e; e = e.parent) {
    const p = e.parent;
    if (!p) {
      steps.push(e.name);
      break;
    }
    let table = positions.get(p);
    if (!table) {
      table = new Map();
      const counts = new Map<string, number>();
      for (const k of p.children) {
        const n = (counts.get(k.name) ?? 0) + 1;
        counts.set(k.name, n);
        table.set(k, [n, 0]);
      }
      for (const [k, v] of table) v[1] = counts.get(k.name) ?? 1;
      positions.set(p, table);
    }
    const [index, count] = table.get(e) ?? [1, 1];
    steps.push(count > 1 ? `${e.name}[${index}]` : e.name);
  }
  return `/${steps.reverse().join('/')}`;
}
