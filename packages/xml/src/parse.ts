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
import { FORBIDDEN_CHAR, isBlank, isSpace, normalizeNewlines, slowPosition } from './chars.js';
import { decodeXmlBytes } from './decode.js';
import {
  attrsByValue,
  closeChildren,
  internName,
  isInterned,
  localName,
  MAX_NAMES,
  NO_ATTRS,
  newElement,
  newYoungElement,
  sharedAttrs,
  XML_NS,
  XMLNS_NS,
  YOUNG_TREE_MAX_BYTES,
} from './names.js';
import { parseUtf8 } from './parse-utf8.js';
import { attributeValue, charDataValue, type FailAt } from './text-values.js';
import type { ParseOptions, ParseResult, XmlElement, XmlError } from './types.js';

export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;
export const DEFAULT_MAX_DEPTH = 200;

/**
 * The interned names by a hash of their characters, computed while the name is scanned: a known
 * name is found without slicing the text (the slice and its hashing were a fifth of the parse),
 * and its local part without slicing it again. Same bounds as the interned names; a collision only
 * means the slow path.
 */
const NAMES_BY_HASH = new Map<number, string>();

export type NsScope = Record<string, string>;

class XmlParseError {
  constructor(readonly error: XmlError) {}
}

export function parseXml(input: string | Uint8Array, opts: ParseOptions = {}): ParseResult {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxDepth = opts.maxDepth ?? DEFAULT_MAX_DEPTH;
  let text: string;
  let young: boolean;
  if (typeof input === 'string') {
    // A JS string is already decoded; its length in UTF-16 units bounds its UTF-8 size from below.
    if (input.length > maxBytes) return sizeError(input.length, maxBytes);
    text = input;
    young = input.length <= YOUNG_TREE_MAX_BYTES;
  } else if (input instanceof Uint8Array) {
    if (input.byteLength > maxBytes) return sizeError(input.byteLength, maxBytes);
    // UTF-8 is read as bytes (decision 0153); anything else, and every error, takes the string path
    // a small document's tree is young (decision 0242), whichever parser reads it
    young = input.byteLength <= YOUNG_TREE_MAX_BYTES;
    const root = parseUtf8(input, maxDepth, young);
    if (root !== undefined) return { ok: true, root };
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
    return { ok: true, root: new Parser(text, maxDepth, young).parse() };
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
    /** Whether the tree is a young one (names.ts, YOUNG_TREE_MAX_BYTES) */
    private readonly young = false,
  ) {
    this.nextNl = s.indexOf('\n');
  }

  parse(): XmlElement {
    const s = this.s;
    this.prolog();
    let root: XmlElement | null = null;
    const stack: XmlElement[] = [];
    const scopes: NsScope[] = [];
    // the children of the open elements, element i's from starts[i] on (see closeChildren)
    const pending: XmlElement[] = [];
    const starts: number[] = [];
    let scope: NsScope = { xml: XML_NS };
    while (this.pos < s.length) {
      const lt = s.indexOf('<', this.pos);
      // never stack[-1]: a load that once saw the key -1 (outside the root element) turns megamorphic,
      // and the optimized loop then called the generic keyed load for every tag (decision 0267)
      const current = stack.length === 0 ? undefined : stack[stack.length - 1];
      if (lt !== this.pos) {
        const end = lt === -1 ? s.length : lt;
        if (current) {
          current.text += this.charData(this.pos, end);
        } else if (!isBlank(s, this.pos, end))
          this.fail(this.pos, root ? 'text after the root element' : 'text before the root element');
        this.pos = end;
        if (lt === -1) break;
      }
      const c = s.charCodeAt(lt + 1);
      if (c === 0x2f /* / */) {
        if (!current) this.fail(lt, 'a closing tag without an open element');
        this.endTag(current as XmlElement);
        const start = starts.pop() as number;
        closeChildren(current as XmlElement, pending, start, pending.length, false, this.young);
        pending.length = start;
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
    // a single attribute (not xmlns): its attributes object may be shared (sharedAttrs)
    let attrCount = 0;
    let onlyName = '';
    let onlyValue = '';
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
        attrCount++;
        onlyName = attrName;
        onlyValue = value;
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
    if (attrCount === 1) {
      const byValue = attrsByValue(internName(onlyName));
      if (byValue !== undefined) attrs = sharedAttrs(byValue, onlyValue, attrs);
    }
    this.position(lt);
    this.tagScope = scope;
    this.tagSelfClosing = selfClosing;
    return (this.young ? newYoungElement : newElement)(
      name,
      local,
      ns ?? '',
      attrs,
      this.atLine,
      this.atColumn,
      parent,
    );
  }

  /** The interned name of the text from start to end (nameEnd's hash told), sliced only when new */
  private elementName(start: number, end: number): string {
    const s = this.s;
    const known = NAMES_BY_HASH.get(this.nameHash);
    if (known !== undefined && known.length === end - start && s.startsWith(known, start)) return known;
    const name = internName(s.slice(start, end));
    // only interned names: a slice kept here would keep its whole document alive
    if (isInterned(name) && (NAMES_BY_HASH.size < MAX_NAMES || NAMES_BY_HASH.has(this.nameHash)))
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
    const t = this.s.slice(start, end);
    this.checkChars(t, start);
    this.valueStart = start;
    return charDataValue(t, this.failInValue);
  }

  private attrValue(raw: string, start: number): string {
    this.checkChars(raw, start);
    this.valueStart = start;
    return attributeValue(raw, this.failInValue);
  }

  /** Where the value being read starts, for failInValue (one function, not a closure per value) */
  private valueStart = 0;
  private readonly failInValue: FailAt = (at, message) => this.fail(this.valueStart + at, message);

  /** Characters XML 1.0 forbids anywhere (C0 controls but tab/LF/CR, U+FFFE, U+FFFF) */
  private checkChars(t: string, start: number): void {
    const bad = FORBIDDEN_CHAR.exec(t);
    if (bad) {
      const code = (bad[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
      this.fail(start + bad.index, `the character U+${code} is not allowed in XML`);
    }
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
