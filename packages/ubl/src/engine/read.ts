/**
 * The generic reader: walks an XML element's children against a list of binding nodes and fills
 * the model. It never throws; whatever it cannot bind becomes a diagnostic naming the element
 * (xpath + line), and every value it binds gets a source location (an element reference: XPaths
 * are only named for what is reported, decision 0142).
 */
import { type Finding, isPlainNumber } from '@einv/core-model';
import { type ElementLocations, textOf, type XmlElement } from '@einv/xml';
import type { GroupNode, LeafNode, Node, ReadScope } from '../binding/types.js';
import { describeConstraints, hasConstraints, indexOf, isMarker, nameOf, nsOf } from './compile.js';
import { fieldPath, holderFor, isObject, type ModelObject } from './paths.js';
import { isIsoDate, parseDecimal, parseNote } from './values.js';

export interface ReadState {
  scope: ReadScope;
  root: ModelObject;
  diagnostics: Finding[];
  /** model path → the element (or attribute) it was read from */
  locations: ElementLocations;
  /** model path → the number as written, for the BR-DEC rules (source facts) */
  lexical: Map<string, string>;
}

function firstChild(el: XmlElement, node: Node): XmlElement | undefined {
  const { ns, local } = nameOf(node);
  for (const c of el.children) if (c.local === local && c.ns === ns) return c;
  return undefined;
}

function accepts(leaf: LeafNode, text: string): boolean {
  const t = text.trim().toUpperCase();
  const values = leaf.accept ?? [leaf.fixed ?? ''];
  return values.some((v) => v.toUpperCase() === t);
}

/** Does this element satisfy every constant of the group (fixed values, fixed attributes, match)? */
function groupMatches(g: GroupNode, el: XmlElement, state: ReadState): boolean {
  if (g.match && !g.match(el, state.scope)) return false;
  if (!hasConstraints(g)) return true;
  for (const n of g.children) {
    if (n.kind === 'leaf') {
      const fixedAttrs = n.attrs?.filter((a) => a.fixed !== undefined) ?? [];
      if ((n.fixed === undefined || n.placeholder) && fixedAttrs.length === 0) continue;
      const c = firstChild(el, n);
      if (!c) return false;
      if (n.fixed !== undefined && !n.placeholder && !accepts(n, c.text)) return false;
      for (const a of fixedAttrs) if ((c.attrs[a.name] ?? '').trim() !== a.fixed) return false;
    } else if (isMarker(n) && hasConstraints(n)) {
      const c = firstChild(el, n);
      if (!c || !groupMatches(n, c, state)) return false;
    }
  }
  return true;
}

/** Is this node read in this document type (Invoice / CreditNote)? */
function readable(n: Node, state: ReadState): boolean {
  return !n.only || n.only === state.scope.documentType || (n.kind === 'group' && n.alsoRead === true);
}

function pick(candidates: readonly Node[], el: XmlElement, state: ReadState): Node | undefined {
  const first = candidates[0];
  if (candidates.length === 1 && first?.kind === 'leaf') return readable(first, state) ? first : undefined;
  let fallback: Node | undefined;
  for (const n of candidates) {
    if (!readable(n, state)) continue;
    if (n.kind === 'group' && n.fallback) fallback ??= n;
    else if (n.kind === 'leaf' || groupMatches(n, el, state)) return n;
  }
  if (fallback?.kind === 'group' && (!fallback.match || fallback.match(el, state.scope))) return fallback;
  return undefined;
}

function describeMismatch(candidates: readonly Node[], state: ReadState): string {
  const other = candidates.find((n) => n.only && n.only !== state.scope.documentType);
  if (other && candidates.every((n) => !readable(n, state)))
    return `it carries an EN 16931 term only in a UBL ${other.only}`;
  const options = candidates
    .filter((n): n is GroupNode => n.kind === 'group' && !n.fallback)
    .map((g) => describeConstraints(g).join(' and '))
    .filter(Boolean);
  return options.length ? `it is bound only when ${options.join(', or when ')}` : 'no binding matches it';
}

/** Reads the children of `el` bound to `obj` (model path `objPath`) against `nodes` */
export function readChildren(
  el: XmlElement,
  nodes: readonly Node[],
  obj: ModelObject,
  objPath: string,
  state: ReadState,
): void {
  const index = indexOf(nodes);
  for (const c of el.children) {
    const found = index.get(c.local);
    const candidates = found && nsOf(found[0]) === c.ns ? found : undefined;
    if (!candidates) {
      report(
        state,
        'UBL-READ-UNKNOWN',
        'information',
        objPath,
        c,
        xpathOf(state, c),
        `${c.name} is not part of the EN 16931 UBL binding here; ignored.`,
      );
      continue;
    }
    // constants (TaxScheme/ID = VAT…) were checked when the enclosing element was bound
    if (candidates.every((n) => n.kind === 'group' && isMarker(n))) continue;
    const node = pick(candidates, c, state);
    if (!node) {
      report(
        state,
        'UBL-READ-UNBOUND',
        'warning',
        objPath,
        c,
        xpathOf(state, c),
        `${c.name} is not read: ${describeMismatch(candidates, state)}.`,
      );
      continue;
    }
    if (node.only && node.only !== state.scope.documentType) {
      report(
        state,
        'UBL-READ-DOCUMENT-TYPE',
        'warning',
        objPath,
        c,
        xpathOf(state, c),
        `${c.name} belongs in a UBL ${node.only}, not in a ${state.scope.documentType}; read all the same.`,
      );
    }
    if (node.kind === 'leaf') readLeaf(node, c, obj, objPath, state);
    else readGroup(node, c, obj, objPath, state);
  }
}

function readGroup(g: GroupNode, el: XmlElement, obj: ModelObject, objPath: string, state: ReadState): void {
  if (!g.field) {
    readChildren(el, g.children, obj, objPath, state);
    recordOtherwise(g, el, obj);
    return;
  }
  const fp = fieldPath(g.field);
  const parent = holderFor(fp.fromRoot ? state.root : obj, fp);
  const key = fp.last;
  const path = `${fp.fromRoot ? 'invoice' : objPath}.${fp.rel}`;
  if (g.many) {
    let list = parent[key];
    if (!Array.isArray(list)) {
      list = [];
      parent[key] = list;
    }
    const items = list as unknown[];
    const item: ModelObject = {};
    const itemPath = `${path}[${items.length}]`;
    items.push(item);
    state.locations.add(itemPath, el);
    readChildren(el, g.children, item, itemPath, state);
    recordOtherwise(g, el, item);
    return;
  }
  let target = parent[key];
  if (!isObject(target)) {
    target = {};
    parent[key] = target;
    state.locations.add(path, el);
  }
  readChildren(el, g.children, target as ModelObject, path, state);
  recordOtherwise(g, el, target as ModelObject);
}

/**
 * Placeholders with `otherwise` in the group's marker children (cac:TaxScheme/cbc:ID of a tax
 * category): a missing element or another value is recorded at that field ('' when missing).
 */
function recordOtherwise(g: GroupNode, el: XmlElement, obj: ModelObject): void {
  for (const marker of g.children) {
    if (marker.kind !== 'group' || !isMarker(marker)) continue;
    for (const leaf of marker.children) {
      if (leaf.kind !== 'leaf' || leaf.otherwise === undefined) continue;
      const holder = firstChild(el, marker);
      const c = holder ? firstChild(holder, leaf) : undefined;
      const text = c ? (textOf(c) ?? '') : '';
      if (!c || !accepts(leaf, text)) obj[leaf.otherwise] = text;
    }
  }
}

function readValue(leaf: LeafNode, el: XmlElement, path: string, state: ReadState): unknown {
  const text = textOf(el) ?? '';
  switch (leaf.value ?? 'text') {
    case 'amount':
    case 'decimal': {
      const n = parseDecimal(text);
      if (n === undefined) {
        report(
          state,
          'UBL-READ-NUMBER',
          'fatal',
          path,
          el,
          xpathOf(state, el),
          `${el.name} must be a decimal number (digits with an optional '.' and sign), found '${text}'.`,
          leaf.bt,
          text,
        );
        return undefined;
      }
      if (leaf.value === 'amount') checkCurrency(leaf, el, path, state);
      if (!isPlainNumber(el.text)) state.lexical.set(path, el.text);
      return n;
    }
    case 'date':
      if (!isIsoDate(text)) {
        report(
          state,
          'UBL-READ-DATE',
          'warning',
          path,
          el,
          xpathOf(state, el),
          `${el.name} should be a date YYYY-MM-DD, found '${text}'; kept as written.`,
          leaf.bt,
          text,
        );
      }
      return text;
    case 'note':
      return parseNote(text);
    default:
      return text;
  }
}

function checkCurrency(leaf: LeafNode, el: XmlElement, path: string, state: ReadState): void {
  const expected = leaf.currency === 'tax' ? state.scope.taxCurrency : state.scope.documentCurrency;
  const actual = el.attrs.currencyID?.trim();
  if (expected !== undefined && actual !== undefined && actual !== expected) {
    report(
      state,
      'UBL-READ-CURRENCY',
      'warning',
      path,
      el,
      xpathOf(state, el),
      `${el.name} is in ${actual} but the ${leaf.currency === 'tax' ? 'VAT accounting currency (BT-6)' : 'invoice currency (BT-5)'} is ${expected}.`,
      leaf.bt,
      actual,
    );
  }
}

function readLeaf(leaf: LeafNode, el: XmlElement, obj: ModelObject, objPath: string, state: ReadState): void {
  if (leaf.field === undefined) return; // a constant: it selected the binding, nothing to store
  const fp = fieldPath(leaf.field);
  const parent = holderFor(fp.fromRoot ? state.root : obj, fp);
  const key = fp.last;
  let path = `${fp.fromRoot ? 'invoice' : objPath}.${fp.rel}`;
  const value = readValue(leaf, el, path, state);
  if (value === undefined) {
    // the element's attributes are terms of their own (BT-130 unit of an empty quantity)
    if (leaf.attrs && !leaf.wrap && !leaf.many)
      readAttributes(leaf, el, parent, path.slice(0, path.lastIndexOf('.')), state);
    return;
  }
  let stored: unknown = value;
  let attrTarget = parent;
  if (leaf.wrap) {
    const wrapped: ModelObject = { [leaf.wrap]: value };
    stored = wrapped;
    attrTarget = wrapped;
  }
  if (leaf.many) {
    let list = parent[key];
    if (!Array.isArray(list)) {
      list = [];
      parent[key] = list;
    }
    const items = list as unknown[];
    path = `${path}[${items.length}]`;
    items.push(stored);
  } else if (parent[key] !== undefined) {
    if (!sameValue(parent[key], stored)) {
      report(
        state,
        'UBL-READ-REPEATED',
        'warning',
        path,
        el,
        xpathOf(state, el),
        `${el.name} repeats ${leaf.bt ?? 'a term'} that has one value in EN 16931; the first occurrence is kept.`,
        leaf.bt,
        stored,
      );
    }
    return;
  } else {
    parent[key] = stored;
  }
  state.locations.add(path, el);
  reportUnknownAttributes(leaf, el, path, state);
  if (leaf.attrs)
    readAttributes(leaf, el, attrTarget, leaf.wrap ? path : path.slice(0, path.lastIndexOf('.')), state);
}

/** Attributes the binding does not read (listID, schemeAgencyID…) are content too: listed, not dropped silently */
function reportUnknownAttributes(leaf: LeafNode, el: XmlElement, path: string, state: ReadState): void {
  for (const name in el.attrs) {
    if (name === 'currencyID' && leaf.value === 'amount') continue;
    if (leaf.attrs?.some((a) => a.name === name)) continue;
    report(
      state,
      'UBL-READ-UNKNOWN',
      'information',
      path,
      el,
      xpathOf(state, el, name),
      `${el.name}/@${name} is not part of the EN 16931 UBL binding; ignored.`,
      leaf.bt,
      el.attrs[name],
    );
  }
}

function readAttributes(
  leaf: LeafNode,
  el: XmlElement,
  target: ModelObject,
  targetPath: string,
  state: ReadState,
): void {
  for (const a of leaf.attrs ?? []) {
    if (a.field === undefined) continue;
    const v = el.attrs[a.name];
    if (v === undefined) continue;
    if (target[a.field] !== undefined && target[a.field] !== v.trim()) continue; // the element value's conflict is already reported
    target[a.field] = v.trim();
    state.locations.add(`${targetPath}.${a.field}`, el, a.name);
  }
}

function sameValue(a: unknown, b: unknown): boolean {
  if (isObject(a) && isObject(b)) return JSON.stringify(a) === JSON.stringify(b);
  return a === b;
}

/** The XPath of an element (of its attribute `attr`), for a finding: named only when reported */
function xpathOf(state: ReadState, el: XmlElement, attr?: string): string {
  const xpath = state.locations.xpaths.of(el);
  return attr === undefined ? xpath : `${xpath}/@${attr}`;
}

export function report(
  state: ReadState,
  rule: string,
  severity: Finding['severity'],
  path: string,
  el: XmlElement | undefined,
  xpath: string | undefined,
  message: string,
  bt?: string,
  value?: unknown,
): void {
  const f: Finding = { rule, message, path, severity };
  if (bt) f.bt = bt;
  if (xpath) f.xpath = xpath;
  if (el) f.line = el.line;
  if (value !== undefined) f.value = value;
  state.diagnostics.push(f);
}
