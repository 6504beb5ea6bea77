/**
 * The generic reader: walks an XML element's children against the binding table compiled for
 * reading (read-plan.ts) and fills the model. It never throws; whatever it cannot bind becomes a
 * diagnostic naming the element (xpath + line), and every value it binds gets a source location
 * (an element reference: XPaths are only named for what is reported, decision 0142; model paths
 * too, decision 0167).
 */
import type { Finding, LexicalForms } from '@einv/core-model';
import { textOf, type XmlElement } from '@einv/xml';
import type { GroupNode, Node, ReadScope } from '../binding/types.js';
import { describeConstraints } from './compile.js';
import { type ModelLocations, type PathTail, ROOT_BASE } from './locations.js';
import { holderFor, isObject, type ModelObject } from './paths.js';
import {
  acceptsText,
  DIRECT_TEXT,
  NOT_DIRECT,
  type PlanGroup,
  type PlanLeaf,
  type PlanList,
  type PlanNode,
  type Slot,
} from './read-plan.js';
import { isIsoDate, parseDecimal, parseNote, plainNumberValue } from './values.js';

export interface ReadState {
  scope: ReadScope;
  root: ModelObject;
  diagnostics: Finding[];
  /** model path → the element (or attribute) it was read from */
  locations: ModelLocations;
  /**
   * model path → the number as written, for the BR-DEC rules (source facts): kept as the object's
   * path and the tail's key, joined only when read (decisions 0274, 0279)
   */
  lexical: LexicalForms;
}

function firstChild(el: XmlElement, ns: string, local: string): XmlElement | undefined {
  const children = el.children;
  for (let i = 0; i < children.length; i++) {
    const c = children[i] as XmlElement;
    if (c.local === local && c.ns === ns) return c;
  }
  return undefined;
}

/** Does this element satisfy every constant of the group (fixed values, fixed attributes, match)? */
function groupMatches(g: PlanGroup, el: XmlElement, state: ReadState): boolean {
  if (g.match && !g.match(el, state.scope)) return false;
  // indexed loops: `for…of` here made an iterator and its results whenever this ran unoptimized
  const constraints = g.constraints;
  for (let i = 0; i < constraints.length; i++) {
    const k = constraints[i] as (typeof constraints)[number];
    const c = firstChild(el, k.ns, k.local);
    if (!c) return false;
    if (k.kind === 'marker') {
      if (!groupMatches(k.group, c, state)) return false;
      continue;
    }
    if (k.accept !== undefined && !acceptsText(k.accept, c.text)) return false;
    const fixedAttrs = k.fixedAttrs;
    for (let j = 0; j < fixedAttrs.length; j++) {
      const a = fixedAttrs[j] as (typeof fixedAttrs)[number];
      if ((c.attrs[a.name] ?? '').trim() !== a.fixed) return false;
    }
  }
  return true;
}

/** Is this node read in this document type (Invoice / CreditNote)? */
function readable(n: PlanNode, state: ReadState): boolean {
  return n.readOnlyIn === undefined || n.readOnlyIn === state.scope.documentType;
}

function pick(slot: Slot, el: XmlElement, state: ReadState): PlanNode | undefined {
  if (slot.soleLeaf) return readable(slot.soleLeaf, state) ? slot.soleLeaf : undefined;
  let fallback: PlanGroup | undefined;
  for (const n of slot.candidates) {
    if (!readable(n, state)) continue;
    if (n.kind === 'group' && n.fallback) fallback ??= n;
    else if (n.kind === 'leaf' || groupMatches(n, el, state)) return n;
  }
  if (fallback && (!fallback.match || fallback.match(el, state.scope))) return fallback;
  return undefined;
}

function describeMismatch(candidates: readonly Node[], state: ReadState): string {
  const dt = state.scope.documentType;
  const unreadable = (n: Node): boolean => !!n.only && n.only !== dt && !(n.kind === 'group' && n.alsoRead);
  const other = candidates.find((n) => n.only && n.only !== dt);
  if (other && candidates.every(unreadable)) return `it carries an EN 16931 term only in a UBL ${other.only}`;
  const options = candidates
    .filter((n): n is GroupNode => n.kind === 'group' && !n.fallback)
    .map((g) => describeConstraints(g).join(' and '))
    .filter(Boolean);
  return options.length ? `it is bound only when ${options.join(', or when ')}` : 'no binding matches it';
}

/** Reads the children of `el` bound to `obj` (the object named `base` in the locations) against `list` */
export function readChildren(
  el: XmlElement,
  list: PlanList,
  obj: ModelObject,
  base: number,
  state: ReadState,
): void {
  const children = el.children;
  const order = list.order;
  let cursor = 0;
  for (let i = 0; i < children.length; i++) {
    const c = children[i] as XmlElement;
    const local = c.local;
    // the next slots in binding (XSD) order first, then any slot (a child out of order, or unknown)
    let slot: Slot | undefined;
    for (let k = cursor; k < order.length; k++) {
      const s = order[k] as Slot;
      if (s.local === local) {
        slot = s;
        cursor = k;
        break;
      }
    }
    slot ??= list.byLocal.get(local);
    if (slot === undefined || slot.ns !== c.ns) {
      report(
        state,
        'UBL-READ-UNKNOWN',
        'information',
        state.locations.pathOfBase(base),
        c,
        xpathOf(state, c),
        `${c.name} is not part of the EN 16931 UBL binding here; ignored.`,
      );
      continue;
    }
    // most elements: one leaf or group of this name, read in both document types (pick's answer)
    const leaf = slot.anyTypeLeaf;
    if (leaf !== undefined) {
      if (leaf.direct === NOT_DIRECT || !readDirect(leaf, c, obj, base, state))
        readLeaf(leaf, c, obj, base, state);
      continue;
    }
    const group = slot.anyTypeGroup;
    if (group !== undefined) {
      readGroup(group, c, obj, base, state);
      continue;
    }
    // constants (TaxScheme/ID = VAT…) were checked when the enclosing element was bound
    if (slot.allMarkers) continue;
    const node = pick(slot, c, state);
    if (!node) {
      report(
        state,
        'UBL-READ-UNBOUND',
        'warning',
        state.locations.pathOfBase(base),
        c,
        xpathOf(state, c),
        `${c.name} is not read: ${describeMismatch(slot.nodes, state)}.`,
      );
      continue;
    }
    if (node.only !== undefined && node.only !== state.scope.documentType) {
      report(
        state,
        'UBL-READ-DOCUMENT-TYPE',
        'warning',
        state.locations.pathOfBase(base),
        c,
        xpathOf(state, c),
        `${c.name} belongs in a UBL ${node.only}, not in a ${state.scope.documentType}; read all the same.`,
      );
    }
    if (node.kind === 'leaf') readLeaf(node, c, obj, base, state);
    else readGroup(node, c, obj, base, state);
  }
}

function readGroup(g: PlanGroup, el: XmlElement, obj: ModelObject, base: number, state: ReadState): void {
  const fp = g.fp;
  if (fp === undefined) {
    readChildren(el, g.children, obj, base, state);
    if (g.otherwise.length > 0) recordOtherwise(g, el, obj);
    return;
  }
  const locations = state.locations;
  const parentBase = fp.fromRoot ? ROOT_BASE : base;
  const parent = holderFor(fp.fromRoot ? state.root : obj, fp);
  const key = fp.last;
  let target: ModelObject;
  let targetBase: number;
  if (g.many) {
    let list = parent[key];
    if (!Array.isArray(list)) {
      list = [];
      parent[key] = list;
    }
    const items = list as unknown[];
    target = {};
    targetBase = locations.base(parentBase, g.tail as PathTail, items.length);
    items.push(target);
    locations.add(targetBase, undefined, el);
  } else {
    const known = parent[key];
    targetBase = locations.base(parentBase, g.tail as PathTail);
    if (isObject(known)) target = known;
    else {
      target = {};
      parent[key] = target;
      locations.add(targetBase, undefined, el);
    }
  }
  readChildren(el, g.children, target, targetBase, state);
  if (g.otherwise.length > 0) recordOtherwise(g, el, target);
}

/**
 * Placeholders with `otherwise` in the group's marker children (cac:TaxScheme/cbc:ID of a tax
 * category): a missing element or another value is recorded at that field ('' when missing).
 */
function recordOtherwise(g: PlanGroup, el: XmlElement, obj: ModelObject): void {
  for (const o of g.otherwise) {
    const holder = firstChild(el, o.markerNs, o.markerLocal);
    const c = holder ? firstChild(holder, o.leafNs, o.leafLocal) : undefined;
    const text = c ? (textOf(c) ?? '') : '';
    if (!c || !acceptsText(o.accept, text)) obj[o.field] = text;
  }
}

function readValue(leaf: PlanLeaf, el: XmlElement, base: number, state: ReadState): unknown {
  const node = leaf.node;
  const value = node.value;
  if (value === undefined || value === 'text') return textOf(el) ?? '';
  if (value === 'amount' || value === 'decimal') {
    // plain numbers (nearly all): no regular expression, no lexical form to keep
    const plain = plainNumberValue(el.text);
    if (plain !== undefined) {
      if (value === 'amount') checkCurrency(leaf, el, base, state);
      return plain;
    }
  }
  const text = textOf(el) ?? '';
  switch (value) {
    case 'amount':
    case 'decimal': {
      const n = parseDecimal(text);
      if (n === undefined) {
        report(
          state,
          'UBL-READ-NUMBER',
          'fatal',
          leafPath(state, base, leaf),
          el,
          xpathOf(state, el),
          `${el.name} must be a decimal number (digits with an optional '.' and sign), found '${text}'.`,
          node.bt,
          text,
        );
        return undefined;
      }
      if (value === 'amount') checkCurrency(leaf, el, base, state);
      // not written plainly (plainNumberValue said so above: @einv/core-model isPlainNumber's form)
      // the object's path (built once per object) and the tail's constant key: no path composed
      // and hashed per number (decision 0279)
      const tail = leaf.tail as PathTail;
      state.lexical.record(state.locations.pathOfBase(base), tail.key, tail.name, el.text);
      return n;
    }
    case 'date':
      if (!isIsoDate(text)) {
        report(
          state,
          'UBL-READ-DATE',
          'warning',
          leafPath(state, base, leaf),
          el,
          xpathOf(state, el),
          `${el.name} should be a date YYYY-MM-DD, found '${text}'; kept as written.`,
          node.bt,
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

/** The model path of a leaf's value (without an item index), for a finding or a lexical form */
function leafPath(state: ReadState, base: number, leaf: PlanLeaf, index = -1): string {
  return state.locations.pathOf(base, leaf.tail as PathTail, index);
}

function checkCurrency(leaf: PlanLeaf, el: XmlElement, base: number, state: ReadState): void {
  const currency = leaf.node.currency;
  const expected = currency === 'tax' ? state.scope.taxCurrency : state.scope.documentCurrency;
  if (expected === undefined) return;
  const actual = el.attrs.currencyID?.trim();
  if (actual !== undefined && actual !== expected) {
    report(
      state,
      'UBL-READ-CURRENCY',
      'warning',
      leafPath(state, base, leaf),
      el,
      xpathOf(state, el),
      `${el.name} is in ${actual} but the ${currency === 'tax' ? 'VAT accounting currency (BT-6)' : 'invoice currency (BT-5)'} is ${expected}.`,
      leaf.node.bt,
      actual,
    );
  }
}

/**
 * readLeaf for a `direct` leaf: the same steps, without the questions its plan answered; false
 * (nothing done) for a number not written plainly, which readLeaf reads
 */
function readDirect(
  leaf: PlanLeaf,
  el: XmlElement,
  obj: ModelObject,
  base: number,
  state: ReadState,
): boolean {
  let value: string | number;
  if (leaf.direct === DIRECT_TEXT) value = textOf(el) as string;
  else {
    const plain = plainNumberValue(el.text);
    if (plain === undefined) return false;
    if (leaf.node.value === 'amount') checkCurrency(leaf, el, base, state);
    value = plain;
  }
  const key = leaf.key;
  const known = obj[key];
  if (known !== undefined) {
    if (known !== value) reportRepeated(leaf, el, base, value, state);
    return true;
  }
  obj[key] = value;
  state.locations.add(base, leaf.tail, el, -1);
  reportUnknownAttributes(leaf, el, base, -1, state);
  if (leaf.attrs.length > 0) readAttributes(leaf, el, obj, base, -1, false, state);
  return true;
}

function reportRepeated(
  leaf: PlanLeaf,
  el: XmlElement,
  base: number,
  stored: unknown,
  state: ReadState,
): void {
  report(
    state,
    'UBL-READ-REPEATED',
    'warning',
    leafPath(state, base, leaf),
    el,
    xpathOf(state, el),
    `${el.name} repeats ${leaf.node.bt ?? 'a term'} that has one value in EN 16931; the first occurrence is kept.`,
    leaf.node.bt,
    stored,
  );
}

function readLeaf(leaf: PlanLeaf, el: XmlElement, obj: ModelObject, objBase: number, state: ReadState): void {
  const fp = leaf.fp;
  if (fp === undefined) return; // a constant: it selected the binding, nothing to store
  const node = leaf.node;
  const parent = holderFor(fp.fromRoot ? state.root : obj, fp);
  const key = fp.last;
  const base = fp.fromRoot ? ROOT_BASE : objBase;
  const value = readValue(leaf, el, base, state);
  if (value === undefined) {
    // the element's attributes are terms of their own (BT-130 unit of an empty quantity)
    if (leaf.attrs.length > 0 && !node.wrap && !node.many)
      readAttributes(leaf, el, parent, base, -1, false, state);
    return;
  }
  let stored: unknown = value;
  let attrTarget = parent;
  if (node.wrap) {
    const wrapped: ModelObject = { [node.wrap]: value };
    stored = wrapped;
    attrTarget = wrapped;
  }
  let index = -1;
  if (node.many) {
    let list = parent[key];
    if (!Array.isArray(list)) {
      list = [];
      parent[key] = list;
    }
    const items = list as unknown[];
    index = items.length;
    items.push(stored);
  } else if (parent[key] !== undefined) {
    if (!sameValue(parent[key], stored)) reportRepeated(leaf, el, base, stored, state);
    return;
  } else {
    parent[key] = stored;
  }
  state.locations.add(base, leaf.tail, el, index);
  reportUnknownAttributes(leaf, el, base, index, state);
  if (leaf.attrs.length > 0)
    readAttributes(leaf, el, attrTarget, base, index, node.wrap !== undefined, state);
}

/** Attributes the binding does not read (listID, schemeAgencyID…) are content too: listed, not dropped silently */
function reportUnknownAttributes(
  leaf: PlanLeaf,
  el: XmlElement,
  base: number,
  index: number,
  state: ReadState,
): void {
  for (const name in el.attrs) {
    if (leaf.known.has(name)) continue;
    report(
      state,
      'UBL-READ-UNKNOWN',
      'information',
      leafPath(state, base, leaf, index),
      el,
      xpathOf(state, el, name),
      `${el.name}/@${name} is not part of the EN 16931 UBL binding; ignored.`,
      leaf.node.bt,
      el.attrs[name],
    );
  }
}

/** The bound attributes, into the wrapped value (`wrapped`) or beside the value */
function readAttributes(
  leaf: PlanLeaf,
  el: XmlElement,
  target: ModelObject,
  base: number,
  index: number,
  wrapped: boolean,
  state: ReadState,
): void {
  for (const a of leaf.attrs) {
    const v = el.attrs[a.name];
    if (v === undefined) continue;
    const trimmed = v.trim();
    if (target[a.field] !== undefined && target[a.field] !== trimmed) continue; // the element value's conflict is already reported
    target[a.field] = trimmed;
    if (wrapped) state.locations.add(base, a.wrappedTail, el, index);
    else state.locations.add(base, a.besideTail, el);
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
