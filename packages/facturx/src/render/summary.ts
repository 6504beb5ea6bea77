/** After the lines: document allowances/charges, VAT breakdown beside the totals, payment, notes and legal mentions. */
import {
  type Canvas,
  COLORS,
  ensureSpace,
  fillRect,
  heading,
  hline,
  measure,
  type Rgb,
  write,
} from './canvas.js';
import { amount, iban, money, percent } from './format.js';
import {
  documentTitle,
  LEGAL_NOTE_SUBJECTS,
  noteSubjectLabel,
  operationCategoryLabel,
  paymentMeansLabel,
  vatCategoryLabel,
} from './labels.js';

export function drawAllowancesCharges(c: Canvas): void {
  const { invoice: inv, l, lang } = c;
  const items = [
    ...(inv.allowances ?? []).map((a) => ({ a, charge: false })),
    ...(inv.charges ?? []).map((a) => ({ a, charge: true })),
  ];
  if (items.length === 0) return;
  heading(c, l.allowancesCharges, 14);
  for (const { a, charge } of items) {
    const label = a.reason ?? `${charge ? l.charge : l.allowance}${a.reasonCode ? ` (${a.reasonCode})` : ''}`;
    const vat = [a.vatCategory, a.vatRate !== undefined ? percent(a.vatRate, lang) : '']
      .filter(Boolean)
      .join(' ');
    const h = measure(c, label, c.width - 200, { size: 8.5 });
    ensureSpace(c, h + 4);
    write(c, label, c.left, c.y, c.width - 200, { size: 8.5 });
    write(c, vat, c.right - 190, c.y, 80, { size: 8.5, align: 'right' });
    write(c, `${charge ? '' : '−'}${amount(a.amount, lang)}`, c.right - 100, c.y, 100, {
      size: 8.5,
      align: 'right',
    });
    c.y += h + 4;
  }
  c.y += 8;
}

interface TotalRow {
  label: string;
  value: string;
  strong?: boolean;
}

function totalRows(c: Canvas): TotalRow[] {
  const { invoice: inv, l, lang } = c;
  const t = inv.totals ?? {};
  const cur = inv.currency;
  const rows: TotalRow[] = [];
  const add = (label: string, v: number | undefined, strong = false) => {
    if (v !== undefined) rows.push({ label, value: money(v, cur, lang), strong });
  };
  if ((t.allowanceTotal ?? 0) !== 0 || (t.chargeTotal ?? 0) !== 0) {
    add(l.lineTotal, t.lineNetTotal);
    if (t.allowanceTotal)
      rows.push({ label: l.allowanceTotal, value: `−${money(t.allowanceTotal, cur, lang)}` });
    if (t.chargeTotal) add(l.chargeTotal, t.chargeTotal);
  }
  add(l.totalExclVat, t.taxExclusiveAmount ?? t.lineNetTotal);
  add(l.totalVat, t.vatTotal);
  if (t.vatTotalInTaxCurrency !== undefined && inv.taxCurrency && inv.taxCurrency !== cur) {
    rows.push({
      label: `${l.totalVat} (${inv.taxCurrency})`,
      value: money(t.vatTotalInTaxCurrency, inv.taxCurrency, lang),
    });
  }
  add(l.totalInclVat, t.taxInclusiveAmount, true);
  if (t.prepaidAmount) rows.push({ label: l.prepaid, value: `−${money(t.prepaidAmount, cur, lang)}` });
  if (t.roundingAmount) add(l.rounding, t.roundingAmount);
  const due = t.amountDue;
  if (due !== undefined && (t.prepaidAmount || t.roundingAmount || due !== t.taxInclusiveAmount))
    add(l.amountDue, due, true);
  return rows;
}

export function drawVatAndTotals(c: Canvas): void {
  const { invoice: inv, l, lang } = c;
  const vat = inv.vatBreakdown ?? [];
  const rows = totalRows(c);
  const totalsW = 215;
  const vatW = c.width - totalsW - 18;
  const vatRowH = (b: (typeof vat)[number]) =>
    14 +
    (b.exemptionReason || b.exemptionReasonCode ? measure(c, reasonOf(b), vatW - 12, { size: 7.5 }) + 2 : 0);
  const vatH = vat.length ? 18 + vat.reduce((s, b) => s + vatRowH(b), 0) : 0;
  const totalsH = rows.length * 16 + 8;
  ensureSpace(c, Math.min(Math.max(vatH, totalsH) + 8, c.bottom - 60));
  const top = c.y;
  const pagesBefore = c.doc.bufferedPageRange().count;

  // VAT breakdown (left)
  if (vat.length) {
    const cx = [c.left, c.left + vatW * 0.38, c.left + vatW * 0.5, c.left + vatW * 0.74];
    const cw = [vatW * 0.38, vatW * 0.12, vatW * 0.24, vatW * 0.26];
    const head = [l.vatBreakdown, l.vatRate, l.taxableAmount, l.taxAmount];
    fillRect(c, c.left, c.y, vatW, 15);
    head.forEach((h, i) => {
      write(c, h, cx[i]! + 4, c.y + 4, cw[i]! - 8, {
        bold: true,
        size: 7.5,
        align: i === 0 ? 'left' : 'right',
      });
    });
    c.y += 18;
    for (const b of vat) {
      ensureSpace(c, vatRowH(b));
      const cells = [
        `${b.category ?? ''} – ${vatCategoryLabel(b.category, lang, b.rate, c.invoice.seller?.address?.country)}`,
        b.rate !== undefined ? percent(b.rate, lang) : '',
        amount(b.taxableAmount, lang),
        amount(b.taxAmount, lang),
      ];
      cells.forEach((v, i) => {
        write(c, v, cx[i]! + 4, c.y, cw[i]! - 8, {
          size: 8,
          align: i === 0 ? 'left' : 'right',
          maxHeight: 12,
        });
      });
      c.y += 12;
      if (b.exemptionReason || b.exemptionReasonCode) {
        c.y += write(c, reasonOf(b), c.left + 4, c.y, vatW - 12, { size: 7.5, color: COLORS.muted }) + 2;
      }
      hline(c, c.y, c.left, c.left + vatW);
      c.y += 2;
    }
  }
  const vatBottom = c.y;

  // Totals (right): beside the VAT table, or under it when the table ran onto a new page
  let ty = top;
  if (c.doc.bufferedPageRange().count !== pagesBefore) {
    ensureSpace(c, totalsH + 6);
    ty = c.y + 6;
  }
  const tx = c.right - totalsW;
  for (const r of rows) {
    if (r.strong) fillRect(c, tx, ty - 3, totalsW, 16, COLORS.fill);
    write(c, r.label, tx + 6, ty, totalsW * 0.55, { size: r.strong ? 9 : 8.5, bold: r.strong ?? false });
    write(c, r.value, tx + totalsW * 0.4, ty, totalsW * 0.6 - 6, {
      size: r.strong ? 9.5 : 8.5,
      bold: r.strong ?? false,
      align: 'right',
    });
    ty += 16;
  }
  c.y = Math.max(vatBottom, ty) + 14;
}

function reasonOf(b: { exemptionReason?: string; exemptionReasonCode?: string }): string {
  return [b.exemptionReasonCode, b.exemptionReason].filter(Boolean).join(' – ');
}

export function drawPayment(c: Canvas): void {
  const { invoice: inv, l, lang } = c;
  const pm = inv.paymentMeans;
  const lines: string[] = [];
  if (inv.paymentTerms) lines.push(`${l.paymentTerms}${l.colon}${inv.paymentTerms}`);
  const means = paymentMeansLabel(pm?.typeCode, lang);
  if (means) lines.push(`${l.paymentMeans}${l.colon}${means}${pm?.text ? ` – ${pm.text}` : ''}`);
  for (const ct of pm?.creditTransfers ?? []) {
    const parts = [
      ct.accountId ? `${l.iban} ${iban(ct.accountId)}` : '',
      ct.serviceProviderId ? `${l.bic} ${ct.serviceProviderId}` : '',
      ct.accountName ? `${l.accountName}${l.colon}${ct.accountName}` : '',
    ].filter(Boolean);
    if (parts.length) lines.push(parts.join(' · '));
  }
  if (pm?.remittanceInformation) lines.push(`${l.remittance}${l.colon}${pm.remittanceInformation}`);
  if (pm?.card?.accountNumber)
    lines.push(
      `${l.card}${l.colon}${pm.card.accountNumber}${pm.card.holderName ? ` (${pm.card.holderName})` : ''}`,
    );
  const dd = pm?.directDebit;
  if (dd?.mandateReference) lines.push(`${l.mandate}${l.colon}${dd.mandateReference}`);
  if (dd?.creditorId) lines.push(`${l.creditorId}${l.colon}${dd.creditorId}`);
  if (dd?.debitedAccountId) lines.push(`${l.debitedAccount}${l.colon}${iban(dd.debitedAccountId)}`);
  const payee = inv.payee;
  if (payee?.name) {
    const ids = [payee.identifier?.id, payee.legalRegistrationId?.id].filter(Boolean).join(' · ');
    lines.push(`${l.payee}${l.colon}${payee.name}${ids ? ` (${ids})` : ''}`);
  }
  if (lines.length === 0) return;
  heading(c, l.payment);
  for (const line of lines) paragraph(c, line, 8.5);
  c.y += 8;
}

function paragraph(c: Canvas, text: string, size: number, color: Rgb = COLORS.text): void {
  const h = measure(c, text, c.width, { size });
  ensureSpace(c, Math.min(h, c.bottom - 80) + 2);
  c.y += write(c, text, c.left, c.y, c.width, { size, color, maxHeight: c.bottom - c.y }) + 3;
}

/**
 * Notes and French legal mentions: the notes the invoice carries (PMD penalties, PMT 40 € indemnity,
 * AAB discount, REG/ABL company information…), VAT exemption reasons, reverse charge, self-billing,
 * and the VAT-on-debits option. Only what the invoice states is printed: missing mentions are the
 * rules' business (BR-FR-05), not the renderer's.
 */
export function drawMentions(c: Canvas): void {
  const { invoice: inv, l, lang } = c;
  const legal: string[] = [];
  const other: string[] = [];
  const operation = operationCategoryLabel(inv.businessProcessType, lang);
  if (operation) legal.push(`${l.operationCategory}${l.colon}${operation}`);
  for (const n of inv.notes ?? []) {
    // Legal notes (PMD, PMT, AAB, REG…) are sentences that speak for themselves; others get their subject
    if (n.subjectCode && LEGAL_NOTE_SUBJECTS.has(n.subjectCode)) legal.push(n.text);
    else {
      const label = noteSubjectLabel(n.subjectCode, lang);
      other.push(label ? `${label}${l.colon}${n.text}` : n.text);
    }
  }
  const tr = inv.taxRepresentative;
  if (tr?.name) {
    const addr = [
      tr.address?.street,
      [tr.address?.postalCode, tr.address?.city].filter(Boolean).join(' '),
      tr.address?.country,
    ]
      .filter(Boolean)
      .join(', ');
    legal.push(
      `${l.taxRepresentativeOf}${l.colon}${tr.name}${addr ? `, ${addr}` : ''}${tr.vatNumber ? `, ${l.vat} ${tr.vatNumber}` : ''}`,
    );
  }
  const categories = new Set((inv.vatBreakdown ?? []).map((b) => b.category));
  if (categories.has('AE')) legal.push(l.reverseCharge);
  for (const b of inv.vatBreakdown ?? []) {
    if (b.exemptionReason && !legal.includes(b.exemptionReason)) legal.push(b.exemptionReason);
  }
  if (['389', '501', '500', '471', '473', '261', '502'].includes(inv.typeCode ?? ''))
    legal.push(l.selfBilledMention);
  // BT-8: "5" in CII, "3" in UNTDID 2005 — the invoice date, i.e. the VAT-on-debits option (CGI 242 nonies A 11° bis)
  if (inv.taxPointDateCode === '5' || inv.taxPointDateCode === '3') legal.push(l.debitOption);
  if (other.length) {
    heading(c, l.notes, 12);
    for (const t of other) paragraph(c, t, 8);
    c.y += 6;
  }
  if (legal.length) {
    heading(c, l.legalMentions, 12);
    for (const t of legal) paragraph(c, t, 7.5, COLORS.muted);
  }
}

/** Footer on every page: seller legal line and page x of n (drawn once all pages exist). */
export function drawFooters(c: Canvas, profileLabel: string | undefined): void {
  const { invoice: inv, l, doc } = c;
  const s = inv.seller ?? {};
  const legal = [s.name, s.legalInformation, s.vatNumber ? `${l.vat} ${s.vatNumber}` : '']
    .filter(Boolean)
    .join(' · ');
  const number = typeof inv.number === 'string' || typeof inv.number === 'number' ? String(inv.number) : '';
  const kind = documentTitle(inv.typeCode, l).toLowerCase();
  const title = `${kind.charAt(0).toUpperCase()}${kind.slice(1)} ${number}`.trim();
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const y = c.bottom + 12;
    hline(c, y - 5);
    write(c, legal, c.left, y, c.width - 250, { size: 6.5, color: COLORS.muted, maxHeight: 18 });
    // every page says which invoice it belongs to and where it stands: "Facture F-1 — page 3/15"
    const right = `${title} — ${l.page.toLowerCase()} ${i + 1}/${range.count}${profileLabel ? ` · Factur-X ${profileLabel}` : ''}`;
    write(c, right, c.right - 240, y, 240, { size: 6.5, color: COLORS.muted, align: 'right', maxHeight: 18 });
  }
}
