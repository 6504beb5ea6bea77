/**
 * What both parsers (strings: parse.ts, UTF-8 bytes: parse-utf8.ts) share to keep the tree small
 * and its names comparable by identity: interned names and white space, frozen empty values.
 */
import { isBlank } from './chars.js';
import type { XmlElement } from './types.js';

/**
 * Element names seen so far, each kept as one internalized string: every later pass compares and
 * hashes names (binding paths, content models, rule contexts, name indexes), and an internalized
 * name equals the code's own literals by identity instead of character by character (decision
 * 0141). Bounded in count and length, so documents inventing names cannot grow it without end.
 */
const NAMES = new Map<string, string>();
export const MAX_NAMES = 20_000;
/** Longer names are left alone: the table must stay small whatever the documents hold */
const MAX_NAME_LENGTH = 128;
const LOCAL_NAMES = new Map<string, string>();

/**
 * `text` as an internalized string (a property key is one): a flat copy, not a slice holding a whole
 * document alive, and one that V8 allocates in the old generation, beside the pretenured elements that
 * point to it (decision 0203). Equal strings give the same copy while it lives.
 */
export function internedCopy(text: string): string {
  return Object.keys({ [text]: 0 })[0] as string;
}

/** One copy per distinct short string, in a table bounded in count and length */
function internIn(table: Map<string, string>, text: string, maxCount: number, maxLength: number): string {
  if (text.length > maxLength) return text;
  const known = table.get(text);
  if (known !== undefined) return known;
  if (table.size >= maxCount) return text;
  const own = internedCopy(text);
  table.set(own, own);
  return own;
}

export function internName(slice: string): string {
  return internIn(NAMES, slice, MAX_NAMES, MAX_NAME_LENGTH);
}

/** Whether `name` is the table's own copy (only those may be kept in the parsers' hash tables) */
export function isInterned(name: string): boolean {
  return NAMES.get(name) === name;
}

/** The local part of an interned qualified name (after the colon at `colon`), interned too */
export function localName(name: string, colon: number): string {
  const known = LOCAL_NAMES.get(name);
  if (known !== undefined) return known;
  const local = internName(name.slice(colon + 1));
  if (isInterned(name) && isInterned(local) && LOCAL_NAMES.size < MAX_NAMES) LOCAL_NAMES.set(name, local);
  return local;
}

/**
 * Shared, frozen values for what most elements lack (decision 0143): a leaf has no children and
 * most elements no attributes, and one object per element for nothing was a third of the tree's
 * memory. Frozen, so a caller writing into a parsed tree fails loudly instead of changing them all.
 */
export const NO_ATTRS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/**
 * Shared attribute objects for elements with a single attribute (decision 0176): most attributes of
 * invoices are alone on their element and repeat (currencyID="EUR", unitCode="C62", format="102"),
 * so one object per distinct name and value instead of one per element, which the tree kept alive
 * for every later pass. Frozen like NO_ATTRS: a caller writing into a parsed tree's attributes fails
 * loudly instead of changing other elements'. Bounded in count; both parsers share them.
 */
export type AttrsByValue = Map<string, Record<string, string>>;
const ATTRS_BY_NAME = new Map<string, AttrsByValue>();
let sharedAttrsCount = 0;
const MAX_SHARED_ATTRS = 10_000;
const MAX_SHARED_ATTRS_PER_NAME = 256;
const MAX_SHARED_VALUE_LENGTH = 64;

/** The shared attribute objects of the attribute `name` alone by value; undefined when `name` is not interned */
export function attrsByValue(name: string): AttrsByValue | undefined {
  let byValue = ATTRS_BY_NAME.get(name);
  if (byValue === undefined && isInterned(name) && ATTRS_BY_NAME.size < MAX_NAMES) {
    byValue = new Map();
    ATTRS_BY_NAME.set(name, byValue);
  }
  return byValue;
}

/** The attributes `built` of an element whose one attribute has `value`: the shared object with that value when there is one */
export function sharedAttrs(
  byValue: AttrsByValue,
  value: string,
  built: Record<string, string>,
): Record<string, string> {
  const known = byValue.get(value);
  if (known !== undefined) return known;
  if (sharedAttrsCount >= MAX_SHARED_ATTRS || byValue.size >= MAX_SHARED_ATTRS_PER_NAME) return built;
  if (value.length > MAX_SHARED_VALUE_LENGTH) return built;
  // kept for good: a flat copy of the value, as the key and as the value, since a slice of the
  // document (the string parser's) would keep the whole document alive
  const own = internedCopy(value);
  for (const name in built) built[name] = own;
  byValue.set(own, Object.freeze(built));
  sharedAttrsCount++;
  return built;
}
/**
 * The attributes of an element whose only attribute is `name` = `value`: the shared object when
 * there is one, else a new one (shared from now on when `byValue` has room). The byte parser asks
 * this after the tag, so an element whose attributes are shared makes no object of its own (an
 * empty object filled by a keyed store was most of the cost of an attribute).
 */
export function singleAttrs(
  byValue: AttrsByValue | undefined,
  name: string,
  value: string,
): Record<string, string> {
  const known = byValue?.get(value);
  if (known !== undefined) return known;
  const built: Record<string, string> = {};
  built[name] = value;
  return byValue === undefined ? built : sharedAttrs(byValue, value, built);
}
export const NO_CHILDREN: XmlElement[] = Object.freeze([]) as unknown as XmlElement[];

/**
 * A start tag's element, as both parsers build it: one object shape for every element of every tree,
 * so the passes that read the tree see a single shape. No children yet (closeChildren gives them)
 * and no text yet. Nine fields: the white space mark of decision 0173 is no longer one of them
 * (decision 0188: a blank text is known by being one of BLANK_TEXTS, see isKnownBlank).
 */
export function newElement(
  name: string,
  local: string,
  ns: string,
  attrs: Record<string, string>,
  line: number,
  column: number,
  parent: XmlElement | null,
): XmlElement {
  return { name, local, ns, attrs, children: NO_CHILDREN, text: '', line, column, parent };
}

/**
 * Documents up to this many bytes (UTF-16 units for a string) get a young tree (decision 0242): see
 * YoungElement. Beyond, the tree outlives many scavenges while the later passes run, and copying it
 * costs more than allocating it in the old generation (validateDocument CPU per document, measured:
 * CII 31 KB ×0.91 and 47 KB ×0.92, UBL 21 KB ×0.93 but 44 KB ×1.02, CII 79 KB ×1.10, 240 KB ×1.2).
 * A 2 MiB bound won in processes validating one size over and over, but in the bench
 * (`bench/validate-document.bench.mjs`: every size in one process, a JVM's runs between einv's) the
 * 1,000-line CII took 25.8–34.3 ms of CPU in three runs against 19.1–22.2 in six runs of 40 KiB and
 * of the old tree, so the bound stays at 40 KiB (decision 0242, "Step 2 taken back").
 */
export const YOUNG_TREE_MAX_BYTES = 40 * 1024;

/**
 * An element of a small document (decision 0242): the same nine own fields, in the same order, as
 * newElement's literal, but made by a constructor. V8 pretenures an object literal's allocation
 * site once its objects survived scavenges (the elements of every tree after a few documents,
 * decisions 0189, 0221), never a constructor's: the tree of a small document is then allocated in
 * the young generation and dies there with its validation, instead of filling the old generation
 * (marked and swept by full collections) and keeping the young objects it points to alive through
 * scavenges until one. Its fields read alike from every consumer (the same offsets: a load site
 * that sees both kinds checks two maps and loads the same slot).
 */
class YoungElement implements XmlElement {
  declare name: string;
  declare local: string;
  declare ns: string;
  declare attrs: Record<string, string>;
  declare children: XmlElement[];
  declare text: string;
  declare line: number;
  declare column: number;
  declare parent: XmlElement | null;

  constructor(
    name: string,
    local: string,
    ns: string,
    attrs: Record<string, string>,
    line: number,
    column: number,
    parent: XmlElement | null,
  ) {
    this.name = name;
    this.local = local;
    this.ns = ns;
    this.attrs = attrs;
    this.children = NO_CHILDREN;
    this.text = '';
    this.line = line;
    this.column = column;
    this.parent = parent;
  }
}

/** newElement for a young tree (YOUNG_TREE_MAX_BYTES, YoungElement) */
export function newYoungElement(
  name: string,
  local: string,
  ns: string,
  attrs: Record<string, string>,
  line: number,
  column: number,
  parent: XmlElement | null,
): XmlElement {
  return new YoungElement(name, local, ns, attrs, line, column, parent);
}

/**
 * The white space between the children of an element (its text when it holds only that) repeats
 * from element to element: kept once, like the names, and bounded the same way.
 */
const BLANKS = new Map<string, string>();
export const MAX_BLANKS = 2_000;
export const MAX_BLANK_LENGTH = 64;

export function internBlank(text: string): string {
  const known = BLANKS.get(text);
  if (known !== undefined) return known;
  const own = internIn(BLANKS, text, MAX_BLANKS, MAX_BLANK_LENGTH);
  if (BLANKS.get(own) === own) BLANK_TEXTS.add(own);
  return own;
}

/**
 * Every white space string the parsers keep once (internBlank, and the byte parser's longer runs,
 * addBlankText): what an element's text is when it holds only white space between its children,
 * whatever its length up to the runs' (decision 0188). Bounded: at most MAX_BLANKS of each kind.
 */
const BLANK_TEXTS = new Set<string>(['']);

/** Keeps `run` (white space only, a flat copy kept for good) among the texts isKnownBlank knows */
export function addBlankText(run: string): void {
  BLANK_TEXTS.add(run);
}

/**
 * Whether `text` is one of the white space strings the parsers keep once: true tells that it is
 * white space only without reading it (one hash lookup; the string's hash is kept in it), false
 * tells nothing
 */
export function isKnownBlank(text: string): boolean {
  return BLANK_TEXTS.has(text);
}

/**
 * An element's children, pending[start..end) (the children of every open element wait in one
 * array, element i's from its start on), copied into their own array of the exact size (an array
 * grown by push reserves room for 17); its text, when the element has children and only white space
 * between them, is the shared copy of that white space (`textShared`: the parser knows it is already).
 * `young`: the element belongs to a young tree (YoungElement).
 */
export function closeChildren(
  el: XmlElement,
  pending: XmlElement[],
  start: number,
  end: number,
  textShared = false,
  young = false,
): void {
  if (end === start) return;
  // a young tree's arrays by `slice` (no allocation site, so never pretenured): an old array of
  // young elements would keep them alive through scavenges after its tree died (decision 0242)
  el.children = young ? pending.slice(start, end) : childrenArray(pending, start, end - start);
  if (textShared) return;
  const t = el.text;
  if (t !== '' && t.length <= MAX_BLANK_LENGTH && isBlank(t, 0, t.length)) el.text = internBlank(t);
}

/**
 * The `count` elements of `pending` from `start` in an array of their own. Most elements have a few
 * children: an array literal of that size is allocated inline by the optimizing compiler (the array
 * and its elements store in one step), where `slice` is a call into a builtin per parent element.
 */
function childrenArray(pending: XmlElement[], start: number, count: number): XmlElement[] {
  const p = pending as [XmlElement, ...XmlElement[]];
  const s = start;
  switch (count) {
    case 1:
      return [p[s] as XmlElement];
    case 2:
      return [p[s] as XmlElement, p[s + 1] as XmlElement];
    case 3:
      return [p[s] as XmlElement, p[s + 1] as XmlElement, p[s + 2] as XmlElement];
    case 4:
      return [p[s] as XmlElement, p[s + 1] as XmlElement, p[s + 2] as XmlElement, p[s + 3] as XmlElement];
    case 5:
      return [
        p[s] as XmlElement,
        p[s + 1] as XmlElement,
        p[s + 2] as XmlElement,
        p[s + 3] as XmlElement,
        p[s + 4] as XmlElement,
      ];
    case 6:
      return [
        p[s] as XmlElement,
        p[s + 1] as XmlElement,
        p[s + 2] as XmlElement,
        p[s + 3] as XmlElement,
        p[s + 4] as XmlElement,
        p[s + 5] as XmlElement,
      ];
    case 7:
      return [
        p[s] as XmlElement,
        p[s + 1] as XmlElement,
        p[s + 2] as XmlElement,
        p[s + 3] as XmlElement,
        p[s + 4] as XmlElement,
        p[s + 5] as XmlElement,
        p[s + 6] as XmlElement,
      ];
    case 8:
      return [
        p[s] as XmlElement,
        p[s + 1] as XmlElement,
        p[s + 2] as XmlElement,
        p[s + 3] as XmlElement,
        p[s + 4] as XmlElement,
        p[s + 5] as XmlElement,
        p[s + 6] as XmlElement,
        p[s + 7] as XmlElement,
      ];
    default:
      return pending.slice(start, start + count);
  }
}

export const XML_NS = 'http://www.w3.org/XML/1998/namespace';
export const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
