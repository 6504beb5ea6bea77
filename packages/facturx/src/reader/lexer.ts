/**
 * Parses PDF objects from bytes (ISO 32000-1 §7.2–7.3). Never throws: a malformed token ends the
 * object with a `PdfSyntaxError` the caller turns into a finding. Nesting is bounded so that a
 * hostile `[[[[…` cannot exhaust the stack.
 */
import { PdfDict, PdfName, type PdfObject, PdfRef, PdfStream, PdfString } from './objects.js';

export class PdfSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const MAX_DEPTH = 64;

function isWhite(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0x0c || c === 0x00;
}

function isDelimiter(c: number): boolean {
  return (
    c === 0x28 ||
    c === 0x29 ||
    c === 0x3c ||
    c === 0x3e ||
    c === 0x5b ||
    c === 0x5d ||
    c === 0x7b ||
    c === 0x7d ||
    c === 0x2f ||
    c === 0x25
  );
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** Resolves a stream's /Length when it is an indirect reference */
export type LengthResolver = (ref: PdfRef) => number | undefined;

export class Lexer {
  pos: number;

  constructor(
    readonly bytes: Uint8Array,
    start = 0,
    private readonly resolveLength?: LengthResolver,
  ) {
    this.pos = start;
  }

  skipWhite(): void {
    const b = this.bytes;
    while (this.pos < b.length) {
      const c = b[this.pos]!;
      if (isWhite(c)) this.pos++;
      else if (c === 0x25) {
        while (this.pos < b.length && b[this.pos] !== 0x0a && b[this.pos] !== 0x0d) this.pos++;
      } else break;
    }
  }

  /** Reads a regular token (keyword or number) without consuming delimiters */
  word(): string {
    this.skipWhite();
    const b = this.bytes;
    const start = this.pos;
    while (this.pos < b.length && !isWhite(b[this.pos]!) && !isDelimiter(b[this.pos]!)) this.pos++;
    let s = '';
    for (let i = start; i < this.pos; i++) s += String.fromCharCode(b[i]!);
    return s;
  }

  /** Peeks whether the next regular token equals `kw` (does not consume) */
  peekWord(kw: string): boolean {
    const save = this.pos;
    const w = this.word();
    this.pos = save;
    return w === kw;
  }

  /** Parses `N G obj <object> endobj` at the current position */
  indirectObject(): { num: number; gen: number; value: PdfObject } {
    const num = Number(this.word());
    const gen = Number(this.word());
    const kw = this.word();
    if (!Number.isInteger(num) || !Number.isInteger(gen) || kw !== 'obj') {
      throw new PdfSyntaxError('expected "N G obj"', this.pos);
    }
    const value = this.value(0);
    return { num, gen, value };
  }

  value(depth: number): PdfObject {
    if (depth > MAX_DEPTH) throw new PdfSyntaxError('objects nested too deeply', this.pos);
    this.skipWhite();
    const b = this.bytes;
    if (this.pos >= b.length) throw new PdfSyntaxError('unexpected end of file', this.pos);
    const c = b[this.pos]!;
    if (c === 0x2f) return this.name();
    if (c === 0x28) return this.literalString();
    if (c === 0x3c) {
      if (b[this.pos + 1] === 0x3c) return this.dictOrStream(depth);
      return this.hexString();
    }
    if (c === 0x5b) {
      this.pos++;
      const arr: PdfObject[] = [];
      for (;;) {
        this.skipWhite();
        if (this.pos >= b.length) throw new PdfSyntaxError('unterminated array', this.pos);
        if (b[this.pos] === 0x5d) {
          this.pos++;
          return arr;
        }
        arr.push(this.value(depth + 1));
      }
    }
    const w = this.word();
    if (w === '') {
      this.pos++;
      throw new PdfSyntaxError(`unexpected character ${String.fromCharCode(c)}`, this.pos - 1);
    }
    if (w === 'true') return true;
    if (w === 'false') return false;
    if (w === 'null') return null;
    const n = Number(w);
    if (Number.isNaN(n)) throw new PdfSyntaxError(`unexpected token ${w.slice(0, 20)}`, this.pos);
    // `num gen R` is a reference
    if (Number.isInteger(n) && n >= 0) {
      const save = this.pos;
      const g = this.word();
      if (g !== '' && isDigit(g.charCodeAt(0)) && Number.isInteger(Number(g))) {
        const r = this.word();
        if (r === 'R') return new PdfRef(n, Number(g));
      }
      this.pos = save;
    }
    return n;
  }

  private name(): PdfName {
    const b = this.bytes;
    this.pos++;
    let s = '';
    while (this.pos < b.length && !isWhite(b[this.pos]!) && !isDelimiter(b[this.pos]!)) {
      const c = b[this.pos]!;
      if (c === 0x23 && this.pos + 2 < b.length) {
        const hex = Number.parseInt(String.fromCharCode(b[this.pos + 1]!, b[this.pos + 2]!), 16);
        if (!Number.isNaN(hex)) {
          s += String.fromCharCode(hex);
          this.pos += 3;
          continue;
        }
      }
      s += String.fromCharCode(c);
      this.pos++;
    }
    return new PdfName(s);
  }

  private literalString(): PdfString {
    const b = this.bytes;
    this.pos++;
    const out: number[] = [];
    let depth = 1;
    while (this.pos < b.length) {
      const c = b[this.pos++]!;
      if (c === 0x5c) {
        const e = b[this.pos++];
        if (e === undefined) break;
        if (e === 0x6e) out.push(0x0a);
        else if (e === 0x72) out.push(0x0d);
        else if (e === 0x74) out.push(0x09);
        else if (e === 0x62) out.push(0x08);
        else if (e === 0x66) out.push(0x0c);
        else if (e === 0x0d) {
          if (b[this.pos] === 0x0a) this.pos++;
        } else if (e === 0x0a) {
          // line continuation
        } else if (e >= 0x30 && e <= 0x37) {
          let v = e - 0x30;
          for (let k = 0; k < 2 && b[this.pos]! >= 0x30 && b[this.pos]! <= 0x37; k++)
            v = v * 8 + (b[this.pos++]! - 0x30);
          out.push(v & 0xff);
        } else out.push(e);
      } else if (c === 0x28) {
        depth++;
        out.push(c);
      } else if (c === 0x29) {
        depth--;
        if (depth === 0) return new PdfString(Uint8Array.from(out));
        out.push(c);
      } else out.push(c);
    }
    throw new PdfSyntaxError('unterminated string', this.pos);
  }

  private hexString(): PdfString {
    const b = this.bytes;
    this.pos++;
    const out: number[] = [];
    let hi = -1;
    while (this.pos < b.length) {
      const c = b[this.pos++]!;
      if (c === 0x3e) {
        if (hi >= 0) out.push(hi << 4);
        return new PdfString(Uint8Array.from(out));
      }
      const v =
        c >= 0x30 && c <= 0x39
          ? c - 0x30
          : c >= 0x41 && c <= 0x46
            ? c - 55
            : c >= 0x61 && c <= 0x66
              ? c - 87
              : -1;
      if (v < 0) continue;
      if (hi < 0) hi = v;
      else {
        out.push((hi << 4) | v);
        hi = -1;
      }
    }
    throw new PdfSyntaxError('unterminated hex string', this.pos);
  }

  private dictOrStream(depth: number): PdfDict | PdfStream {
    const b = this.bytes;
    this.pos += 2;
    const entries = new Map<string, PdfObject>();
    for (;;) {
      this.skipWhite();
      if (this.pos >= b.length) throw new PdfSyntaxError('unterminated dictionary', this.pos);
      if (b[this.pos] === 0x3e && b[this.pos + 1] === 0x3e) {
        this.pos += 2;
        break;
      }
      if (b[this.pos] !== 0x2f) throw new PdfSyntaxError('dictionary key is not a name', this.pos);
      const key = this.name().name;
      entries.set(key, this.value(depth + 1));
    }
    const dict = new PdfDict(entries);
    const save = this.pos;
    if (this.word() !== 'stream') {
      this.pos = save;
      return dict;
    }
    // `stream` is followed by CRLF or LF (tolerate a lone CR)
    if (b[this.pos] === 0x0d) this.pos++;
    if (b[this.pos] === 0x0a) this.pos++;
    const start = this.pos;
    let length = dict.get('Length');
    if (length instanceof PdfRef) length = this.resolveLength?.(length) ?? null;
    let end = -1;
    if (typeof length === 'number' && length >= 0 && start + length <= b.length) {
      const probe = new Lexer(b, start + length);
      if (probe.word() === 'endstream') {
        end = start + length;
        this.pos = probe.pos;
      }
    }
    if (end < 0) {
      end = indexOf(b, ENDSTREAM, start);
      if (end < 0) throw new PdfSyntaxError('stream without endstream', start);
      this.pos = end + ENDSTREAM.length;
      // the EOL before endstream is not data
      if (end > start && b[end - 1] === 0x0a) end--;
      if (end > start && b[end - 1] === 0x0d) end--;
    }
    return new PdfStream(dict, b.subarray(start, end));
  }
}

const ENDSTREAM = Uint8Array.from('endstream', (ch) => ch.charCodeAt(0));

/** First index of `needle` in `hay` at or after `from`, -1 when absent */
export function indexOf(hay: Uint8Array, needle: Uint8Array, from = 0): number {
  const first = needle[0]!;
  const last = hay.length - needle.length;
  outer: for (let i = hay.indexOf(first, from); i !== -1 && i <= last; i = hay.indexOf(first, i + 1)) {
    for (let k = 1; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

/** Last index of `needle` in `hay` at or before `from` */
export function lastIndexOf(hay: Uint8Array, needle: Uint8Array, from = hay.length - needle.length): number {
  const first = needle[0]!;
  outer: for (
    let i = hay.lastIndexOf(first, from);
    i !== -1;
    i = i > 0 ? hay.lastIndexOf(first, i - 1) : -1
  ) {
    if (i + needle.length > hay.length) continue;
    for (let k = 1; k < needle.length; k++) if (hay[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

export function ascii(s: string): Uint8Array {
  return Uint8Array.from(s, (ch) => ch.charCodeAt(0));
}
