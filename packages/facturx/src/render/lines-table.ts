/** The invoice lines table: as many pages as needed, the header row repeated on each. */
import type { AllowanceCharge, Line } from '@einv/core-model';
import { type Canvas, COLORS, ensureSpace, fillRect, hline, measure, textWidth, write } from './canvas.js';
import { amount, date, percent, price, quantity } from './format.js';
import { unitLabel } from './labels.js';

interface Column {
  key: 'no' | 'description' | 'quantity' | 'unit' | 'unitPrice' | 'vatRate' | 'amount';
  width: number;
  align: 'left' | 'right';
}

const PAD = 4;
/** A single row never grows beyond this, whatever the description length */
const MAX_ROW = 260;
const CELL = { size: 8.5 };
const HEADER = { bold: true, size: 7.5 };

/**
 * The line number column fits the widest line id (20 pt holds two digits; from line 100 on a fixed
 * column would break "1352" over two lines), up to 70 pt, beyond which ids wrap.
 */
function numberColumnWidth(c: Canvas): number {
  let widest = textWidth(c, c.l.lineNo, HEADER);
  (c.invoice.lines ?? []).forEach((line, index) => {
    widest = Math.max(widest, textWidth(c, line.id ?? String(index + 1), CELL));
  });
  return Math.min(70, Math.max(20, Math.ceil(widest) + 2 * PAD));
}

function columns(c: Canvas): Column[] {
  const fixed: Column[] = [
    { key: 'no', width: numberColumnWidth(c), align: 'left' },
    { key: 'quantity', width: 46, align: 'right' },
    { key: 'unit', width: 46, align: 'left' },
    { key: 'unitPrice', width: 66, align: 'right' },
    { key: 'vatRate', width: 40, align: 'right' },
    { key: 'amount', width: 72, align: 'right' },
  ];
  const used = fixed.reduce((s, col) => s + col.width, 0);
  const description: Column = { key: 'description', width: c.width - used, align: 'left' };
  return [fixed[0]!, description, ...fixed.slice(1)];
}

function headerRow(c: Canvas, cols: Column[]): void {
  const { l } = c;
  const titles: Record<Column['key'], string> = {
    no: l.lineNo,
    description: l.description,
    quantity: l.quantity,
    unit: l.unit,
    unitPrice: l.unitPrice,
    vatRate: l.vatRate,
    amount: l.lineAmount,
  };
  fillRect(c, c.left, c.y, c.width, 16, COLORS.accent);
  let x = c.left;
  for (const col of cols) {
    write(c, titles[col.key], x + PAD, c.y + 4.5, col.width - 2 * PAD, {
      bold: true,
      size: 7.5,
      color: COLORS.white,
      align: col.align,
    });
    x += col.width;
  }
  c.y += 18;
}

function chargeText(c: Canvas, ac: AllowanceCharge, isCharge: boolean): string {
  const label =
    ac.reason ?? `${isCharge ? c.l.charge : c.l.allowance}${ac.reasonCode ? ` (${ac.reasonCode})` : ''}`;
  const pct = ac.percentage !== undefined ? ` ${percent(ac.percentage, c.lang)}` : '';
  return `${label}${pct}${c.l.colon}${isCharge ? '+' : '−'}${amount(ac.amount, c.lang)}`;
}

function details(c: Canvas, line: Line): string {
  const { l, lang } = c;
  const out: string[] = [];
  if (line.itemDescription) out.push(line.itemDescription);
  const ids = [line.sellerItemId ? `${l.itemId} ${line.sellerItemId}` : '', line.standardItemId?.id ?? '']
    .filter(Boolean)
    .join(' · ');
  if (ids) out.push(ids);
  const refs = [
    line.buyerItemId ? `${l.buyerItemId} ${line.buyerItemId}` : '',
    line.orderLineReference ? `${l.orderLine} ${line.orderLineReference}` : '',
    line.accountingReference ? `${l.accountingReference} ${line.accountingReference}` : '',
    line.originCountry ? `${l.origin} ${line.originCountry}` : '',
    ...(line.classifications ?? []).map((k) => [k.scheme, k.id].filter(Boolean).join(' ')),
  ]
    .filter(Boolean)
    .join(' · ');
  if (refs) out.push(refs);
  if (line.grossPrice !== undefined || line.baseQuantity !== undefined) {
    const gross = line.grossPrice !== undefined ? `${l.grossPrice} ${price(line.grossPrice, lang)}` : '';
    const discount = line.priceDiscount ? ` (${l.priceDiscount} ${price(line.priceDiscount, lang)})` : '';
    const base =
      line.baseQuantity !== undefined && line.baseQuantity !== 1
        ? ` ${l.per} ${quantity(line.baseQuantity, lang)} ${unitLabel(line.baseQuantityUnitCode ?? line.unitCode, lang)}`
        : '';
    const text = `${gross}${discount}${base}`.trim();
    if (text) out.push(text);
  }
  if (line.period && (line.period.startDate || line.period.endDate)) {
    out.push(`${date(line.period.startDate, lang)} – ${date(line.period.endDate, lang)}`);
  }
  for (const a of line.attributes ?? []) out.push(`${a.name}${c.l.colon}${a.value}`);
  for (const a of line.allowances ?? []) out.push(chargeText(c, a, false));
  for (const ch of line.charges ?? []) out.push(chargeText(c, ch, true));
  if (line.note) out.push(line.note);
  return out.join('\n');
}

export function drawLinesTable(c: Canvas): void {
  const cols = columns(c);
  const descW = cols[1]!.width - 2 * PAD;
  ensureSpace(c, 60);
  headerRow(c, cols);
  c.onNewPage = () => headerRow(c, cols);
  const lines = c.invoice.lines ?? [];
  lines.forEach((line, index) => {
    const name = line.description ?? '';
    const extra = details(c, line);
    const nameH = measure(c, name, descW, { bold: true, size: 8.5, maxHeight: MAX_ROW });
    const extraH = measure(c, extra, descW, { size: 7.5, maxHeight: MAX_ROW - nameH });
    const rowH = Math.max(12, nameH + (extra ? extraH + 1 : 0)) + 2 * PAD;
    ensureSpace(c, rowH);
    const cells: Record<Column['key'], string> = {
      no: line.id ?? String(index + 1),
      description: '',
      quantity: quantity(line.quantity, c.lang),
      unit: unitLabel(line.unitCode, c.lang),
      unitPrice: price(line.unitPrice, c.lang),
      vatRate: line.vatRate !== undefined ? percent(line.vatRate, c.lang) : (line.vatCategory ?? ''),
      amount: amount(line.netAmount, c.lang),
    };
    let x = c.left;
    for (const col of cols) {
      const y = c.y + PAD;
      if (col.key === 'description') {
        write(c, name, x + PAD, y, descW, { bold: true, size: 8.5, maxHeight: MAX_ROW });
        if (extra)
          write(c, extra, x + PAD, y + nameH + 1, descW, {
            size: 7.5,
            color: COLORS.muted,
            maxHeight: extraH,
          });
      } else {
        write(c, cells[col.key], x + PAD, y, col.width - 2 * PAD, {
          size: 8.5,
          align: col.align,
          maxHeight: 24,
        });
      }
      x += col.width;
    }
    c.y += rowH;
    hline(c, c.y);
  });
  c.onNewPage = undefined;
  c.y += 10;
}
