/**
 * The receipt as a PDF/A-3b file drawn with einv's own renderer (the pdfkit PDF/A set-up and the
 * canvas of the invoice rendering: embedded fonts, fallback chain, pagination), so it passes einv's
 * preflight and qpdf like the invoices do (decision 0133).
 */
import { readableValues } from '@einv/rules';
import { loadFonts } from '../../assets.js';
import { createPdfaDocument } from '../../pdfa/pdfkit-document.js';
import {
  type Canvas,
  COLORS,
  canvasOn,
  ensureSpace,
  fillRect,
  heading,
  hline,
  measure,
  newPage,
  PAGE,
  write,
} from '../../render/canvas.js';
import { fontChainFor } from '../../render/font-chain.js';
import { LABELS } from '../../render/labels.js';
import {
  RECEIPT_LABELS,
  type Receipt,
  type ReceiptFinding,
  receiptDate,
  receiptLocation,
  receiptSize,
} from './receipt.js';

const LABEL_WIDTH = 120;

/** "label  value" on one row, the value wrapping; returns nothing, moves the cursor */
function fact(c: Canvas, label: string, value: string): void {
  const h = Math.max(measure(c, value, c.width - LABEL_WIDTH, { size: 9 }), 11);
  ensureSpace(c, h + 2);
  write(c, label, c.left, c.y, LABEL_WIDTH - 8, { bold: true, size: 9 });
  write(c, value, c.left + LABEL_WIDTH, c.y, c.width - LABEL_WIDTH, { size: 9 });
  c.y += h + 2;
}

function finding(c: Canvas, f: ReceiptFinding, r: Receipt): void {
  const L = RECEIPT_LABELS[r.lang];
  const title = `${f.rule} — ${L[f.severity]}`;
  const rows: [string, string][] = [];
  if (f.bt) rows.push([L.term, `${f.bt}${f.btName ? ` — ${f.btName}` : ''}`]);
  rows.push([L.location, receiptLocation(f, r.lang)]);
  // in the reader's number format, as the derivation writes them (the JSON receipt keeps the raw values)
  const shown = readableValues(f, r.lang);
  if (shown.found !== undefined) rows.push([L.found, shown.found]);
  if (shown.expected !== undefined) rows.push([L.expected, shown.expected]);
  if (f.derivation) rows.push([L.derivation, f.derivation]);
  const inner = c.width - 12;
  const height =
    14 +
    measure(c, f.message, inner, { size: 9 }) +
    rows.reduce((h, [, v]) => h + Math.max(measure(c, v, inner - LABEL_WIDTH, { size: 8.5 }), 10) + 1, 0) +
    8;
  ensureSpace(c, Math.min(height, c.bottom - PAGE.margin));
  const top = c.y;
  fillRect(
    c,
    c.left,
    top,
    3,
    Math.min(height - 4, c.bottom - top),
    f.severity === 'fatal' ? [179, 38, 30] : [138, 90, 0],
  );
  write(c, title, c.left + 10, c.y, inner, { bold: true, size: 9.5 });
  c.y += 13;
  c.y += write(c, f.message, c.left + 10, c.y, inner, { size: 9 }) + 2;
  for (const [k, v] of rows) {
    const h = Math.max(measure(c, v, inner - LABEL_WIDTH, { size: 8.5 }), 10);
    ensureSpace(c, h);
    write(c, k, c.left + 10, c.y, LABEL_WIDTH - 8, { size: 8.5, color: COLORS.muted });
    write(c, v, c.left + 10 + LABEL_WIDTH, c.y, inner - LABEL_WIDTH, { size: 8.5 });
    c.y += h + 1;
  }
  c.y += 8;
}

function findings(c: Canvas, title: string, list: ReceiptFinding[], r: Receipt): void {
  heading(c, `${title} (${list.length})`);
  if (list.length === 0) {
    c.y += write(c, RECEIPT_LABELS[r.lang].none, c.left, c.y, c.width, { size: 9 }) + 6;
    return;
  }
  for (const f of list) finding(c, f, r);
}

function footers(c: Canvas, r: Receipt): void {
  const L = RECEIPT_LABELS[r.lang];
  const range = c.doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    c.doc.switchToPage(range.start + i);
    const y = c.bottom + 12;
    hline(c, y - 5);
    const left = `${L.producer} — ${r.file.name} — SHA-256 ${r.file.sha256.slice(0, 16)}…`;
    write(c, left, c.left, y, c.width - 120, { size: 6.5, color: COLORS.muted, maxHeight: 18 });
    write(c, `${L.page} ${i + 1}/${range.count}`, c.right - 110, y, 110, {
      size: 6.5,
      color: COLORS.muted,
      align: 'right',
    });
  }
}

export function receiptPdf(r: Receipt): Uint8Array {
  const L = RECEIPT_LABELS[r.lang];
  const now = new Date(r.date);
  const pdfa = createPdfaDocument({
    now,
    title: `${L.title} — ${r.file.name}`,
    author: 'einv',
    subject: r.valid ? L.valid : L.invalid,
    idSeed: new TextEncoder().encode(JSON.stringify(r)),
    language: r.lang === 'fr' ? 'fr-FR' : 'en',
  });
  const c = canvasOn(pdfa, {
    invoice: {},
    lang: r.lang,
    l: LABELS[r.lang],
    chain: (fonts) => fontChainFor(loadFonts(), fonts),
  });
  newPage(c);
  c.y += write(c, L.title, c.left, c.y, c.width, { bold: true, size: 15 }) + 6;
  const verdict = r.valid ? L.valid : L.invalid;
  c.y +=
    write(c, verdict, c.left, c.y, c.width, {
      bold: true,
      size: 13,
      color: r.valid ? [23, 101, 58] : [179, 38, 30],
    }) + 8;
  fact(c, L.file, r.file.name);
  fact(c, L.size, receiptSize(r.file.size, r.lang));
  fact(c, L.sha256, r.file.sha256);
  fact(
    c,
    L.format,
    [r.format, r.syntax && r.syntax !== r.format ? r.syntax : ''].filter(Boolean).join(' / '),
  );
  if (r.profile) fact(c, L.profile, r.profile);
  fact(c, L.ruleSets, r.ruleSets.map((s) => `${s.name} ${s.version}`).join('\n'));
  for (const s of r.skippedRuleSets) fact(c, `${L.skipped} (${s.name})`, s.message);
  fact(c, L.date, receiptDate(r.date, r.lang));
  for (const n of r.notices) fact(c, n.code, n.message);
  c.y += 6;
  findings(c, L.errors, r.errors, r);
  findings(c, L.warnings, r.warnings, r);
  footers(c, r);
  return pdfa.finish();
}
