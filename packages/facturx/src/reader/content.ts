/**
 * Which glyphs a page shows: a content-stream scan (ISO 32000-1 §9.4) that follows the text font
 * (Tf, saved and restored by q/Q) and collects the string operands of the text-showing operators
 * (Tj, TJ, ' and "), per font dictionary, through form XObjects. Bounded: content bytes, operators
 * and XObject depth, so a hostile file cannot make preflight loop.
 */
import type { PdfFile } from './document.js';
import { Lexer } from './lexer.js';
import { nameOf, type PdfDict, type PdfObject, PdfRef, PdfStream, PdfString } from './objects.js';

export interface ShownText {
  /** The font dictionary the strings were shown with, and its resource name */
  font: PdfDict;
  key: string;
  /** Byte strings as they appear in the content (codes, not text) */
  strings: Uint8Array[];
}

export interface ContentLimits {
  maxBytes: number;
  maxOperators: number;
  maxDepth: number;
}

export const CONTENT_LIMITS: ContentLimits = {
  maxBytes: 64 * 1024 * 1024,
  maxOperators: 5_000_000,
  maxDepth: 12,
};

interface Budget {
  bytes: number;
  operators: number;
  truncated: boolean;
}

const OPERAND_START = new Set([0x2f, 0x28, 0x3c, 0x5b, 0x2b, 0x2d, 0x2e]);

/** Index after the regular token starting at `at` (up to whitespace or a delimiter) */
function endOfToken(b: Uint8Array, at: number): number {
  let i = at;
  while (i < b.length) {
    const c = b[i]!;
    if (c <= 0x20 || c === 0x28 || c === 0x29 || c === 0x3c || c === 0x3e || c === 0x5b || c === 0x5d) break;
    if (c === 0x7b || c === 0x7d || c === 0x2f || c === 0x25) break;
    i++;
  }
  return i;
}

function isNumberStart(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;
}

function isOperandStart(c: number): boolean {
  return OPERAND_START.has(c) || (c >= 0x30 && c <= 0x39);
}

/** Skips an inline image's data: from after `ID` to the `EI` that follows whitespace */
function skipInlineImage(lexer: Lexer): void {
  const b = lexer.bytes;
  let i = lexer.pos + 1;
  while (i + 2 < b.length) {
    const ws = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
    if (ws(b[i - 1]!) && b[i] === 0x45 && b[i + 1] === 0x49 && (i + 2 >= b.length || ws(b[i + 2]!))) {
      lexer.pos = i + 2;
      return;
    }
    i++;
  }
  lexer.pos = b.length;
}

export class ContentScanner {
  /** font dictionary → the strings shown with it */
  readonly shown = new Map<PdfDict, ShownText>();
  private readonly budget: Budget;

  constructor(
    private readonly file: PdfFile,
    private readonly limits: ContentLimits = CONTENT_LIMITS,
  ) {
    this.budget = { bytes: 0, operators: 0, truncated: false };
  }

  get truncated(): boolean {
    return this.budget.truncated;
  }

  /** Scans a page (its /Contents stream or array) with its resources */
  scanPage(contents: PdfObject | undefined, resources: PdfObject | undefined): void {
    const c = this.file.deref(contents);
    const parts = Array.isArray(c) ? c : [contents];
    const chunks: Uint8Array[] = [];
    for (const part of parts) {
      const s = this.file.deref(part);
      if (s instanceof PdfStream) {
        const bytes = this.decode(s);
        if (bytes) chunks.push(bytes, Uint8Array.of(0x0a));
      }
    }
    let size = 0;
    for (const ch of chunks) size += ch.length;
    const all = new Uint8Array(size);
    let at = 0;
    for (const ch of chunks) {
      all.set(ch, at);
      at += ch.length;
    }
    this.scan(all, resources, 0, new Set());
  }

  private decode(s: PdfStream): Uint8Array | undefined {
    try {
      const bytes = this.file.decode(s);
      this.budget.bytes += bytes.length;
      if (this.budget.bytes > this.limits.maxBytes) {
        this.budget.truncated = true;
        return undefined;
      }
      return bytes;
    } catch {
      return undefined; // an undecodable stream is reported by other checks, if at all
    }
  }

  private scan(
    bytes: Uint8Array,
    resourcesObj: PdfObject | undefined,
    depth: number,
    forms: Set<string>,
  ): void {
    const resources = this.file.dict(resourcesObj);
    const fonts = this.file.dict(resources?.get('Font'));
    const xobjects = this.file.dict(resources?.get('XObject'));
    const lexer = new Lexer(bytes);
    const operands: PdfObject[] = [];
    let font: { dict: PdfDict; key: string } | undefined;
    const saved: (typeof font)[] = [];
    const show = (o: PdfObject | undefined) => {
      if (!font) return;
      let entry = this.shown.get(font.dict);
      if (!entry) {
        entry = { font: font.dict, key: font.key, strings: [] };
        this.shown.set(font.dict, entry);
      }
      if (o instanceof PdfString) entry.strings.push(o.bytes);
      else if (Array.isArray(o)) for (const x of o) if (x instanceof PdfString) entry.strings.push(x.bytes);
    };
    for (;;) {
      if (++this.budget.operators > this.limits.maxOperators) {
        this.budget.truncated = true;
        return;
      }
      lexer.skipWhite();
      if (lexer.pos >= bytes.length) return;
      const c = bytes[lexer.pos]!;
      try {
        if (isNumberStart(c)) {
          // numbers are most of a content stream and never matter here: skip the token, keep a placeholder
          lexer.pos = endOfToken(bytes, lexer.pos);
          operands.push(0);
          continue;
        }
        if (isOperandStart(c)) {
          operands.push(lexer.value(0));
          continue;
        }
      } catch {
        return; // malformed content: what was read so far is what we judge
      }
      const op = lexer.word();
      if (op === '') {
        lexer.pos++;
        operands.length = 0;
        continue;
      }
      switch (op) {
        case 'Tf': {
          const name = nameOf(operands[operands.length - 2]);
          const dict = name ? this.file.dict(fonts?.get(name)) : undefined;
          font = dict && name ? { dict, key: name } : undefined;
          break;
        }
        case 'q':
          if (saved.length < 1000) saved.push(font);
          break;
        case 'Q':
          if (saved.length > 0) font = saved.pop();
          break;
        case 'Tj':
        case "'":
        case 'TJ':
          show(operands[operands.length - 1]);
          break;
        case '"':
          show(operands[2]);
          break;
        case 'Do': {
          const name = nameOf(operands[operands.length - 1]);
          const ref = name ? xobjects?.get(name) : undefined;
          const key = ref instanceof PdfRef ? ref.key() : undefined;
          const xo = this.file.deref(ref);
          if (
            xo instanceof PdfStream &&
            nameOf(xo.dict.get('Subtype')) === 'Form' &&
            depth < this.limits.maxDepth &&
            !(key && forms.has(key))
          ) {
            const inner = this.decode(xo);
            const nested = new Set(forms);
            if (key) nested.add(key);
            // a form without resources uses its page's (ISO 32000-1 7.8.3)
            if (inner) this.scan(inner, xo.dict.get('Resources') ?? resourcesObj, depth + 1, nested);
          }
          break;
        }
        case 'ID':
          skipInlineImage(lexer);
          break;
        default:
          break;
      }
      operands.length = 0;
    }
  }
}
