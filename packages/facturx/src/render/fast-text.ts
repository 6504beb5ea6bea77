/**
 * Single-line text without pdfkit's general text path. pdfkit's `text()` re-reads its options,
 * splits words and lays the string out three times per call (alignment width, encoding, cursor
 * advance); an invoice table makes thousands of such calls. This module writes the same operators
 * pdfkit writes for an unwrapped, unstyled line (same bytes: q, flip cm, BT, Tm, Tf, TJ, ET, Q),
 * lays each distinct string out once per document, and keeps the encoded TJ array for repeats
 * ("20 %", "HUR", "80,00"…). The glyphs still go through pdfkit's font (`encode`), so the subset,
 * the widths array and the ToUnicode map stay pdfkit's.
 * When the pdfkit internals this relies on are missing (another pdfkit version), it falls back to
 * `doc.text()` and `doc.widthOfString()`.
 */

interface GlyphPosition {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

/** The parts of pdfkit's EmbeddedFont used here (pdfkit 0.20) */
interface PdfkitFont {
  id: string;
  ascender: number;
  ref(): unknown;
  encode(text: string, features?: object): [string[], GlyphPosition[]];
  layout(text: string, features: undefined, onlyWidth: true): { advanceWidth: number };
}

/** The parts of pdfkit's document used here (pdfkit 0.20) */
interface PdfkitInternals {
  _font: PdfkitFont | undefined;
  _fontSize: number;
  x: number;
  y: number;
  page: PDFKit.PDFPage;
  addContent(data: string): unknown;
}

type Doc = PDFKit.PDFDocument & PdfkitInternals;

interface DocumentCache {
  /** font id + text → advance width in font units (1000 per em) */
  widths: Map<string, number>;
  /** font id + text → the TJ operator, for runs without glyph offsets */
  runs: Map<string, string>;
}

const caches = new WeakMap<PDFKit.PDFDocument, DocumentCache>();

function cacheOf(doc: PDFKit.PDFDocument): DocumentCache {
  let cache = caches.get(doc);
  if (!cache) {
    cache = { widths: new Map(), runs: new Map() };
    caches.set(doc, cache);
  }
  return cache;
}

function internals(doc: PDFKit.PDFDocument): Doc | undefined {
  const d = doc as Doc;
  const font = d._font;
  return font && typeof font.encode === 'function' && typeof font.layout === 'function' ? d : undefined;
}

/** pdfkit's number formatting in content streams (PDFObject.number) */
function num(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** Width of one line of text in the current font and size, as pdfkit's widthOfString computes it. */
export function widthOfLine(doc: PDFKit.PDFDocument, text: string): number {
  const d = internals(doc);
  if (!d?._font) return doc.widthOfString(text);
  const font = d._font;
  const cache = cacheOf(doc).widths;
  const key = `${font.id}\u0000${text}`;
  let advance = cache.get(key);
  if (advance === undefined) {
    advance = font.layout(text, undefined, true).advanceWidth;
    cache.set(key, advance);
  }
  // same arithmetic as pdfkit (font width × size/1000, no character spacing, 100 % scaling)
  return ((advance * (d._fontSize / 1000) + 0) * 100) / 100;
}

/** The TJ operators (and Tm for glyph offsets) of pdfkit's _fragment for `text` at baseline (x, y). */
function textOperators(
  font: PdfkitFont,
  size: number,
  text: string,
  x0: number,
  y: number,
  features?: object,
): string[] {
  const [encoded, positions] = font.encode(text, features);
  const scale = size / 1000;
  const out: string[] = [];
  const commands: string[] = [];
  let last = 0;
  let hadOffset = false;
  let x = x0;
  const addSegment = (cur: number) => {
    if (last < cur) {
      const hex = encoded.slice(last, cur).join('');
      const p = positions[cur - 1];
      const advance = p ? p.xAdvance - p.advanceWidth : 0;
      commands.push(`<${hex}> ${num(-advance)}`);
    }
    last = cur;
  };
  const flush = (i: number) => {
    addSegment(i);
    if (commands.length > 0) {
      out.push(`[${commands.join(' ')}] TJ`);
      commands.length = 0;
    }
  };
  let i = 0;
  for (; i < positions.length; i++) {
    const pos = positions[i] as GlyphPosition;
    if (pos.xOffset || pos.yOffset) {
      flush(i);
      out.push(`1 0 0 1 ${num(x + pos.xOffset * scale)} ${num(y + pos.yOffset * scale)} Tm`);
      flush(i + 1);
      hadOffset = true;
    } else {
      if (hadOffset) {
        out.push(`1 0 0 1 ${num(x)} ${num(y)} Tm`);
        hadOffset = false;
      }
      if (pos.xAdvance - pos.advanceWidth !== 0) addSegment(i + 1);
    }
    x += pos.xAdvance * scale;
  }
  flush(i);
  return out;
}

/** The current font's ascender (1000 units per em), to share one baseline across fonts */
export function currentAscender(doc: PDFKit.PDFDocument): number | undefined {
  return internals(doc)?._font?.ascender;
}

/**
 * Draws one line (no line break inside) with its top-left corner at (x, y), in the current font,
 * size and fill colour: the bytes pdfkit's `text(line, x, y, { lineBreak: false })` writes.
 * `ascender` (1000 units per em) places the baseline when several fonts share a line. `wholeRun`
 * shapes the text as one run: pdfkit otherwise lays it out word by word in logical order, which
 * puts the words of right-to-left text in the wrong order.
 */
export function drawLine(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  ascender?: number,
  wholeRun = false,
): void {
  const d = internals(doc);
  if (!d?._font || text.length === 0 || text.includes('\n')) {
    doc.text(text, x, y, { lineBreak: false });
    return;
  }
  const font = d._font;
  const size = d._fontSize;
  const pageHeight = d.page.height;
  const baseline = pageHeight - y - ((ascender ?? font.ascender) / 1000) * size;
  const fonts: Record<string, unknown> = d.page.fonts;
  if (fonts[font.id] == null) fonts[font.id] = font.ref();
  const cache = cacheOf(doc).runs;
  const key = `${font.id}\u0000${wholeRun ? 'w' : ''}${text}`;
  let tj = cache.get(key);
  if (tj === undefined) {
    // any features object makes pdfkit lay the text out in one piece (no extra feature is asked)
    const ops = textOperators(font, size, text, x, baseline, wholeRun ? {} : undefined);
    // a run with glyph offsets positions glyphs absolutely: only plain runs can be reused
    if (ops.length === 1) {
      tj = ops[0] as string;
      cache.set(key, tj);
    } else {
      tj = ops.join('\n');
    }
  }
  const body = tj ? `${tj}\n` : '';
  d.addContent(
    `q\n1 0 0 -1 0 ${num(pageHeight)} cm\nBT\n1 0 0 1 ${num(x)} ${num(baseline)} Tm\n/${font.id} ${num(size)} Tf\n${body}ET\nQ`,
  );
  // pdfkit leaves its cursor after the text
  d.x = x + widthOfLine(doc, text);
  d.y = y;
}
