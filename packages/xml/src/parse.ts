/**
 * The one XML entry point of einv: a small, strict, non-validating XML 1.0 + Namespaces parser.
 *
 * Why hand-written (docs/decisions/0020-xml-parser.md): it is 3–6× faster than the pure-JS/WASM
 * libraries on invoices, it refuses DOCTYPE outright instead of relying on options, it never
 * recurses (so 10,000 levels of nesting cannot overflow the stack) and every error carries a line
 * and column. It never throws: every failure is a ParseResult with ok=false.
 *
 * What it does not do, on purpose: DTDs, external entities, entity declarations, custom entities
 * (only &lt; &gt; &amp; &quot; &apos; and numeric character references), XML 1.1.
 */
import { FORBIDDEN_CHAR, isBlank, isSpace, isXmlChar, normalizeNewlines, slowPosition } from './chars.js';
import { decodeXmlBytes } from './decode.js';
import type { ParseOptions, ParseResult, XmlElement, XmlError } from './types.js';

export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
export const DEFAULT_MAX_DEPTH = 200;

/**
 * Element names seen so far, each kept as one internalized string: every later pass compares and
 * hashes names (binding paths, content models, rule contexts, name indexes), and an internalized
 * name equals the code's own literals by identity instead of character by character (decision
 * 0141). Bounded in count and length, so documents inventing names cannot grow it without end.
 */
const NAMES = new Map<string, string>();
const MAX_NAMES = 20_000;
/** Longer names are left alone: the table must stay small whatever the documents hold */
const MAX_NAME_LENGTH = 128;

/** The local part of an interned qualified name (after the colon at `colon`), interned too */
function localName(name: string, colon: number): string {
  const known = LOCAL_NAMES.get(name);
  if (known !== undefined) return known;
  const local = internName(name.slice(colon + 1));
  if (NAMES.get(name) === name && NAMES.get(local) === local && LOCAL_NAMES.size < MAX_NAMES)
    LOCAL_NAMES.set(name, local);
  return local;
}

/** One copy per distinct short string, in a table bounded in count and length */
function internIn(table: Map<string, string>, text: string, maxCount: number, maxLength: number): string {
  if (text.length > maxLength) return text;
  const known = table.get(text);
  if (known !== undefined) return known;
  if (table.size >= maxCount) return text;
  // a property key is internalized: this is a flat copy, not a slice holding the whole text alive
  const own = Object.keys({ [text]: 0 })[0] as string;
  table.set(own, own);
  return own;
}

function internName(slice: string): string {
  return internIn(NAMES, slice, MAX_NAMES, MAX_NAME_LENGTH);
}

/**
 * The interned names by a hash of their characters, computed while the name is scanned: a known
 * name is found without slicing the text (the slice and its hashing were a fifth of the parse),
 * and its local part without slicing it again. Same bounds as NAMES; a collision only means the
 * slow path.
 */
const NAMES_BY_HASH = new Map<number, string>();
const LOCAL_NAMES = new Map<string, string>();

/**
 * Shared, frozen values for what most elements lack (decision 0143): a leaf has no children and
 * most elements no attributes, and one object per element for nothing was a third of the tree's
 * memory. Frozen, so a caller writing into a parsed tree fails loudly instead of changing them all.
 */
const NO_ATTRS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const NO_CHILDREN: XmlElement[] = Object.freeze([]) as unknown as XmlElement[];

/**
 * The white space between the children of an element (its text when it holds only that) repeats
 * from element to element: kept once, like the names, and bounded the same way.
 */
const BLANKS = new Map<string, string>();
const MAX_BLANKS = 2_000;
const MAX_BLANK_LENGTH = 64;

function internBlank(text: string): string {
  return internIn(BLANKS, text, MAX_BLANKS, MAX_BLANK_LENGTH);
}

const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

type NsScope = Record<string, string>;

class XmlParseError {
  constructor(readonly error: XmlError) {}
}

export function parseXml(input: string | Uint8Array, opts: ParseOptions = {}): ParseResult {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxDepth = opts.maxDepth ?? DEFAULT_MAX_DEPTH;
  let text: string;
  if (typeof input === 'string') {
    // A JS string is already decoded; its length in UTF-16 units bounds its UTF-8 size from below.
    if (input.length > maxBytes) return sizeError(input.length, maxBytes);
    text = input;
  } else if (input instanceof Uint8Array) {
    if (input.byteLength > maxBytes) return sizeError(input.byteLength, maxBytes);
    const decoded = decodeXmlBytes(input);
    if (!decoded.ok) return decoded;
    text = decoded.text;
  } else {
    return { ok: false, error: { code: 'XML-EMPTY', message: 'the input is neither a string nor bytes' } };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.trim() === '')
    return { ok: false, error: { code: 'XML-EMPTY', message: 'the document is empty', line: 1, column: 1 } };
  try {
    return { ok: true, root: new Parser(text, maxDepth).parse() };
  } catch (e) {
    if (e instanceof XmlParseError) return { ok: false, error: e.error };
    // RangeError and the like should be impossible (no recursion); still never throw out of here.
    return { ok: false, error: { code: 'XML-SYNTAX', message: `the XML could not be read: ${String(e)}` } };
  }
}

function sizeError(size: number, max: number): ParseResult {
  return {
    ok: false,
    error: { code: 'XML-SIZE', message: `the document is ${size} bytes, more than the limit of ${max}` },
  };
}

class Parser {
  private pos = 0;
  private line = 1;
  private lineStart = 0;
  /** Index of the next '\n' at or after the last position we counted lines up to */
  private nextNl: number;
  private countedTo = 0;
  /** What startTag found besides the element (fields, not a result object per element) */
  private tagScope: NsScope = {};
  private tagSelfClosing = false;
  /** Line and column of the last offset `position` was asked */
  private atLine = 1;
  private atColumn = 1;
  /** Hash of the characters of the last name `nameEnd` scanned (a small integer) */
  private nameHash = 0;

  constructor(
    private readonly s: string,
    private readonly maxDepth: number,
  ) {
    this.nextNl = s.indexOf('\n');
  }

  parse(): XmlElement {
    const s = this.s;
    this.prolog();
    let root: XmlElement | null = null;
    const stack: XmlElement[] = [];
    const scopes: NsScope[] = [];
    // the children of the open elements, element i's from starts[i] on: each gets its array, of
    // the exact size, when it closes (an array grown by push reserves room for 17)
    const pending: XmlElement[] = [];
    const starts: number[] = [];
    let scope: NsScope = { xml: XML_NS };
    while (this.pos < s.length) {
      const lt = s.indexOf('<', this.pos);
      const current = stack[stack.length - 1];
      if (lt !== this.pos) {
        const end = lt === -1 ? s.length : lt;
        if (current) current.text += this.charData(this.pos, end);
        else if (!isBlank(s, this.pos, end))
          this.fail(this.pos, root ? 'text after the root element' : 'text before the root element');
        this.pos = end;
        if (lt === -1) break;
      }
      const c = s.charCodeAt(lt + 1);
      if (c === 0x2f /* / */) {
        if (!current) this.fail(lt, 'a closing tag without an open element');
        this.endTag(current as XmlElement);
        this.closeChildren(current as XmlElement, pending, starts.pop() as number);
        stack.pop();
        scope = scopes.pop() ?? scope;
        continue;
      }
      if (c === 0x21 /* ! */) {
        if (s.startsWith('<!--', lt)) this.comment(lt);
        else if (s.startsWith('<![CDATA[', lt)) {
          if (!current) this.fail(lt, 'a CDATA section outside the root element');
          const end = s.indexOf(']]>', lt + 9);
          if (end === -1) this.fail(lt, 'unterminated CDATA section');
          (current as XmlElement).text += normalizeNewlines(s.slice(lt + 9, end));
          this.pos = end + 3;
        } else if (s.startsWith('<!DOCTYPE', lt) || s.startsWith('<!ENTITY', lt)) this.refuseDtd(lt);
        else this.fail(lt, 'unexpected markup "<!"');
        continue;
      }
      if (c === 0x3f /* ? */) {
        this.pi(lt);
        continue;
      }
      if (root && stack.length === 0) this.fail(lt, 'a second root element (only one is allowed)');
      const el = this.startTag(lt, current ?? null, scope);
      if (current) pending.push(el);
      else root = el;
      if (!this.tagSelfClosing) {
        if (stack.length >= this.maxDepth) {
          throw new XmlParseError({
            code: 'XML-DEPTH',
            message: `elements are nested deeper than ${this.maxDepth} levels`,
            line: el.line,
            column: el.column,
          });
        }
        stack.push(el);
        starts.push(pending.length);
        scopes.push(scope);
        scope = this.tagScope;
      }
    }
    if (stack.length > 0) {
      const open = stack[stack.length - 1] as XmlElement;
      this.fail(s.length, `the document ends before <${open.name}> (line ${open.line}) is closed`);
    }
    if (!root) this.fail(s.length, 'no root element');
    return root as XmlElement;
  }

  /** XML declaration, comments, processing instructions and white space before the root; DOCTYPE refused */
  private prolog(): void {
    const s = this.s;
    if (s.startsWith('<?xml', 0) && isSpace(s.charCodeAt(5))) {
      const end = s.indexOf('?>', 5);
      if (end === -1) this.fail(0, 'unterminated XML declaration');
      if (/version\s*=\s*["']1\.1["']/.test(s.slice(0, end))) this.fail(0, 'XML 1.1 is not supported');
      this.pos = end + 2;
    }
  }

  /**
   * An element's children, moved from `pending` into their own array; its text, when the element
   * has children and only white space between them, is the shared copy of that white space
   */
  private closeChildren(el: XmlElement, pending: XmlElement[], start: number): void {
    if (pending.length === start) return;
    el.children = pending.slice(start);
    pending.length = start;
    const t = el.text;
    if (t !== '' && t.length <= MAX_BLANK_LENGTH && isBlank(t, 0, t.length)) el.text = internBlank(t);
  }

  /** The element of the start tag at `lt`; its namespace scope and whether it is `<x/>` in tagScope, tagSelfClosing */
  private startTag(lt: number, parent: XmlElement | null, parentScope: NsScope): XmlElement {
    const s = this.s;
    let i = lt + 1;
    const nameEnd = this.nameEnd(i);
    if (nameEnd === i)
      this.fail(
        lt,
        isBlank(s, i, i + 1)
          ? 'a "<" that does not start a tag (write &lt; in text)'
          : 'an invalid element name',
      );
    const name = this.elementName(i, nameEnd);
    i = nameEnd;
    let attrs = NO_ATTRS;
    let scope = parentScope;
    let selfClosing = false;
    for (;;) {
      const afterSpace = this.skipSpace(i);
      const c = s.charCodeAt(afterSpace);
      if (c === 0x3e /* > */) {
        i = afterSpace + 1;
        break;
      }
      if (c === 0x2f /* / */ && s.charCodeAt(afterSpace + 1) === 0x3e) {
        selfClosing = true;
        i = afterSpace + 2;
        break;
      }
      if (Number.isNaN(c)) this.fail(lt, `the document ends inside the start tag <${name}>`);
      if (afterSpace === i) this.fail(i, `expected white space, ">" or "/>" in the start tag <${name}>`);
      const an = afterSpace;
      const anEnd = this.nameEnd(an);
      if (anEnd === an) this.fail(an, `an invalid attribute in the start tag <${name}>`);
      const attrName = s.slice(an, anEnd);
      let j = this.skipSpace(anEnd);
      if (s.charCodeAt(j) !== 0x3d /* = */) this.fail(j, `expected "=" after the attribute ${attrName}`);
      j = this.skipSpace(j + 1);
      const q = s.charCodeAt(j);
      if (q !== 0x22 && q !== 0x27) this.fail(j, `the value of the attribute ${attrName} must be quoted`);
      const close = s.indexOf(q === 0x22 ? '"' : "'", j + 1);
      if (close === -1) this.fail(j, `unterminated value of the attribute ${attrName}`);
      const raw = s.slice(j + 1, close);
      if (raw.includes('<')) this.fail(j, `"<" is not allowed in the value of the attribute ${attrName}`);
      const value = this.attrValue(raw, j + 1);
      if (
        attrName.charCodeAt(0) === 0x78 /* x */ &&
        (attrName === 'xmlns' || attrName.startsWith('xmlns:'))
      ) {
        if (scope === parentScope) scope = { ...parentScope };
        const prefix = attrName === 'xmlns' ? '' : attrName.slice(6);
        if (prefix === 'xmlns' || value === XMLNS_NS)
          this.fail(an, 'the xmlns prefix and namespace are reserved');
        if (prefix !== '' && value === '')
          this.fail(an, `the prefix ${prefix} cannot be undeclared (XML Namespaces 1.0)`);
        // interned like the names: every pass compares element namespaces with the code's literals,
        // and an interned URI equals them by identity instead of character by character
        scope[prefix] = internName(value);
      } else {
        if (attrs === NO_ATTRS) attrs = {};
        else if (attrName in attrs) this.fail(an, `the attribute ${attrName} appears twice in <${name}>`);
        attrs[attrName] = value;
      }
      i = close + 1;
    }
    this.pos = i;
    const colon = name.indexOf(':');
    const prefix = colon === -1 ? '' : name.slice(0, colon);
    const local = colon === -1 ? name : localName(name, colon);
    const ns = scope[prefix];
    if (ns === undefined && prefix !== '')
      this.fail(lt, `the prefix "${prefix}" of <${name}> is not bound to a namespace`);
    for (const a in attrs) {
      const ac = a.indexOf(':');
      if (ac !== -1 && scope[a.slice(0, ac)] === undefined)
        this.fail(lt, `the prefix of the attribute ${a} is not bound to a namespace`);
    }
    this.position(lt);
    this.tagScope = scope;
    this.tagSelfClosing = selfClosing;
    return {
      name,
      local,
      ns: ns ?? '',
      attrs,
      children: NO_CHILDREN,
      text: '',
      line: this.atLine,
      column: this.atColumn,
      parent,
    };
  }

  /** The interned name of the text from start to end (nameEnd's hash told), sliced only when new */
  private elementName(start: number, end: number): string {
    const s = this.s;
    const known = NAMES_BY_HASH.get(this.nameHash);
    if (known !== undefined && known.length === end - start && s.startsWith(known, start)) return known;
    const name = internName(s.slice(start, end));
    // only interned names: a slice kept here would keep its whole document alive
    if (NAMES.get(name) === name && (NAMES_BY_HASH.size < MAX_NAMES || NAMES_BY_HASH.has(this.nameHash)))
      NAMES_BY_HASH.set(this.nameHash, name);
    return name;
  }

  private endTag(current: XmlElement): void {
    const s = this.s;
    const start = this.pos;
    const nameStart = start + 2;
    const nameEnd = this.nameEnd(nameStart);
    // the usual case compares the open element's name in place, without a slice
    const open = current.name;
    const same = nameEnd - nameStart === open.length && s.startsWith(open, nameStart);
    const name = same ? open : s.slice(nameStart, nameEnd);
    const gt = this.skipSpace(nameEnd);
    if (s.charCodeAt(gt) !== 0x3e) {
      if (gt >= s.length) this.fail(start, `the document ends inside the closing tag </${name}>`);
      this.fail(gt, `expected ">" to end the closing tag </${name}>`);
    }
    if (!same) {
      this.fail(
        start,
        `the closing tag </${name}> does not match <${current.name}> opened at line ${current.line}, column ${current.column}`,
      );
    }
    this.pos = gt + 1;
  }

  private comment(lt: number): void {
    const end = this.s.indexOf('-->', lt + 4);
    if (end === -1) this.fail(lt, 'unterminated comment');
    this.pos = end + 3;
  }

  private pi(lt: number): void {
    const end = this.s.indexOf('?>', lt + 2);
    if (end === -1) this.fail(lt, 'unterminated processing instruction');
    const target = this.s.slice(lt + 2, this.nameEnd(lt + 2));
    if (target.toLowerCase() === 'xml')
      this.fail(lt, 'an XML declaration is only allowed at the very start of the document');
    this.pos = end + 2;
  }

  private refuseDtd(lt: number): never {
    const { line, column } = slowPosition(this.s, lt);
    throw new XmlParseError({
      code: 'XML-DTD',
      message: 'document type declarations (DOCTYPE, DTDs, entity declarations) are refused for safety',
      line,
      column,
    });
  }

  /** Character data between markup: entities resolved, line ends normalised, "]]>" refused */
  private charData(start: number, end: number): string {
    let t = this.s.slice(start, end);
    this.checkChars(t, start);
    if (t.includes('\r')) t = normalizeNewlines(t);
    if (t.includes('&')) t = this.resolveEntities(t, start);
    if (t.includes(']]>')) this.fail(start + t.indexOf(']]>'), '"]]>" is not allowed in text');
    return t;
  }

  private attrValue(raw: string, start: number): string {
    this.checkChars(raw, start);
    let v = raw;
    if (v.includes('&')) v = this.resolveEntities(v, start);
    // Attribute-value normalisation (XML 1.0 §3.3.3): literal white space characters become spaces
    if (/[\t\n\r]/.test(raw)) v = v.replace(/\r\n|[\t\n\r]/g, ' ');
    return v;
  }

  /** Characters XML 1.0 forbids anywhere (C0 controls but tab/LF/CR, U+FFFE, U+FFFF) */
  private checkChars(t: string, start: number): void {
    const bad = FORBIDDEN_CHAR.exec(t);
    if (bad) {
      const code = (bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
      this.fail(start + bad.index, `the character U+${code} is not allowed in XML`);
    }
  }

  private resolveEntities(t: string, offset: number): string {
    return t.replace(/&([^;&<\s]*);?/g, (m: string, ref: string, at: number) => {
      if (!m.endsWith(';'))
        this.fail(offset + at, 'a "&" that does not start an entity reference (write &amp;)');
      switch (ref) {
        case 'lt':
          return '<';
        case 'gt':
          return '>';
        case 'amp':
          return '&';
        case 'quot':
          return '"';
        case 'apos':
          return "'";
      }
      if (ref.charCodeAt(0) === 0x23 /* # */) {
        const hex = ref.charCodeAt(1) === 0x78;
        const digits = ref.slice(hex ? 2 : 1);
        const cp = hex
          ? /^[0-9a-fA-F]+$/.test(digits)
            ? Number.parseInt(digits, 16)
            : Number.NaN
          : /^[0-9]+$/.test(digits)
            ? Number(digits)
            : Number.NaN;
        if (!isXmlChar(cp))
          this.fail(offset + at, `the character reference ${m} is not a valid XML character`);
        return String.fromCodePoint(cp);
      }
      return this.fail(
        offset + at,
        `the entity &${ref}; is not defined (XML allows only &lt; &gt; &amp; &quot; &apos; and numeric references)`,
      );
    });
  }

  private nameEnd(i: number): number {
    const s = this.s;
    const n = s.length;
    let j = i;
    let h = 0;
    while (j < n) {
      const c = s.charCodeAt(j);
      // name characters: anything but white space and the delimiters of markup
      if (
        c <= 0x20 ||
        c === 0x3e ||
        c === 0x2f ||
        c === 0x3d ||
        c === 0x3c ||
        c === 0x22 ||
        c === 0x27 ||
        c === 0x26
      )
        break;
      h = (Math.imul(h, 31) + c) | 0;
      j++;
    }
    this.nameHash = h & 0x3fffffff;
    if (j > i) {
      const first = s.charCodeAt(i);
      if ((first >= 0x30 && first <= 0x39) || first === 0x2d || first === 0x2e) return i; // digits, '-', '.' cannot start a name
    }
    return j;
  }

  private skipSpace(i: number): number {
    const s = this.s;
    while (isSpace(s.charCodeAt(i))) i++;
    return i;
  }

  /**
   * 1-based line and column of an offset, into atLine and atColumn; offsets are asked in
   * increasing order so lines are counted once
   */
  private position(offset: number): void {
    if (offset < this.countedTo) {
      const { line, column } = slowPosition(this.s, offset);
      this.atLine = line;
      this.atColumn = column;
      return;
    }
    while (this.nextNl !== -1 && this.nextNl < offset) {
      this.line++;
      this.lineStart = this.nextNl + 1;
      this.nextNl = this.s.indexOf('\n', this.lineStart);
    }
    this.countedTo = offset;
    this.atLine = this.line;
    this.atColumn = offset - this.lineStart + 1;
  }

  private fail(offset: number, message: string): never {
    const { line, column } = slowPosition(this.s, Math.min(offset, this.s.length));
    throw new XmlParseError({ code: 'XML-SYNTAX', message, line, column });
  }
}
