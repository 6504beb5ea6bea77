/**
 * UTF-8 documents parsed as bytes (decision 0153): the same tree as the string parser (parse.ts)
 * would build from the decoded text, without decoding the whole document into one string first.
 * Names are scanned and looked up by a hash of their bytes, only the values (text, attribute
 * values) become strings, each decoded on its own (ASCII by the cheapest copy). No leaf string is
 * a slice of a whole-document string, so the tree does not keep the document alive.
 *
 * It only answers well-formed documents: at the first thing it does not accept (any error, a
 * DOCTYPE, too deep, a second byte order mark…) it gives up, and parseXml decodes the bytes and runs
 * the string parser, whose errors (message, line, column) are the reference. So every error reads
 * exactly as before, and the rules of what is well-formed live in one place for the messages; this
 * file must refuse at least everything the string parser refuses (parse-utf8.test.ts compares both).
 */
import { Buffer, isUtf8 } from 'node:buffer';
import { FORBIDDEN_CHAR, isBlank, isSpace, normalizeNewlines } from './chars.js';
import { utf8TextStart } from './decode.js';
import {
  type AttrsByValue,
  addBlankText,
  attrsByValue,
  closeChildren,
  internBlank,
  internedCopy,
  internName,
  isInterned,
  localName,
  MAX_BLANK_LENGTH,
  MAX_BLANKS,
  MAX_NAMES,
  NO_ATTRS,
  newElement,
  newYoungElement,
  singleAttrs,
  XML_NS,
  XMLNS_NS,
} from './names.js';
import type { NsScope } from './parse.js';
import { attributeValue, charDataValue } from './text-values.js';
import type { XmlElement } from './types.js';

/** Thrown to give the document to the string parser */
const GIVE_UP = new Error('not read as UTF-8 bytes');
function giveUp(): never {
  throw GIVE_UP;
}

/**
 * The tree of a UTF-8 document, or undefined when the string parser must read it (not UTF-8 by
 * BOM or declaration, invalid UTF-8, or not well-formed: the string parser reports why). `young`:
 * its elements are YoungElements (names.ts), as parseXml decides by the document's size.
 */
export function parseUtf8(bytes: Uint8Array, maxDepth: number, young = false): XmlElement | undefined {
  const start = utf8TextStart(bytes);
  if (start === undefined) return undefined;
  if (!isUtf8(bytes.subarray(start))) return undefined;
  try {
    return new Utf8Parser(bytes, start, maxDepth, young).parse();
  } catch {
    return undefined;
  }
}

/** Node's own copies of a byte range into a string (what Buffer#toString calls, without its checks) */
interface Slicer {
  latin1Slice(start: number, end: number): string;
  utf8Slice(start: number, end: number): string;
}

/** A name as written, its local part and prefix, all interned: found again by the hash of its bytes */
interface NameParts {
  name: string;
  local: string;
  prefix: string;
  /** Its length in bytes (the UTF-8 of a name beyond ASCII is longer than the name) */
  byteLength: number;
  /** Beyond ASCII: never known, compared with the bytes of its start tag byte by byte */
  wide: boolean;
  /**
   * An ASCII name's characters eight by eight (doubles), then four by four (words), little-endian:
   * compared with the bytes eight or four at a time. Two doubles are equal exactly when their bits
   * are, but for NaN (never equal) and zero (+0 equals -0): eight ASCII bytes, none of them NUL,
   * are neither (a NaN needs a byte ≥ 0xF0, a zero seven NULs), so the comparison is exact.
   */
  doubles: Float64Array;
  words: Int32Array;
  /** In NAMES_BY_HASH (ASCII and interned): the only names a tag is predicted to have */
  known: boolean;
  /**
   * The known name of the start tag that followed this name's start tag (afterStart) or its end tag
   * (afterEnd) last time: documents repeat their sequences of tags, so the next start tag is first
   * compared with it a word at a time, instead of being scanned byte by byte and looked up by hash
   */
  afterStart: NameParts | undefined;
  afterEnd: NameParts | undefined;
  /** Likewise the known name of the first attribute of this element name's start tag last time */
  firstAttr: NameParts | undefined;
  /** … and of the attribute after this attribute name */
  nextAttr: NameParts | undefined;
  /** As an attribute name: its shared attribute objects by value (names.ts, sharedAttrs) */
  attrSets: AttrsByValue | undefined;
  /** As an xmlns attribute name: the (interned) namespace URI it declared last */
  nsUri: string | undefined;
  /** As an element name: the namespace declarations of its last start tag, the scope they were read in and the scope made (scopeOf) */
  declared: string[] | undefined;
  declaredIn: NsScope | undefined;
  declaredScope: NsScope | undefined;
  /** The namespace of the prefix in the last scope it was looked up in (scopes never change once made) */
  scope: NsScope | undefined;
  ns: string | undefined;
}

const NO_DOUBLES = new Float64Array(0);
const NO_WORDS = new Int32Array(0);

function newNameParts(name: string, byteLength: number, wide: boolean): NameParts {
  const colon = name.indexOf(':');
  let doubles = NO_DOUBLES;
  let words = NO_WORDS;
  if (!wide) {
    const chars = new DataView(new ArrayBuffer(name.length + 8));
    for (let i = 0; i < name.length; i++) chars.setUint8(i, name.charCodeAt(i));
    doubles = new Float64Array(name.length >> 3);
    for (let k = 0; k < doubles.length; k++) doubles[k] = chars.getFloat64(k << 3, true);
    words = new Int32Array(name.length >> 2);
    for (let k = 0; k < words.length; k++) words[k] = chars.getInt32(k << 2, true);
  }
  return {
    name,
    local: colon === -1 ? name : localName(name, colon),
    prefix: colon === -1 ? '' : name.slice(0, colon),
    byteLength,
    wide,
    doubles,
    words,
    known: false,
    afterStart: undefined,
    afterEnd: undefined,
    firstAttr: undefined,
    nextAttr: undefined,
    attrSets: undefined,
    nsUri: undefined,
    declared: undefined,
    declaredIn: undefined,
    declaredScope: undefined,
    scope: undefined,
    ns: undefined,
  };
}

/** The scope outside the root element: only the xml prefix. Shared: a scope never changes once made */
const ROOT_SCOPE: NsScope = Object.freeze({ xml: XML_NS }) as NsScope;

/**
 * The scope inside a start tag named `parts` that declares `declared` (prefix, URI pairs, in order)
 * in `parent`: the scope made the last time the same declarations were read in the same scope (the
 * root element of every document of a kind declares the same namespaces), else a new one. Reusing
 * it spares the new object and its properties (a keyed store each, slow when adding), and keeps
 * every name's namespace found from the scope before (NameParts.scope) valid from one document to
 * the next.
 */
function scopeOf(parts: NameParts, parent: NsScope, declared: string[]): NsScope {
  const last = parts.declared;
  if (parts.declaredIn === parent && last !== undefined && last.length === declared.length) {
    let k = 0;
    while (k < declared.length && declared[k] === last[k]) k++;
    if (k === declared.length && parts.declaredScope !== undefined) return parts.declaredScope;
  }
  const scope: NsScope = { ...parent };
  for (let k = 0; k < declared.length; k += 2) scope[declared[k] as string] = declared[k + 1] as string;
  if (parts.known) {
    parts.declaredIn = parent;
    parts.declared = declared;
    parts.declaredScope = scope;
  }
  return scope;
}

const NAMES_BY_HASH = new Map<number, NameParts>();
const NO_NAME = newNameParts('', 0, false);
/**
 * The white space runs of the documents (indentation, the white space between children), each an
 * interned string with a small id (0 is ''): the text of an element whose pieces so far were all
 * runs is a run too (decision 0176). The parser keeps the id of the open element's text, so adding
 * the next piece is a lookup by two numbers (joinRuns) instead of by the strings, and an element
 * closing with a run for text needs no further check. Bounded like the blanks.
 */
const RUNS: string[] = [''];
const RUN_IDS = new Map<string, number>([['', 0]]);
/**
 * The longest run: a piece (indentation, white space between tags) is at most MAX_BLANK_LENGTH, but
 * the pieces of an element with a few children join into runs up to this long, so that its text is
 * one flat shared string, not a chain of concatenations (one more object per child)
 */
const MAX_RUN_LENGTH = 256;

/** The id of a white space run of at most MAX_RUN_LENGTH characters, -1 when the table is full */
function runOf(text: string): number {
  const known = RUN_IDS.get(text);
  if (known !== undefined) return known;
  if (RUNS.length >= MAX_BLANKS) return -1;
  // a flat copy (a property key is), interned with the blanks when short enough
  let own = text;
  if (text.length <= MAX_BLANK_LENGTH) own = internBlank(text);
  else {
    own = internedCopy(text);
    addBlankText(own);
  }
  RUNS.push(own);
  RUN_IDS.set(own, RUNS.length - 1);
  return RUNS.length - 1;
}

/** Run ids by the hash of their bytes (blankRun); a newer run replaces an older on a collision */
const RUNS_BY_HASH = new Map<number, number>();

/**
 * The run of run `before` followed by run `piece`, or -1 when that text is longer than a run (or the
 * table is full): one slot per pair by a hash of both, a newer pair replacing an older
 */
const JOIN_KEYS = new Int32Array(8_192).fill(-1);
const JOINED = new Int32Array(JOIN_KEYS.length);
function joinRuns(before: number, piece: number): number {
  if (before === 0) return piece;
  const key = before * MAX_BLANKS + piece;
  const slot = Math.imul(key, 0x9e3779b1) >>> 19; // 13 bits: JOIN_KEYS.length
  if (JOIN_KEYS[slot] === key) return JOINED[slot] as number;
  const joined = (RUNS[before] as string) + (RUNS[piece] as string);
  const run = joined.length > MAX_RUN_LENGTH ? -1 : runOf(joined);
  JOIN_KEYS[slot] = key;
  JOINED[slot] = run;
  return run;
}

/** The run of "\n" and n spaces, by n (-1 when the table is full) */
const INDENTATION: number[] = [];
function indentation(spaces: number): number {
  let run = INDENTATION[spaces];
  if (run === undefined) {
    run = runOf(`\n${' '.repeat(spaces)}`);
    if (run >= 0) INDENTATION[spaces] = run;
  }
  return run;
}

/** The bytes that end a name: white space, controls and the delimiters of markup (> / = < " ' &) */
const ENDS_NAME = new Uint8Array(256);
for (let c = 0; c <= 0x20; c++) ENDS_NAME[c] = 1;
for (const c of '>/=<"\'&') ENDS_NAME[c.charCodeAt(0)] = 1;

/**
 * Short texts by the hash of their bytes (shortValue): a slot per hash modulo the table's size (a
 * power of two), a newer text replacing an older on a collision, so bounded by its size. Up to 64
 * bytes, beyond ASCII too (decision 0189): a text made once is shared by every element that repeats
 * it, so the tree holds fewer strings for the collector to copy.
 */
const VALUE_SLOTS: (string | undefined)[] = new Array(16_384).fill(undefined);
const VALUE_SLOT_MASK = VALUE_SLOTS.length - 1;
const MAX_VALUE_LENGTH = 64;
const WORDS_PER_VALUE = MAX_VALUE_LENGTH >> 2;
/** The bytes of each slot's text: their whole words, the last 0–3 bytes in one number, their count (-1: empty slot) */
const VALUE_WORDS = new Int32Array(VALUE_SLOTS.length * WORDS_PER_VALUE);
const VALUE_TAILS = new Int32Array(VALUE_SLOTS.length);
const VALUE_BYTES = new Int32Array(VALUE_SLOTS.length).fill(-1);

/** "    " as a little-endian word: indentation is skipped four spaces at a time */
const FOUR_SPACES = 0x20202020;
/** Eight spaces as a little-endian double (a plain number, not a NaN: equal exactly when the bytes are) */
const EIGHT_SPACES = new DataView(new Uint8Array(8).fill(0x20).buffer).getFloat64(0, true);

/** Texts longer than this are never shared (shortValue, blankRun): their scan computes no hash */
const HASHED_TEXT = Math.max(MAX_VALUE_LENGTH, MAX_BLANK_LENGTH) + 1;

/**
 * The longest string V8 hashes character by character (String::kMaxHashCalcLength): a longer one is
 * hashed by its length alone, so making it internalized (decision 0203) costs a copy and a lookup
 */
const HASHED_IN_FULL = 16_383;

/** Texts at least this long are scanned by words (asciiTextEnd) or natively (longCharData) */
const LONG_TEXT = 256;

// what a run of text or an attribute value holds, besides plain ASCII characters
const WIDE = 1; // a byte ≥ 0x80 (a character beyond ASCII)
const SOLID = 2; // a character other than white space
const CR = 4;
const AMP = 8;
const BRACKET = 16; // "]": "]]>" is refused in text
const BREAK = 32; // tab, line feed or carriage return in an attribute value (normalised to spaces)
const LF = 64; // a line feed: lines to count
const FORBIDDEN = 128; // a control character XML forbids (or "<" in an attribute value)
const EF = 256; // the byte 0xEF, which starts U+FFFE and U+FFFF (not XML characters)

/**
 * What each byte adds to the flags of a text (TEXT_CLASS) or attribute value (VALUE_CLASS): the
 * scans only OR them together, and look closer after the scan when a rare flag is set
 */
const TEXT_CLASS = new Uint16Array(256);
const VALUE_CLASS = new Uint16Array(256);
for (let c = 0; c < 256; c++) {
  const control = c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d ? FORBIDDEN : 0;
  const wide = c >= 0x80 ? WIDE | (c === 0xef ? EF : 0) : 0;
  TEXT_CLASS[c] =
    control |
    wide |
    (c > 0x20 ? SOLID : 0) |
    (c === 0x0d ? CR : 0) |
    (c === 0x0a ? LF : 0) |
    (c === 0x26 ? AMP : 0) |
    (c === 0x5d ? BRACKET : 0);
  VALUE_CLASS[c] =
    control |
    wide |
    (c === 0x09 || c === 0x0a || c === 0x0d ? BREAK : 0) |
    (c === 0x0a ? LF : 0) |
    (c === 0x26 ? AMP : 0) |
    (c === 0x3c ? FORBIDDEN : 0);
}

class Utf8Parser {
  private readonly n: number;
  private readonly text: Slicer;
  private readonly view: DataView;
  /** The same bytes as a Buffer, for its native searches */
  private readonly bytes: Buffer;
  private pos: number;
  private line = 1;
  /** Where the current line starts: every scan counts the line feeds it passes (countLines for the native ones) */
  private lineStart: number;
  /** Column bookkeeping: the UTF-16 length of the current line from lineStart up to colFrom */
  private colFrom: number;
  private colUnits = 0;
  /** End of the last scanned range holding a byte ≥ 0x80: columns before it count characters, not bytes */
  private lastWide = -1;
  private tagScope: NsScope = {};
  private tagSelfClosing = false;
  private tagParts: NameParts = NO_NAME;
  /** Where the name readName read ends */
  private readEnd = 0;
  /** The run (RUNS) the innermost open element's text is, -1 when it is not one */
  private textRun = 0;
  private atLine = 1;
  private atColumn = 1;
  private nameHash = 0;
  private nameWide = false;
  private valueFlags = 0;
  private valueHash = 0;

  constructor(
    private readonly b: Uint8Array,
    start: number,
    private readonly maxDepth: number,
    /** Whether the tree is a young one (names.ts, YOUNG_TREE_MAX_BYTES) */
    private readonly young: boolean,
  ) {
    this.n = b.length;
    this.bytes = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
    this.view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    this.text = this.bytes as unknown as Slicer;
    this.pos = start;
    this.lineStart = start;
    this.colFrom = start;
  }

  parse(): XmlElement {
    const b = this.b;
    const n = this.n;
    this.prolog();
    let root: XmlElement | null = null;
    const stack: XmlElement[] = [];
    // where the name of each open element starts and ends, for its closing tag
    const nameStarts: number[] = [];
    const scopes: NsScope[] = [];
    const pending: XmlElement[] = [];
    let top = 0; // pending's length in use
    const starts: number[] = [];
    // the name of each open element, and of the last tag (start or end): what predicts the next name
    const openNames: NameParts[] = [];
    let last: NameParts | undefined;
    let lastWasEnd = false;
    // the run id of each open element's text but the innermost's (this.textRun)
    const textRuns: number[] = [];
    let scope: NsScope = ROOT_SCOPE;
    while (this.pos < n) {
      // never stack[-1]: a load that once saw the key -1 (outside the root element) turns megamorphic,
      // and the optimized loop then called the generic keyed load for every tag (decision 0267)
      const current = stack.length === 0 ? undefined : stack[stack.length - 1];
      let lt = this.pos;
      if (b[lt] !== 0x3c) {
        lt = this.charData(lt, current);
        this.pos = lt;
        if (lt >= n) break;
      }
      const c = b[lt + 1];
      if (c === 0x2f /* / */) {
        if (!current) giveUp();
        const open = openNames.pop() as NameParts;
        this.endTag(lt, nameStarts.pop() as number, open);
        const start = starts.pop() as number;
        closeChildren(current, pending, start, top, this.textRun >= 0, this.young);
        top = start; // (not truncated: the array keeps its room for the next siblings)
        this.textRun = textRuns.pop() as number;
        stack.pop();
        last = open;
        lastWasEnd = true;
        scope = scopes.pop() ?? scope;
        continue;
      }
      if (c === 0x21 /* ! */) {
        this.declaration(lt, current);
        continue;
      }
      if (c === 0x3f /* ? */) {
        this.pi(lt);
        continue;
      }
      if (root && stack.length === 0) giveUp();
      const predicted = last === undefined ? undefined : lastWasEnd ? last.afterEnd : last.afterStart;
      const el = this.startTag(lt, current ?? null, scope, predicted);
      const parts = this.tagParts;
      if (parts !== predicted && parts.known && last !== undefined) {
        if (lastWasEnd) last.afterEnd = parts;
        else last.afterStart = parts;
      }
      last = parts;
      lastWasEnd = this.tagSelfClosing;
      if (current) pending[top++] = el;
      else root = el;
      if (!this.tagSelfClosing) {
        if (stack.length >= this.maxDepth) giveUp();
        const parentRun = this.textRun;
        this.textRun = 0;
        // most elements are leaves: their text and end tag are read here, without the open elements' stacks
        let p = this.pos;
        if (p < n && b[p] !== 0x3c) {
          p = this.charData(p, el);
          this.pos = p;
        }
        if (p < n && b[p + 1] === 0x2f /* / */) {
          this.endTag(p, lt + 1, parts);
          this.textRun = parentRun;
          lastWasEnd = true;
          continue;
        }
        stack.push(el);
        nameStarts.push(lt + 1);
        starts.push(top);
        openNames.push(parts);
        textRuns.push(parentRun);
        scopes.push(scope);
        scope = this.tagScope;
      }
    }
    if (stack.length > 0 || !root) giveUp();
    return root;
  }

  /** Index of the ASCII `needle` at or after `from`, -1 when absent */
  private find(needle: string, from: number): number {
    return this.bytes.indexOf(needle, from, 'latin1');
  }

  /** The XML declaration; version 1.1 is left to the string parser (which refuses it) */
  private prolog(): void {
    const at = this.pos;
    if (this.sameAscii(at, '<?xml') && isSpace(this.b[at + 5] as number)) {
      const end = this.find('?>', at + 5);
      if (end === -1) giveUp();
      if (/version\s*=\s*["']1\.1["']/.test(this.text.utf8Slice(at, end))) giveUp();
      this.pos = end + 2;
      this.countLines(at, this.pos);
      this.lastWide = this.pos; // not scanned for wide characters: columns on its line count them
    }
  }

  /** Text from `start` up to the next "<" (or the end), added to the open element's; its end */
  private charData(start: number, current: XmlElement | undefined): number {
    const b = this.b;
    const n = this.n;
    let flags = 0;
    let h = 0;
    // the usual indentation, a line feed and spaces up to the next tag, by its number of spaces
    if (current !== undefined && b[start] === 0x0a) {
      let k = start + 1;
      const view = this.view;
      const wordsEnd = n - 4;
      while (k <= wordsEnd - 4 && view.getFloat64(k, true) === EIGHT_SPACES) k += 8;
      if (k <= wordsEnd && view.getInt32(k, true) === FOUR_SPACES) k += 4;
      while (b[k] === 0x20) k++;
      if (b[k] === 0x3c && k - start <= MAX_BLANK_LENGTH) {
        const run = indentation(k - start - 1);
        if (run >= 0) {
          this.addBlank(current, run);
          this.line++;
          this.lineStart = start + 1;
          return k;
        }
      }
    }
    let j = start;
    // byte by byte for the usual short text; a long one (an attachment) is left to native scans
    const limit = Math.min(n, start + LONG_TEXT);
    // the hash serves only texts short enough to be shared (shortValue, blankRun): not past them
    const hashed = Math.min(limit, start + HASHED_TEXT);
    for (; j < hashed; j++) {
      const c = b[j] as number;
      if (c === 0x3c) break;
      h = (Math.imul(h, 31) + c) | 0;
      flags |= TEXT_CLASS[c] as number;
    }
    if (j === hashed)
      for (; j < limit; j++) {
        const c = b[j] as number;
        if (c === 0x3c) break;
        flags |= TEXT_CLASS[c] as number;
      }
    if (j === limit && j < n) return this.longCharData(start, current);
    if (flags & (FORBIDDEN | EF | LF)) {
      if (flags & FORBIDDEN) giveUp();
      if (flags & EF) this.refuseNonCharacters(start, j);
      this.countLines(start, j);
      flags &= ~(LF | EF);
    }
    if (flags & WIDE) this.lastWide = j;
    if (!current) {
      if (flags & SOLID) giveUp(); // text before or after the root element
      return j;
    }
    if (flags === 0) {
      const run = this.blankRun(start, j, h);
      if (run >= 0) this.addBlank(current, run);
      else {
        current.text += this.text.latin1Slice(start, j);
        this.textRun = -1;
      }
      return j;
    }
    let t: string;
    if ((flags & ~WIDE) === SOLID && j - start <= MAX_VALUE_LENGTH)
      t = this.shortValue(start, j, h, flags !== SOLID);
    else {
      t = flags & WIDE ? this.text.utf8Slice(start, j) : this.text.latin1Slice(start, j);
      if (flags & (CR | AMP | BRACKET)) t = charDataValue(t, giveUp);
    }
    const before = current.text;
    current.text = before === '' ? t : before + t; // a leaf's only text: no concatenation to call
    this.textRun = -1;
    return j;
  }

  /** charData for a text of LONG_TEXT bytes or more: found, decoded and checked by native scans */
  private longCharData(start: number, current: XmlElement | undefined): number {
    let end = this.asciiTextEnd(start);
    let raw: string;
    if (end >= 0) raw = this.text.latin1Slice(start, end);
    else {
      // beyond ASCII: found and checked by native scans
      end = this.bytes.indexOf(0x3c, start);
      if (end === -1) end = this.n;
      this.countLines(start, end);
      raw = this.text.utf8Slice(start, end);
      if (raw.length !== end - start) this.lastWide = end;
      if (FORBIDDEN_CHAR.test(raw)) giveUp();
    }
    if (!current) {
      if (!isBlank(raw, 0, raw.length)) giveUp(); // text before or after the root element
    } else {
      // A leaf's large text (an attachment) is kept as an old-generation copy: the element holding
      // it is old once V8 pretenures the elements, and a young text it pointed to would be copied by
      // the next two scavenges even when its tree is dead (decision 0203). Only beyond the length
      // V8 hashes in full: a shorter text costs the scavenges less than its hash would.
      const t = charDataValue(raw, giveUp);
      if (current.text !== '') current.text += t;
      else current.text = t.length > HASHED_IN_FULL ? internedCopy(t) : t;
      this.textRun = -1;
    }
    return end;
  }

  /**
   * The end of the ASCII text at `start` (the next "<", or the end of the bytes), its line feeds
   * counted; -1, nothing counted, at a byte beyond ASCII. Gives up at a control character XML
   * forbids. A long text is mostly an attachment in base64: its "<" is found natively (memchr), then
   * its bytes are checked 32 at a time for a byte below 0x20 or beyond ASCII (eight words ORed, one
   * branch), and at such a block four at a time up to the word holding it, which is looked at byte by
   * byte (line feeds, tabs, carriage returns; base64 broken into lines has one every 76 bytes). The
   * "<" test no longer rides in every word, and the loop's overhead is paid per 32 bytes instead of 4:
   * ×0.26 on a 3.3 MB one-line attachment, ×0.5 on base64 in lines of 76 (decision 0266).
   */
  private asciiTextEnd(start: number): number {
    const b = this.b;
    const view = this.view;
    let end = this.bytes.indexOf(0x3c, start);
    if (end === -1) end = this.n;
    let lines = 0;
    let lineStart = this.lineStart;
    let i = start;
    const lastBlock = end - 32;
    for (;;) {
      // (x - 0x20202020) | x has a byte's high bit set where x has a byte below 0x20 or beyond 0x7f
      // (exact for the first such byte of a word, maybe not for the bytes after it)
      while (i <= lastBlock) {
        const x0 = view.getInt32(i, true);
        const x1 = view.getInt32(i + 4, true);
        const x2 = view.getInt32(i + 8, true);
        const x3 = view.getInt32(i + 12, true);
        const x4 = view.getInt32(i + 16, true);
        const x5 = view.getInt32(i + 20, true);
        const x6 = view.getInt32(i + 24, true);
        const x7 = view.getInt32(i + 28, true);
        const low =
          (x0 - 0x20202020) |
          x0 |
          (x1 - 0x20202020) |
          x1 |
          (x2 - 0x20202020) |
          x2 |
          (x3 - 0x20202020) |
          x3 |
          (x4 - 0x20202020) |
          x4 |
          (x5 - 0x20202020) |
          x5 |
          (x6 - 0x20202020) |
          x6 |
          (x7 - 0x20202020) |
          x7;
        if ((low & 0x80808080) !== 0) break;
        i += 32;
      }
      while (i + 4 <= end) {
        const x = view.getInt32(i, true);
        if ((((x - 0x20202020) | x) & 0x80808080) !== 0) break;
        i += 4;
      }
      const wordEnd = Math.min(i + 4, end);
      for (; i < wordEnd; i++) {
        const c = b[i] as number;
        if (c >= 0x20 && c < 0x80) continue;
        if (c >= 0x80) return -1;
        if (c === 0x0a) {
          lines++;
          lineStart = i + 1;
        } else if (c !== 0x09 && c !== 0x0d) giveUp();
      }
      if (i >= end) {
        this.line += lines;
        this.lineStart = lineStart;
        return end;
      }
    }
  }

  /**
   * A text or attribute value of at most MAX_VALUE_LENGTH bytes without references or line ends
   * (codes, amounts, dates, identifiers, currencies, units, names, descriptions; `wide`: beyond
   * ASCII, decoded as UTF-8): the copy made for the same bytes before, when there was one. Values
   * repeat from line to line, and a copy per element was a good part of the parse and of its garbage.
   */
  private shortValue(start: number, end: number, hash: number, wide: boolean): string {
    const slot = hash & VALUE_SLOT_MASK;
    const length = end - start;
    const words = length >> 2;
    const base = slot * WORDS_PER_VALUE;
    const view = this.view;
    const tail = this.tailBytes(start + (words << 2), end);
    if (VALUE_BYTES[slot] === length && VALUE_TAILS[slot] === tail) {
      let k = 0;
      while (k < words && view.getInt32(start + (k << 2), true) === VALUE_WORDS[base + k]) k++;
      if (k === words) return VALUE_SLOTS[slot] as string;
    }
    const t = wide ? this.text.utf8Slice(start, end) : this.text.latin1Slice(start, end);
    VALUE_SLOTS[slot] = t;
    VALUE_BYTES[slot] = length;
    VALUE_TAILS[slot] = tail;
    for (let k = 0; k < words; k++) VALUE_WORDS[base + k] = view.getInt32(start + (k << 2), true);
    return t;
  }

  /** The 0–3 bytes from start to end in one number (what shortValue compares after the whole words) */
  private tailBytes(start: number, end: number): number {
    const b = this.b;
    let tail = 0;
    for (let i = end - 1; i >= start; i--) tail = (tail << 8) | (b[i] as number);
    return tail;
  }

  /** The run (RUNS) of the spaces, tabs and line feeds from start to end; -1 when too long (or the table is full) */
  private blankRun(start: number, end: number, hash: number): number {
    const length = end - start;
    if (length > MAX_BLANK_LENGTH) return -1;
    const known = RUNS_BY_HASH.get(hash);
    if (known !== undefined) {
      const t = RUNS[known] as string;
      if (t.length === length && this.sameAscii(start, t)) return known;
    }
    const run = runOf(this.text.latin1Slice(start, end));
    if (run >= 0 && (RUNS_BY_HASH.size < MAX_BLANKS || known !== undefined)) RUNS_BY_HASH.set(hash, run);
    return run;
  }

  /** Adds the white space run `piece` to the text of the innermost open element */
  private addBlank(current: XmlElement, piece: number): void {
    const before = this.textRun;
    const run = before < 0 ? -1 : joinRuns(before, piece);
    current.text = run >= 0 ? (RUNS[run] as string) : current.text + (RUNS[piece] as string);
    this.textRun = run;
  }

  /** Whether the bytes at `start` are the (ASCII) name of `parts`, compared eight, then four bytes at a time */
  private sameName(start: number, parts: NameParts): boolean {
    const view = this.view;
    const doubles = parts.doubles;
    for (let k = 0; k < doubles.length; k++)
      if (view.getFloat64(start + (k << 3), true) !== doubles[k]) return false;
    let i = doubles.length << 3;
    const words = parts.words;
    if (words.length > doubles.length << 1) {
      if (view.getInt32(start + i, true) !== words[words.length - 1]) return false;
      i += 4;
    }
    const name = parts.name;
    const b = this.b;
    for (; i < name.length; i++) if (b[start + i] !== name.charCodeAt(i)) return false;
    return true;
  }

  /** Whether the bytes at `start` are the characters of `ascii` (an ASCII string) */
  private sameAscii(start: number, ascii: string): boolean {
    const b = this.b;
    for (let k = 0; k < ascii.length; k++) if (b[start + k] !== ascii.charCodeAt(k)) return false;
    return true;
  }

  /** `<!--` comments and CDATA sections; anything else after `<!` (DOCTYPE…) is the string parser's */
  private declaration(lt: number, current: XmlElement | undefined): void {
    if (this.sameAscii(lt, '<!--')) {
      const end = this.find('-->', lt + 4);
      if (end === -1) giveUp();
      this.pos = end + 3;
      this.countLines(lt, end);
    } else if (this.sameAscii(lt, '<![CDATA[')) {
      if (!current) giveUp();
      const end = this.find(']]>', lt + 9);
      if (end === -1) giveUp();
      current.text += normalizeNewlines(this.text.utf8Slice(lt + 9, end));
      this.textRun = -1;
      this.pos = end + 3;
      this.countLines(lt, end);
    } else giveUp();
    this.lastWide = this.pos; // not scanned for wide characters
  }

  private pi(lt: number): void {
    const end = this.find('?>', lt + 2);
    if (end === -1) giveUp();
    const target = this.text.utf8Slice(lt + 2, this.nameEnd(lt + 2));
    if (target.toLowerCase() === 'xml') giveUp();
    this.pos = end + 2;
    this.countLines(lt, end);
    this.lastWide = Math.max(this.lastWide, this.pos); // not scanned for wide characters
  }

  /**
   * The element of the start tag at `lt`; its scope, whether it is `<x/>`, its name and where the name
   * ends in tag… fields. `predicted`: the name it probably has (compared first, see NameParts)
   */
  private startTag(
    lt: number,
    parent: XmlElement | null,
    parentScope: NsScope,
    predicted: NameParts | undefined,
  ): XmlElement {
    const b = this.b;
    let i = lt + 1;
    const parts = this.readName(i, predicted);
    const nameEnd = this.readEnd;
    this.tagParts = parts;
    this.position(lt); // before the attributes: line feeds in the tag are counted as they are passed
    i = nameEnd;
    let attrs = NO_ATTRS;
    // the namespace declarations of this tag (prefix, URI, in order), made into its scope after them
    let declared: string[] | undefined;
    let selfClosing = false;
    let prefixedAttrs = false;
    let lastAttr: NameParts | undefined;
    let attrCount = 0;
    let onlyAttr = NO_NAME;
    let onlyValue = '';
    for (;;) {
      const afterSpace = this.skipSpace(i);
      const c = b[afterSpace];
      if (c === 0x3e /* > */) {
        i = afterSpace + 1;
        break;
      }
      if (c === 0x2f /* / */ && b[afterSpace + 1] === 0x3e) {
        selfClosing = true;
        i = afterSpace + 2;
        break;
      }
      if (c === undefined || afterSpace === i) giveUp();
      const predictedAttr = lastAttr === undefined ? parts.firstAttr : lastAttr.nextAttr;
      const attrParts = this.readName(afterSpace, predictedAttr);
      const anEnd = this.readEnd;
      if (attrParts !== predictedAttr && attrParts.known) {
        if (lastAttr === undefined) parts.firstAttr = attrParts;
        else lastAttr.nextAttr = attrParts;
      }
      lastAttr = attrParts;
      const attrName = attrParts.name;
      let j = this.skipSpace(anEnd);
      if (b[j] !== 0x3d /* = */) giveUp();
      j = this.skipSpace(j + 1);
      const q = b[j];
      if (q !== 0x22 && q !== 0x27) giveUp();
      const close = this.valueEnd(j + 1, q);
      const xmlns =
        attrName.charCodeAt(0) === 0x78 /* x */ && (attrName === 'xmlns' || attrName.startsWith('xmlns:'));
      // a namespace declaration: the URI this attribute declared before, when the bytes are its
      const known = attrParts.nsUri;
      const value =
        xmlns &&
        known !== undefined &&
        this.valueFlags === 0 &&
        known.length === close - j - 1 &&
        this.sameAscii(j + 1, known)
          ? known
          : this.attrValue(j + 1, close);
      if (xmlns) {
        const prefix = attrName === 'xmlns' ? '' : attrParts.local;
        if (prefix === 'xmlns' || value === XMLNS_NS || (prefix !== '' && value === '')) giveUp();
        const uri = value === known ? known : internName(value);
        if (attrParts.known && isInterned(uri)) attrParts.nsUri = uri;
        if (declared === undefined) declared = [prefix, uri];
        else declared.push(prefix, uri);
      } else {
        // the first attribute waits in onlyAttr/onlyValue: alone, its object is most often a shared one
        if (attrCount === 0) {
          onlyAttr = attrParts;
          onlyValue = value;
        } else {
          if (attrCount === 1) {
            attrs = {};
            attrs[onlyAttr.name] = onlyValue;
          }
          if (attrName in attrs) giveUp();
          attrs[attrName] = value;
        }
        if (attrParts.local !== attrName) prefixedAttrs = true; // a colon: its prefix (even '') must be bound
        attrCount++;
      }
      i = close + 1;
    }
    this.pos = i;
    const scope = declared === undefined ? parentScope : scopeOf(parts, parentScope, declared);
    let ns = parts.ns;
    if (parts.scope !== scope) {
      ns = scope[parts.prefix];
      parts.scope = scope;
      parts.ns = ns;
    }
    if (ns === undefined && parts.prefix !== '') giveUp();
    if (attrCount === 1) {
      let byValue: AttrsByValue | undefined;
      if (onlyAttr.known) {
        byValue = onlyAttr.attrSets ?? attrsByValue(onlyAttr.name);
        onlyAttr.attrSets = byValue;
      }
      attrs = singleAttrs(byValue, onlyAttr.name, onlyValue);
    }
    if (prefixedAttrs)
      for (const a in attrs) {
        const ac = a.indexOf(':');
        if (ac !== -1 && scope[a.slice(0, ac)] === undefined) giveUp();
      }
    this.tagScope = scope;
    this.tagSelfClosing = selfClosing;
    return (this.young ? newYoungElement : newElement)(
      parts.name,
      parts.local,
      ns ?? '',
      attrs,
      this.atLine,
      this.atColumn,
      parent,
    );
  }

  /**
   * The name at `i` (of an element or attribute), its end in readEnd: `predicted` when the bytes are
   * its name followed by what ends a name (where nameEnd would stop: the name is ASCII and known),
   * else scanned and looked up
   */
  private readName(i: number, predicted: NameParts | undefined): NameParts {
    if (
      predicted !== undefined &&
      ENDS_NAME[this.b[i + predicted.name.length] as number] === 1 &&
      this.sameName(i, predicted)
    ) {
      this.readEnd = i + predicted.name.length;
      return predicted;
    }
    const end = this.nameEnd(i);
    if (end === i) giveUp();
    this.readEnd = end;
    return this.nameParts(i, end);
  }

  /** The interned name (and parts) of the bytes from start to end, whose hash nameEnd computed */
  private nameParts(start: number, end: number): NameParts {
    const hash = this.nameHash;
    const wide = this.nameWide;
    const known = NAMES_BY_HASH.get(hash);
    if (known !== undefined && !wide && known.name.length === end - start && this.sameName(start, known))
      return known;
    const name = internName(wide ? this.text.utf8Slice(start, end) : this.text.latin1Slice(start, end));
    const parts = newNameParts(name, end - start, wide);
    // only ASCII names, interned: the hash is of bytes, and the comparison above of characters
    if (!wide && isInterned(name) && (NAMES_BY_HASH.size < MAX_NAMES || known !== undefined)) {
      if (known !== undefined) {
        // no longer known: it predicts nothing, so what it pointed to cannot pile up behind it
        known.known = false;
        known.afterStart = undefined;
        known.afterEnd = undefined;
        known.firstAttr = undefined;
        known.nextAttr = undefined;
        known.scope = undefined;
        known.attrSets = undefined;
        known.declared = undefined;
        known.declaredIn = undefined;
        known.declaredScope = undefined;
      }
      parts.known = true;
      NAMES_BY_HASH.set(hash, parts);
    }
    return parts;
  }

  /**
   * The closing tag at `lt` must name the open element, whose name `open` starts at `openStart`: the
   * same bytes, then a byte that ends a name (so nameEnd would find the same name)
   */
  private endTag(lt: number, openStart: number, open: NameParts): void {
    const b = this.b;
    const nameStart = lt + 2;
    const length = open.byteLength;
    const nameEnd = nameStart + length;
    if (nameEnd > this.n) giveUp();
    if (!open.wide) {
      if (!this.sameName(nameStart, open)) giveUp();
    } else {
      for (let k = 0; k < length; k++) if (b[nameStart + k] !== b[openStart + k]) giveUp();
      this.lastWide = nameEnd;
    }
    let gt = nameEnd;
    const c = b[gt] as number;
    if (c !== 0x3e) {
      if (!isSpace(c)) giveUp(); // the name goes on, or is followed by what cannot end the tag
      gt = this.skipSpace(gt);
      if (b[gt] !== 0x3e) giveUp();
    }
    this.pos = gt + 1;
  }

  /** End of the attribute value starting at `from` (its closing quote `q`); what it holds in valueFlags */
  private valueEnd(from: number, q: number): number {
    const b = this.b;
    const n = this.n;
    let flags = 0;
    let h = 0;
    let j = from;
    for (; j < n; j++) {
      const c = b[j] as number;
      if (c === q) break;
      h = (Math.imul(h, 31) + c) | 0;
      flags |= VALUE_CLASS[c] as number;
    }
    if (j >= n) giveUp();
    if (flags & (FORBIDDEN | EF | LF)) {
      if (flags & FORBIDDEN) giveUp();
      if (flags & EF) this.refuseNonCharacters(from, j);
      this.countLines(from, j);
      flags &= ~(LF | EF);
    }
    if (flags & WIDE) this.lastWide = j;
    this.valueFlags = flags;
    this.valueHash = h;
    return j;
  }

  private attrValue(start: number, end: number): string {
    const flags = this.valueFlags;
    if ((flags & ~WIDE) === 0 && end - start <= MAX_VALUE_LENGTH)
      return this.shortValue(start, end, this.valueHash, flags !== 0);
    const raw = flags & WIDE ? this.text.utf8Slice(start, end) : this.text.latin1Slice(start, end);
    return flags & (AMP | BREAK) ? attributeValue(raw, giveUp) : raw;
  }

  /** Like the string parser's: the end of the name at i (i when there is none), its hash in nameHash */
  private nameEnd(i: number): number {
    const b = this.b;
    const n = this.n;
    let j = i;
    let h = 0;
    let wide = false;
    while (j < n) {
      const c = b[j] as number;
      if (ENDS_NAME[c] === 1) break;
      if (c >= 0x80) wide = true;
      h = (Math.imul(h, 31) + c) | 0;
      j++;
    }
    this.nameHash = h & 0x3fffffff;
    this.nameWide = wide;
    if (wide) this.lastWide = j;
    if (j > i) {
      const first = b[i] as number;
      if ((first >= 0x30 && first <= 0x39) || first === 0x2d || first === 0x2e) return i; // digits, '-', '.' cannot start a name
    }
    return j;
  }

  /** Gives up at U+FFFE or U+FFFF (EF BF BE, EF BF BF) from start to end: not XML characters */
  private refuseNonCharacters(start: number, end: number): void {
    const b = this.b;
    for (let i = start; i < end; i++)
      if (b[i] === 0xef && b[i + 1] === 0xbf && (b[i + 2] as number) >= 0xbe) giveUp();
  }

  /** The first byte from i on that is not white space (line feeds counted) */
  private skipSpace(i: number): number {
    const b = this.b;
    for (;;) {
      const c = b[i] as number;
      if (c === 0x20 || c === 0x09 || c === 0x0d) i++;
      else if (c === 0x0a) {
        i++;
        this.line++;
        this.lineStart = i;
      } else return i;
    }
  }

  /**
   * Counts the line feeds from `start` to `end` (a range a native search passed): byte by byte when
   * short, else by native searches bounded to the range (an unbounded one could run to the end of a
   * document without line feeds at every comment: quadratic)
   */
  private countLines(start: number, end: number): void {
    if (end - start < LONG_TEXT) {
      const b = this.b;
      for (let i = start; i < end; i++)
        if (b[i] === 0x0a) {
          this.line++;
          this.lineStart = i + 1;
        }
      return;
    }
    const range = this.bytes.subarray(start, end);
    for (let lf = range.indexOf(0x0a); lf !== -1; lf = range.indexOf(0x0a, lf + 1)) {
      this.line++;
      this.lineStart = start + lf + 1;
    }
  }

  /**
   * 1-based line and column of a start tag's offset (asked in increasing order, once every byte before
   * it is scanned), into atLine and atColumn; the column counts UTF-16 code units, as in the decoded text
   */
  private position(offset: number): void {
    if (this.colFrom < this.lineStart) {
      this.colFrom = this.lineStart;
      this.colUnits = 0;
    }
    this.colUnits +=
      this.lastWide > this.colFrom ? utf16Length(this.b, this.colFrom, offset) : offset - this.colFrom;
    this.colFrom = offset;
    this.atLine = this.line;
    this.atColumn = this.colUnits + 1;
  }
}

/** The length in UTF-16 code units of the (valid) UTF-8 bytes from start to end */
function utf16Length(b: Uint8Array, start: number, end: number): number {
  let units = 0;
  for (let i = start; i < end; i++) {
    const c = b[i] as number;
    if ((c & 0xc0) !== 0x80) units += c >= 0xf0 ? 2 : 1;
  }
  return units;
}
