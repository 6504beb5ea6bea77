/**
 * A read-only view of a PDF file: cross-reference tables and streams (with /Prev chains and
 * hybrid /XRefStm), object streams, and a rebuild by scanning `N G obj` headers when the xref is
 * broken (truncated or edited files). Objects are parsed lazily on first access and cached.
 * Every limit is explicit so hostile files end in a problem list, not a hang.
 */
import { decodeStream, type Resolve } from './filters.js';
import { ascii, indexOf, Lexer, lastIndexOf } from './lexer.js';
import { arrayOf, dictOf, nameOf, numberOf, PdfDict, type PdfObject, PdfRef, PdfStream } from './objects.js';

export interface ReaderLimits {
  /** Largest file accepted (default 50 MiB) */
  maxFileBytes: number;
  /** Largest decoded stream (default 64 MiB) */
  maxStreamBytes: number;
  /** Maximum xref sections followed through /Prev */
  maxXrefSections: number;
}

export const DEFAULT_LIMITS: ReaderLimits = {
  maxFileBytes: 50 * 1024 * 1024,
  maxStreamBytes: 64 * 1024 * 1024,
  maxXrefSections: 64,
};

type XrefEntry = { type: 1; offset: number } | { type: 2; stream: number; index: number };

export interface ReaderProblem {
  code: 'PDF-HEADER' | 'PDF-XREF' | 'PDF-OBJECT' | 'PDF-STREAM' | 'PDF-SIZE';
  message: string;
}

export class PdfFile {
  readonly problems: ReaderProblem[] = [];
  readonly xref = new Map<number, XrefEntry>();
  trailer = new PdfDict();
  /** Header version, e.g. "1.7", when the file starts with %PDF-x.y */
  version: string | undefined;
  headerOffset = -1;
  /** true when the xref had to be rebuilt by scanning */
  rebuilt = false;
  private readonly cache = new Map<number, PdfObject>();
  private readonly resolving = new Set<number>();
  private readonly objStreams = new Map<
    number,
    { offsets: number[]; data: Uint8Array; first: number } | null
  >();
  readonly resolve: Resolve = (o) => (o instanceof PdfRef ? this.get(o.num) : o);

  constructor(
    readonly bytes: Uint8Array,
    readonly limits: ReaderLimits = DEFAULT_LIMITS,
  ) {
    const head = indexOf(bytes.subarray(0, 1024), ascii('%PDF-'));
    if (head >= 0) {
      this.headerOffset = head;
      let v = '';
      for (let i = head + 5; i < head + 12 && i < bytes.length; i++) {
        const c = bytes[i]!;
        if ((c >= 0x30 && c <= 0x39) || c === 0x2e) v += String.fromCharCode(c);
        else break;
      }
      this.version = v || undefined;
    }
    if (!this.readXrefChain()) this.rebuild();
  }

  private problem(code: ReaderProblem['code'], message: string): void {
    if (this.problems.length < 50) this.problems.push({ code, message });
  }

  private readXrefChain(): boolean {
    const b = this.bytes;
    const sx = lastIndexOf(b, ascii('startxref'), b.length - 9);
    if (sx < 0 || sx < b.length - 4096) {
      this.problem('PDF-XREF', 'no startxref near the end of the file (truncated?)');
      return false;
    }
    const lx = new Lexer(b, sx + 9);
    let offset = Number(lx.word());
    const seen = new Set<number>();
    let first = true;
    try {
      while (Number.isInteger(offset) && offset >= 0) {
        if (seen.has(offset) || seen.size >= this.limits.maxXrefSections) {
          this.problem('PDF-XREF', 'cyclic or overlong /Prev chain of cross-reference sections');
          break;
        }
        seen.add(offset);
        // offsets count from the %PDF header; files with bytes before it are repaired by the rebuild
        const trailer = this.readXrefSection(offset);
        if (!trailer) return false;
        if (first) {
          this.trailer = trailer;
          first = false;
        }
        const prev = numberOf(trailer.get('Prev'));
        if (prev === undefined) break;
        offset = prev;
      }
    } catch (e) {
      this.problem('PDF-XREF', `cross-reference section unreadable: ${(e as Error).message}`);
      return false;
    }
    return !first && this.trailer.has('Root');
  }

  /** Reads one xref table or stream at `offset`; returns its trailer dictionary */
  private readXrefSection(offset: number): PdfDict | undefined {
    const lx = new Lexer(this.bytes, offset);
    if (lx.peekWord('xref')) {
      lx.word();
      for (;;) {
        const save = lx.pos;
        const w = lx.word();
        if (w === 'trailer') break;
        const start = Number(w);
        const count = Number(lx.word());
        if (!Number.isInteger(start) || !Number.isInteger(count) || count < 0 || count > 10_000_000) {
          lx.pos = save;
          this.problem('PDF-XREF', 'malformed xref table');
          return undefined;
        }
        for (let i = 0; i < count; i++) {
          const off = Number(lx.word());
          lx.word(); // generation
          const kind = lx.word();
          if (kind === 'n' && !this.xref.has(start + i) && off > 0)
            this.xref.set(start + i, { type: 1, offset: off });
          else if (kind !== 'n' && kind !== 'f') {
            this.problem('PDF-XREF', 'malformed xref entry');
            return undefined;
          }
        }
      }
      const trailer = dictOf(lx.value(0));
      if (!trailer) return undefined;
      const stm = numberOf(trailer.get('XRefStm'));
      if (stm !== undefined) this.readXrefSection(stm);
      return trailer;
    }
    const obj = lx.indirectObject();
    if (!(obj.value instanceof PdfStream) || nameOf(obj.value.dict.get('Type')) !== 'XRef') {
      this.problem('PDF-XREF', 'startxref does not point at a cross-reference section');
      return undefined;
    }
    this.readXrefStream(obj.value);
    return obj.value.dict;
  }

  private readXrefStream(s: PdfStream): void {
    const w = (arrayOf(s.dict.get('W')) ?? []).map((x) => numberOf(x) ?? 0);
    const size = numberOf(s.dict.get('Size')) ?? 0;
    const index = (arrayOf(s.dict.get('Index')) ?? [0, size]).map((x) => numberOf(x) ?? 0);
    const data = decodeStream(s, this.resolve, this.limits.maxStreamBytes);
    const [w0 = 1, w1 = 0, w2 = 0] = w;
    const rowLen = w0 + w1 + w2;
    if (rowLen <= 0) throw new Error('bad /W');
    let p = 0;
    const field = (width: number, dflt: number) => {
      if (width === 0) return dflt;
      let v = 0;
      for (let k = 0; k < width; k++) v = v * 256 + (data[p++] ?? 0);
      return v;
    };
    for (let i = 0; i + 1 < index.length; i += 2) {
      const start = index[i]!;
      const count = index[i + 1]!;
      for (let j = 0; j < count && p + rowLen <= data.length; j++) {
        const type = field(w0, 1);
        const f2 = field(w1, 0);
        const f3 = field(w2, 0);
        const num = start + j;
        if (this.xref.has(num)) continue;
        if (type === 1) this.xref.set(num, { type: 1, offset: f2 });
        else if (type === 2) this.xref.set(num, { type: 2, stream: f2, index: f3 });
      }
    }
  }

  /** Rebuilds the xref by scanning for `N G obj`; the trailer is the last one found (or an XRef stream's dict) */
  private rebuild(): void {
    this.rebuilt = true;
    this.xref.clear();
    const b = this.bytes;
    const objKw = ascii('obj');
    let trailerFound = false;
    for (let i = indexOf(b, objKw); i >= 0; i = indexOf(b, objKw, i + 3)) {
      // walk back over "N G " before "obj"
      let j = i - 1;
      while (j >= 0 && b[j] === 0x20) j--;
      const genEnd = j + 1;
      while (j >= 0 && b[j]! >= 0x30 && b[j]! <= 0x39) j--;
      if (j + 1 === genEnd) continue;
      const gen = genEnd;
      while (j >= 0 && b[j] === 0x20) j--;
      const numEnd = j + 1;
      while (j >= 0 && b[j]! >= 0x30 && b[j]! <= 0x39) j--;
      if (j + 1 === numEnd || numEnd === gen) continue;
      let num = 0;
      for (let k = j + 1; k < numEnd; k++) num = num * 10 + (b[k]! - 0x30);
      this.xref.set(num, { type: 1, offset: j + 1 });
    }
    for (let t = lastIndexOf(b, ascii('trailer')); t >= 0 && !trailerFound; t = -1) {
      try {
        const d = dictOf(new Lexer(b, t + 7).value(0));
        if (d?.has('Root')) {
          this.trailer = d;
          trailerFound = true;
        }
      } catch {
        // fall through to xref streams
      }
    }
    if (!trailerFound) {
      for (const [num] of this.xref) {
        const o = this.get(num);
        if (o instanceof PdfStream && o.dict.has('Root') && nameOf(o.dict.get('Type')) === 'XRef') {
          this.trailer = o.dict;
          trailerFound = true;
        }
      }
    }
    // objects inside object streams are not visible to the scan: index them now
    for (const [num] of [...this.xref]) {
      const o = this.get(num);
      if (o instanceof PdfStream && nameOf(o.dict.get('Type')) === 'ObjStm') this.indexObjectStream(num);
    }
    if (!trailerFound) {
      // last resort: a catalog object
      for (const [num] of this.xref) {
        const d = dictOf(this.get(num));
        if (d && nameOf(d.get('Type')) === 'Catalog') {
          this.trailer = new PdfDict(new Map([['Root', new PdfRef(num, 0)]]));
          break;
        }
      }
    }
    if (this.xref.size === 0) this.problem('PDF-XREF', 'no PDF objects found');
  }

  private indexObjectStream(num: number): void {
    const os = this.objectStream(num);
    if (!os) return;
    for (let i = 0; i < os.offsets.length / 2; i++) {
      const n = os.offsets[2 * i]!;
      if (!this.xref.has(n)) this.xref.set(n, { type: 2, stream: num, index: i });
    }
  }

  private objectStream(num: number): { offsets: number[]; data: Uint8Array; first: number } | null {
    if (this.objStreams.has(num)) return this.objStreams.get(num) ?? null;
    this.objStreams.set(num, null);
    const s = this.get(num);
    if (!(s instanceof PdfStream)) return null;
    try {
      const data = decodeStream(s, this.resolve, this.limits.maxStreamBytes);
      const n = numberOf(s.dict.get('N')) ?? 0;
      const first = numberOf(s.dict.get('First')) ?? 0;
      const lx = new Lexer(data);
      const offsets: number[] = [];
      for (let i = 0; i < 2 * n && i < 2_000_000; i++) offsets.push(Number(lx.word()));
      const os = { offsets, data, first };
      this.objStreams.set(num, os);
      return os;
    } catch (e) {
      this.problem('PDF-STREAM', `object stream ${num} unreadable: ${(e as Error).message}`);
      return null;
    }
  }

  /** The object numbered `num`, or undefined when absent or unreadable (recorded in problems) */
  get(num: number): PdfObject | undefined {
    if (this.cache.has(num)) return this.cache.get(num);
    const entry = this.xref.get(num);
    if (!entry || this.resolving.has(num)) return undefined;
    this.resolving.add(num);
    let value: PdfObject | undefined;
    try {
      if (entry.type === 1) {
        const lengthOf = (r: PdfRef) => {
          const v = this.get(r.num);
          return typeof v === 'number' ? v : undefined;
        };
        const lx = new Lexer(this.bytes, entry.offset, lengthOf);
        value = lx.indirectObject().value;
      } else {
        const os = this.objectStream(entry.stream);
        const off = os?.offsets[2 * entry.index + 1];
        if (os && off !== undefined) value = new Lexer(os.data, os.first + off).value(0);
      }
    } catch (e) {
      this.problem('PDF-OBJECT', `object ${num} unreadable: ${(e as Error).message}`);
    }
    this.resolving.delete(num);
    if (value !== undefined) this.cache.set(num, value);
    return value;
  }

  /** Resolves references until a direct object, following at most a few hops */
  deref(o: PdfObject | undefined): PdfObject | undefined {
    let cur = o;
    for (let i = 0; i < 8 && cur instanceof PdfRef; i++) cur = this.get(cur.num);
    return cur instanceof PdfRef ? undefined : cur;
  }

  dict(o: PdfObject | undefined): PdfDict | undefined {
    return dictOf(this.deref(o));
  }

  catalog(): PdfDict | undefined {
    return this.dict(this.trailer.get('Root'));
  }

  decode(s: PdfStream): Uint8Array {
    return decodeStream(s, this.resolve, this.limits.maxStreamBytes);
  }
}
