/**
 * The PDF object model of our light reader (ISO 32000-1 §7.3): just enough to walk a document's
 * catalog, name trees, pages, fonts and metadata without loading or rewriting the whole file.
 */
export class PdfName {
  constructor(readonly name: string) {}
}

export class PdfString {
  constructor(readonly bytes: Uint8Array) {}

  /** Text string: UTF-16BE with BOM, UTF-8 with BOM (PDF 2.0), else PDFDocEncoding (≈ Latin-1 here) */
  text(): string {
    const b = this.bytes;
    if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) {
      let s = '';
      for (let i = 2; i + 1 < b.length; i += 2) s += String.fromCharCode((b[i]! << 8) | b[i + 1]!);
      return s;
    }
    if (b.length >= 3 && b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) {
      return new TextDecoder().decode(b.subarray(3));
    }
    let s = '';
    for (const c of b) s += String.fromCharCode(c);
    return s;
  }
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
  key(): string {
    return `${this.num} ${this.gen}`;
  }
}

export class PdfDict {
  constructor(readonly entries: Map<string, PdfObject> = new Map()) {}
  get(key: string): PdfObject | undefined {
    return this.entries.get(key);
  }
  has(key: string): boolean {
    return this.entries.has(key);
  }
}

export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    /** The raw (still encoded) bytes between `stream` and `endstream` */
    readonly raw: Uint8Array,
  ) {}
}

export type PdfObject =
  | null
  | boolean
  | number
  | PdfName
  | PdfString
  | PdfRef
  | PdfDict
  | PdfStream
  | PdfObject[];

export function nameOf(o: PdfObject | undefined): string | undefined {
  return o instanceof PdfName ? o.name : undefined;
}

export function numberOf(o: PdfObject | undefined): number | undefined {
  return typeof o === 'number' ? o : undefined;
}

export function textOf(o: PdfObject | undefined): string | undefined {
  return o instanceof PdfString ? o.text() : undefined;
}

export function dictOf(o: PdfObject | undefined): PdfDict | undefined {
  if (o instanceof PdfDict) return o;
  if (o instanceof PdfStream) return o.dict;
  return undefined;
}

export function arrayOf(o: PdfObject | undefined): PdfObject[] | undefined {
  return Array.isArray(o) ? o : undefined;
}
