/** Top of the first page: seller identity, document title and dates, buyer and delivery parties, references. */
import type { Address, Party } from '@einv/core-model';
import { type Canvas, COLORS, fillRect, measure, write } from './canvas.js';
import { date } from './format.js';
import { countryName, documentTitle, type Lang } from './labels.js';

function addressLines(a: Address | undefined, lang: Lang): string[] {
  if (!a) return [];
  const cityLine = [a.postalCode, a.city].filter(Boolean).join(' ');
  return [
    a.street,
    a.additionalStreet,
    a.addressLine3,
    cityLine,
    a.countrySubdivision,
    countryName(a.country, lang),
  ].filter((s): s is string => Boolean(s));
}

/** SIREN from BT-30 (scheme 0002) or the first 9 digits of the SIRET */
function siren(p: Party): string | undefined {
  const legal = p.legalRegistrationId;
  if (legal?.id && (legal.scheme === '0002' || legal.scheme === undefined) && /^\d{9}$/.test(legal.id)) {
    return legal.id;
  }
  if (p.siret && /^\d{14}$/.test(p.siret)) return p.siret.slice(0, 9);
  return undefined;
}

/** Identity lines of a party: identifiers, VAT number, contact */
export function partyIdentityLines(c: Canvas, p: Party): string[] {
  const { l } = c;
  const out: string[] = [];
  const s = siren(p);
  const ids: string[] = [];
  if (s) ids.push(`${l.siren} ${s}`);
  if (p.siret) ids.push(`${l.siret} ${p.siret}`);
  if (!s && p.legalRegistrationId?.id) ids.push(`${l.legalId} ${p.legalRegistrationId.id}`);
  if (ids.length) out.push(ids.join(' · '));
  if (p.vatNumber) out.push(`${l.vat} ${p.vatNumber}`);
  if (p.electronicAddress?.id) {
    const scheme = p.electronicAddress.scheme ? ` (${p.electronicAddress.scheme})` : '';
    out.push(`${l.electronicAddress}${l.colon}${p.electronicAddress.id}${scheme}`);
  }
  const contact = [
    p.contact?.name,
    p.contact?.phone ? `${l.phone} ${p.contact.phone}` : undefined,
    p.contact?.email,
  ]
    .filter(Boolean)
    .join(' · ');
  if (contact) out.push(contact);
  return out;
}

function drawPartyBox(c: Canvas, title: string, p: Party, x: number, y: number, w: number): number {
  const lines = [...addressLines(p.address, c.lang), ...partyIdentityLines(c, p)];
  const name = p.name ?? '';
  const body = lines.join('\n');
  const h =
    12 + measure(c, name, w - 16, { bold: true, size: 9.5 }) + measure(c, body, w - 16, { size: 8 }) + 14;
  fillRect(c, x, y, w, h);
  let cy = y + 7;
  cy += write(c, title.toUpperCase(), x + 8, cy, w - 16, { bold: true, size: 7, color: COLORS.muted }) + 2;
  cy += write(c, name, x + 8, cy, w - 16, { bold: true, size: 9.5 }) + 1;
  write(c, body, x + 8, cy, w - 16, { size: 8 });
  return h;
}

export function drawHeader(c: Canvas): void {
  const { invoice: inv, l, lang } = c;
  const seller = inv.seller ?? {};
  const leftW = 290;
  let ly = c.y;
  ly += write(c, seller.name ?? '', c.left, ly, leftW, { bold: true, size: 15, color: COLORS.accent }) + 2;
  if (seller.tradingName && seller.tradingName !== seller.name) {
    ly += write(c, seller.tradingName, c.left, ly, leftW, { size: 9, color: COLORS.muted }) + 2;
  }
  const sellerLines = [...addressLines(seller.address, c.lang), ...partyIdentityLines(c, seller)];
  if (seller.legalInformation) sellerLines.push(seller.legalInformation);
  ly += write(c, sellerLines.join('\n'), c.left, ly, leftW, { size: 8.5, color: COLORS.text });

  const rx = c.left + 330;
  const rw = c.right - rx;
  let ry = c.y;
  ry += write(c, documentTitle(inv.typeCode, l), rx, ry, rw, {
    bold: true,
    size: 18,
    color: COLORS.accent,
    align: 'right',
  });
  ry += 4;
  ry += write(c, `${l.number} ${inv.number ?? ''}`, rx, ry, rw, { bold: true, size: 11, align: 'right' }) + 4;
  const facts: string[] = [];
  if (inv.issueDate) facts.push(`${l.issueDate}${l.colon}${date(inv.issueDate, lang)}`);
  if (inv.dueDate) facts.push(`${l.dueDate}${l.colon}${date(inv.dueDate, lang)}`);
  ry += write(c, facts.join('\n'), rx, ry, rw, { size: 8.5, align: 'right' });
  c.y = Math.max(ly, ry) + 16;

  // Parties: buyer on the right (where window envelopes look), delivery / payee on the left.
  const boxW = (c.width - 14) / 2;
  const bx = c.left + boxW + 14;
  let leftH = 0;
  const delivery = inv.delivery;
  if (delivery?.address || delivery?.partyName) {
    leftH = drawPartyBox(
      c,
      l.deliverTo,
      { name: delivery.partyName ?? inv.buyer?.name ?? '', address: delivery.address ?? {} },
      c.left,
      c.y,
      boxW,
    );
  } else if (inv.payee?.name) {
    leftH = drawPartyBox(c, l.payee, { name: inv.payee.name }, c.left, c.y, boxW);
  }
  const rightH = drawPartyBox(c, l.buyer, inv.buyer ?? {}, bx, c.y, boxW);
  c.y += Math.max(leftH, rightH) + 14;
  drawReferences(c);
}

function drawReferences(c: Canvas): void {
  const { invoice: inv, l, lang } = c;
  const refs: [string, string | undefined][] = [
    [l.buyerReference, inv.buyerReference],
    [l.purchaseOrder, inv.purchaseOrderReference],
    [l.salesOrder, inv.salesOrderReference],
    [l.contract, inv.contractReference],
    [l.project, inv.projectReference],
    [l.despatchAdvice, inv.despatchAdviceReference],
    [l.receivingAdvice, inv.receivingAdviceReference],
    [l.tender, inv.tenderOrLotReference],
    [l.accountingReference, inv.buyerAccountingReference],
    [l.invoicedObject, inv.invoicedObjectIdentifier?.id],
    [
      l.attachments,
      inv.attachments
        ?.map((a) => [a.id, a.description, a.filename ?? a.externalUri].filter(Boolean).join(' – '))
        .filter(Boolean)
        .join(' ; '),
    ],
    [
      l.precedingInvoice,
      inv.precedingInvoices
        ?.map((p) => (p.issueDate ? `${p.number} (${date(p.issueDate, lang)})` : p.number))
        .join(', '),
    ],
    [
      l.period,
      inv.invoicingPeriod && (inv.invoicingPeriod.startDate || inv.invoicingPeriod.endDate)
        ? `${date(inv.invoicingPeriod.startDate, lang)} – ${date(inv.invoicingPeriod.endDate, lang)}`
        : undefined,
    ],
    [l.deliveryDate, date(inv.delivery?.date, lang) || undefined],
    [l.taxPointDate, date(inv.taxPointDate, lang) || undefined],
  ];
  const present = refs.filter((r): r is [string, string] => Boolean(r[1]));
  if (present.length === 0) return;
  const cols = 3;
  const colW = c.width / cols;
  for (let i = 0; i < present.length; i += cols) {
    let rowH = 0;
    for (let j = 0; j < cols && i + j < present.length; j++) {
      const [label, value] = present[i + j]!;
      const x = c.left + j * colW;
      const h1 = write(c, label, x, c.y, colW - 8, { size: 7, color: COLORS.muted });
      const h2 = write(c, value, x, c.y + h1, colW - 8, { size: 8.5, bold: true, maxHeight: 40 });
      rowH = Math.max(rowH, h1 + h2);
    }
    c.y += rowH + 6;
  }
  c.y += 6;
}
