/**
 * The direct single-line text path writes the bytes pdfkit's own text() writes: same content
 * streams, same font subsets, widths and ToUnicode maps, for plain Latin, repeated strings (reused
 * TJ arrays), shaped text with glyph offsets (combining marks, Arabic) and several fonts and sizes.
 */
import { describe, expect, it } from '@jest/globals';
import { createPdfaDocument } from '../pdfa/pdfkit-document.js';
import { drawLine, widthOfLine } from './fast-text.js';

const NOW = new Date('2026-03-15T10:00:00Z');
const LINES: [font: 'body' | 'bold', size: number, text: string][] = [
  ['body', 8.5, 'Conseil en éclairage 1352'],
  ['bold', 8.5, 'Conseil en éclairage 1352'],
  ['body', 8.5, '20 %'],
  ['body', 8.5, '20 %'],
  ['body', 7.5, '1 234,56 €'],
  ['bold', 15, 'Atelier Lumière SAS'],
  ['body', 9, 'Cafe\u0301 crème – n° 42'],
  ['body', 9, 'مرحبا بالعالم'],
  ['body', 8, 'Ελληνικά · Русский · 中文'],
  ['body', 8.5, '  spaced   words  '],
];

function render(useFastPath: boolean): { pdf: Uint8Array; widths: number[] } {
  const pdfa = createPdfaDocument({ now: NOW, idSeed: new Uint8Array([1, 2, 3]) });
  const doc = pdfa.doc;
  doc.addPage({ size: [595.28, 841.89], margins: { top: 0, bottom: 0, left: 0, right: 0 } });
  const widths: number[] = [];
  LINES.forEach(([font, size, text], i) => {
    doc.font(font).fontSize(size).fillColor([31, 41, 51]);
    widths.push(useFastPath ? widthOfLine(doc, text) : doc.widthOfString(text));
    const y = 40 + i * 20;
    if (useFastPath) drawLine(doc, text, 50 + i, y);
    else doc.text(text, 50 + i, y, { lineBreak: false });
  });
  return { pdf: pdfa.finish(), widths };
}

describe('drawLine / widthOfLine', () => {
  it('write the same PDF bytes as pdfkit text() and measure as widthOfString', () => {
    const fast = render(true);
    const reference = render(false);
    expect(fast.widths).toEqual(reference.widths);
    expect(Buffer.from(fast.pdf).equals(Buffer.from(reference.pdf))).toBe(true);
  });
});
