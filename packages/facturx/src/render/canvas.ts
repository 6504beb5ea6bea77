/**
 * The drawing surface the invoice blocks share: page geometry, fonts, colours, and the cursor `y`.
 * Blocks ask `ensureSpace()` before drawing so pagination is decided in one place; pdfkit's own
 * automatic page breaks are disabled (zero bottom margin, clipped text heights).
 */
import type { Invoice } from '@einv/core-model';
import { drawLine, widthOfLine } from './fast-text.js';
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

/** Width of a single line of text in a style (sets the font and size, not the colour: no content is written) */
export function textWidth(c: Canvas, text: string, s: TextStyle = {}): number {
  c.doc.font(s.bold ? c.fonts.bold : c.fonts.regular).fontSize(s.size ?? 8.5);
  return widthOfLine(c.doc, clip(text));
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

export function measure(c: Canvas, text: string, width: number, s: TextStyle = {}): number {
  if (!text) return 0;
  style(c, s);
  const clipped = clip(text);
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
