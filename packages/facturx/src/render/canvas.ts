/**
 * The drawing surface the invoice blocks share: page geometry, fonts, colours, and the cursor `y`.
 * Blocks ask `ensureSpace()` before drawing so pagination is decided in one place; pdfkit's own
 * automatic page breaks are disabled (zero bottom margin, clipped text heights).
 */
import type { Invoice } from '@einv/core-model';
import { currentAscender, drawLine, widthOfLine } from './fast-text.js';
import type { FontChain, TextRun } from './font-chain.js';
import type { Labels, Lang } from './labels.js';

export const PAGE = { width: 595.28, height: 841.89, margin: 42, footer: 30 };
/** RGB triples (pdfkit parses colour strings on every call; arrays skip that) */
export type Rgb = [number, number, number];
export const COLORS: Record<'text' | 'muted' | 'accent' | 'rule' | 'fill' | 'white', Rgb> = {
  text: [31, 41, 51],
  muted: [95, 107, 122],
  accent: [31, 58, 95],
  rule: [201, 209, 219],
  fill: [238, 242, 247],
  white: [255, 255, 255],
};

export interface Canvas {
  doc: PDFKit.PDFDocument;
  invoice: Invoice;
  lang: Lang;
  l: Labels;
  fonts: { regular: string; bold: string };
  /** Which font draws which character (fallback chain, substitutes) */
  chain: FontChain;
  /** Cursor: top of the next block */
  y: number;
  left: number;
  right: number;
  width: number;
  /** Lowest y a block may reach (above the footer) */
  bottom: number;
  /** Called after a page break, e.g. to repeat a table header */
  onNewPage?: (() => void) | undefined;
}

export interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: Rgb;
  align?: 'left' | 'right' | 'center';
  /** Clip the text to this height (with an ellipsis) */
  maxHeight?: number;
}

/** Longest text printed for one field: keeps hostile inputs from producing thousands of pages per cell. */
const MAX_CHARS = 1500;

/** Text to print: model values typed as strings may hold anything at run time (JSON input). */
function clip(value: unknown): string {
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number'
        ? String(value)
        : (JSON.stringify(value) ?? '');
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text;
}

function style(c: Canvas, s: TextStyle): void {
  c.doc
    .font(s.bold ? c.fonts.bold : c.fonts.regular)
    .fontSize(s.size ?? 8.5)
    .fillColor(s.color ?? COLORS.text);
}

const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/** Selects a font of the chain, registering it in the document the first time (pdfkit embeds it once used) */
function useFont(c: Canvas, name: string, size: number): void {
  let names = registered.get(c.doc);
  if (!names) {
    names = new Set([c.fonts.regular, c.fonts.bold]);
    registered.set(c.doc, names);
  }
  if (!names.has(name)) {
    const font = c.chain.fontkitFont(name);
    if (!font) throw new Error(`font ${name} is not in the chain`);
    // pdfkit accepts any object with a layout() function as a font source; its types only list bytes.
    c.doc.registerFont(name, font as unknown as PDFKit.Mixins.PDFFontSource);
    names.add(name);
  }
  c.doc.font(name).fontSize(size);
}

interface MeasuredRun extends TextRun {
  width: number;
}

interface MeasuredLine {
  runs: MeasuredRun[];
  width: number;
}

/** The runs of a one-line text with their widths; leaves the style's own font selected. */
function measureLine(c: Canvas, line: string, s: TextStyle): MeasuredLine {
  const size = s.size ?? 8.5;
  const runs: MeasuredRun[] = [];
  let width = 0;
  for (const run of c.chain.layout(line, s.bold).runs) {
    useFont(c, run.font, size);
    const w = widthOfLine(c.doc, run.text);
    runs.push({ ...run, width: w });
    width += w;
  }
  c.doc.font(s.bold ? c.fonts.bold : c.fonts.regular).fontSize(size);
  return { runs, width };
}

/**
 * Scripts whose glyphs are reordered or merged by shaping (right-to-left, Indic and Thai vowels,
 * conjuncts): text extraction from the glyphs alone would scramble them, so their runs carry the
 * logical text as /ActualText (ISO 32000 14.9.4), which pdftotext and screen readers use.
 */
const SHAPED =
  /[^\p{sc=Latin}\p{sc=Greek}\p{sc=Cyrillic}\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Common}\p{sc=Inherited}]/u;

/** A PDF text string (UTF-16BE with a byte order mark) as a hex string */
function pdfTextHex(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return `<${hex}>`;
}

/**
 * True when every line is drawn as given by the style's own font alone (the common, fast case):
 * no fallback font, no substitute, no dropped joiner, no shaped script.
 */
function singleFont(c: Canvas, text: string, s: TextStyle): boolean {
  const own = s.bold ? c.fonts.bold : c.fonts.regular;
  if (SHAPED.test(text)) return false;
  for (const line of text.split('\n')) {
    const { runs } = c.chain.layout(line, s.bold);
    if (runs.length > 1) return false;
    if (runs.length === 1 ? runs[0]!.font !== own || runs[0]!.text !== line : line !== '') return false;
  }
  return true;
}

/** Width of a single line of text in a style (sets the font and size, not the colour: no content is written) */
export function textWidth(c: Canvas, text: string, s: TextStyle = {}): number {
  c.doc.font(s.bold ? c.fonts.bold : c.fonts.regular).fontSize(s.size ?? 8.5);
  const clipped = clip(text);
  if (singleFont(c, clipped, s)) return widthOfLine(c.doc, clipped);
  return measureLine(c, clipped, s).width;
}

/**
 * Fast path for the common case, lines that fit: no line wrapper (pdfkit's wrapper is a large part
 * of rendering time), alignment computed from the string widths. Returns the lines' widths, or
 * undefined when some line must wrap.
 */
function fittingLines(c: Canvas, text: string, width: number): { line: string; width: number }[] | undefined {
  const out: { line: string; width: number }[] = [];
  for (const line of text.split('\n')) {
    const w = widthOfLine(c.doc, line);
    if (w > width) return undefined;
    out.push({ line, width: w });
  }
  return out;
}

/** Break opportunities inside words: scripts written without spaces break between characters */
const BREAKS_ANYWHERE = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Thai}\p{Extended_Pictographic}]/u;
const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Pieces a line may be broken after: words with their trailing space, single CJK/Thai characters */
function breakPieces(line: string): string[] {
  const out: string[] = [];
  let piece = '';
  for (const { segment } of graphemes.segment(line)) {
    const anywhere = BREAKS_ANYWHERE.test(segment);
    if (anywhere && piece) {
      out.push(piece);
      piece = '';
    }
    piece += segment;
    if (anywhere || /\s/.test(segment)) {
      out.push(piece);
      piece = '';
    }
  }
  if (piece) out.push(piece);
  return out;
}

/**
 * Line breaking for text drawn with several fonts (pdfkit's wrapper knows one font): greedy, at
 * spaces and between CJK/Thai characters; a piece wider than the box is cut between characters.
 */
function wrapMultiFont(c: Canvas, text: string, width: number, s: TextStyle): MeasuredLine[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let w = 0;
    const pieces = breakPieces(paragraph);
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      const pw = measureLine(c, piece, s).width;
      if (w + pw > width && line) {
        lines.push(line);
        line = '';
        w = 0;
      }
      if (pw > width && [...graphemes.segment(piece)].length > 1) {
        // cut the piece into characters and go on with them
        pieces.splice(i + 1, 0, ...[...graphemes.segment(piece)].map((g) => g.segment));
        continue;
      }
      line += piece;
      w += pw;
    }
    lines.push(line);
  }
  return lines.map((l) => measureLine(c, l.replace(/\s+$/u, ''), s));
}

/** Draws a measured line's runs from (x, y) on the style font's baseline */
function drawRuns(c: Canvas, line: MeasuredLine, x: number, y: number, s: TextStyle): void {
  const size = s.size ?? 8.5;
  c.doc.font(s.bold ? c.fonts.bold : c.fonts.regular).fontSize(size);
  const ascender = currentAscender(c.doc);
  let at = x;
  for (const run of line.runs) {
    useFont(c, run.font, size);
    if (run.text) {
      // right-to-left runs are drawn in visual order, which extractors reverse themselves
      const shaped = !run.rtl && SHAPED.test(run.text);
      if (shaped) c.doc.addContent(`/Span <</ActualText ${pdfTextHex(run.text)}>> BDC`);
      drawLine(c.doc, run.text, at, y, ascender, run.rtl === true);
      if (shaped) c.doc.addContent('EMC');
    }
    at += run.width;
  }
  c.doc.font(s.bold ? c.fonts.bold : c.fonts.regular).fontSize(size);
}

/** The lines shown for a multi-font text in a box: clipped to maxHeight, the last one ending in an ellipsis */
function multiFontBox(c: Canvas, text: string, width: number, s: TextStyle): MeasuredLine[] {
  const lh = c.doc.currentLineHeight(true);
  const lines = wrapMultiFont(c, text, width, s);
  const fit = Math.max(1, Math.floor(((s.maxHeight ?? Number.POSITIVE_INFINITY) + 0.5) / lh));
  if (lines.length <= fit) return lines;
  const shown = lines.slice(0, fit);
  let last = shown[fit - 1]!.runs.map((r) => r.text).join('');
  let ended = measureLine(c, `${last}…`, s);
  while (ended.width > width && last.length > 0) {
    last = last.slice(0, -1);
    ended = measureLine(c, `${last}…`, s);
  }
  shown[fit - 1] = ended;
  return shown;
}

export function measure(c: Canvas, text: string, width: number, s: TextStyle = {}): number {
  if (!text) return 0;
  style(c, s);
  const clipped = clip(text);
  if (!singleFont(c, clipped, s))
    return multiFontBox(c, clipped, width, s).length * c.doc.currentLineHeight(true);
  const lines = fittingLines(c, clipped, width);
  const h = lines ? lines.length * c.doc.currentLineHeight(true) : c.doc.heightOfString(clipped, { width });
  return s.maxHeight ? Math.min(h, s.maxHeight) : h;
}

/** Draws text at (x, y) within `width`; returns its height. */
export function write(
  c: Canvas,
  text: string,
  x: number,
  y: number,
  width: number,
  s: TextStyle = {},
): number {
  if (!text) return 0;
  style(c, s);
  const clipped = clip(text);
  if (!singleFont(c, clipped, s)) {
    const lh = c.doc.currentLineHeight(true);
    const lines = multiFontBox(c, clipped, width, s);
    lines.forEach((line, i) => {
      const dx =
        s.align === 'right' ? width - line.width : s.align === 'center' ? (width - line.width) / 2 : 0;
      drawRuns(c, line, x + dx, y + i * lh, s);
    });
    return lines.length * lh;
  }
  const lines = fittingLines(c, clipped, width);
  if (lines) {
    const lh = c.doc.currentLineHeight(true);
    const max = s.maxHeight ?? Number.POSITIVE_INFINITY;
    let h = 0;
    for (const { line, width: w } of lines) {
      if (h + lh > max + 0.5 && h > 0) break;
      const dx = s.align === 'right' ? width - w : s.align === 'center' ? (width - w) / 2 : 0;
      if (line) drawLine(c.doc, line, x + dx, y + h);
      h += lh;
    }
    return h;
  }
  const h = Math.min(c.doc.heightOfString(clipped, { width }), s.maxHeight ?? Number.POSITIVE_INFINITY);
  c.doc.text(clipped, x, y, { width, align: s.align ?? 'left', height: h + 1, ellipsis: true, lineGap: 0 });
  return h;
}

/**
 * A canvas on a PDF/A document of createPdfaDocument, at the top of an A4 page's margins; the first
 * page is added by the caller (newPage). Used by the invoice and by the validation receipt.
 */
export function canvasOn(
  pdfa: { doc: PDFKit.PDFDocument; fontRegular: string; fontBold: string },
  what: {
    invoice: Invoice;
    lang: Lang;
    l: Labels;
    chain: (fonts: { regular: string; bold: string }) => FontChain;
  },
): Canvas {
  const fonts = { regular: pdfa.fontRegular, bold: pdfa.fontBold };
  return {
    doc: pdfa.doc,
    invoice: what.invoice,
    lang: what.lang,
    l: what.l,
    fonts,
    chain: what.chain(fonts),
    y: PAGE.margin,
    left: PAGE.margin,
    right: PAGE.width - PAGE.margin,
    width: PAGE.width - 2 * PAGE.margin,
    bottom: PAGE.height - PAGE.margin - PAGE.footer,
  };
}

export function newPage(c: Canvas): void {
  c.doc.addPage({ size: [PAGE.width, PAGE.height], margins: { top: 0, bottom: 0, left: 0, right: 0 } });
  c.y = PAGE.margin;
  c.onNewPage?.();
}

/** Starts a new page when `height` does not fit below the cursor. */
export function ensureSpace(c: Canvas, height: number): void {
  if (c.y + height > c.bottom) newPage(c);
}

export function hline(c: Canvas, y: number, x1 = c.left, x2 = c.right, color: Rgb = COLORS.rule): void {
  c.doc.save().moveTo(x1, y).lineTo(x2, y).lineWidth(0.6).strokeColor(color).stroke().restore();
}

export function fillRect(
  c: Canvas,
  x: number,
  y: number,
  w: number,
  h: number,
  color: Rgb = COLORS.fill,
): void {
  c.doc.save().rect(x, y, w, h).fillColor(color).fill().restore();
}

/** A section heading with a rule under it */
export function heading(c: Canvas, text: string, minFollowing = 30): void {
  ensureSpace(c, 18 + minFollowing);
  write(c, text.toUpperCase(), c.left, c.y, c.width, { bold: true, size: 8, color: COLORS.accent });
  hline(c, c.y + 11);
  c.y += 16;
}
