import type { Invoice, Profile } from '@einv/core-model';
import { GUIDELINE_IDS } from '@einv/core-model';
import { parseXml } from '@einv/xml';
import { describe, expect, it } from '@jest/globals';
import { readCii, writeCii } from './index.js';
import { formatDecimal, parseDate102, parseDecimal, xmlTrim } from './values.js';

const invoice: Invoice = {
  number: 'F-2025-001 <A&B>',
  issueDate: '2025-03-01',
  typeCode: '380',
  currency: 'EUR',
  taxCurrency: 'USD',
  seller: {
    name: 'Vendeur "SAS"',
    siret: '12345678900017',
    vatNumber: 'FR12345678901',
    address: { country: 'FR', city: 'Lyon' },
  },
  buyer: { name: 'Acheteur', address: { country: 'FR' } },
  lines: [
    {
      id: '1',
      description: 'Conseil',
      quantity: 1.5,
      unitCode: 'HUR',
      unitPrice: 0.1234,
      netAmount: 0.19,
      vatCategory: 'S',
      vatRate: 20,
    },
    {
      id: '2',
      description: 'Frais',
      quantity: 1,
      unitCode: 'C62',
      unitPrice: 10,
      netAmount: 10,
      vatCategory: 'S',
      vatRate: 20,
    },
  ],
  vatBreakdown: [{ category: 'S', rate: 20, taxableAmount: 10.19, taxAmount: 2.04 }],
  totals: {
    lineNetTotal: 10.19,
    taxExclusiveAmount: 10.19,
    vatTotal: 2.04,
    vatTotalInTaxCurrency: 2.2,
    taxInclusiveAmount: 12.23,
    amountDue: 12.23,
  },
};

describe('writeCii', () => {
  it('writes EN16931 by default with its guideline id, escaped text, 102 dates and plain decimals', () => {
    const { xml, warnings } = writeCii(invoice);
    expect(warnings).toEqual([]);
    expect(xml).toContain(`<ram:ID>${GUIDELINE_IDS.EN16931}</ram:ID>`);
    expect(xml).toContain('<ram:ID>F-2025-001 &lt;A&amp;B&gt;</ram:ID>');
    expect(xml).toContain('<udt:DateTimeString format="102">20250301</udt:DateTimeString>');
    expect(xml).toContain('<ram:ChargeAmount>0.1234</ram:ChargeAmount>');
    expect(xml).toContain('<ram:LineTotalAmount>10.00</ram:LineTotalAmount>');
    expect(xml).toContain('<ram:BilledQuantity unitCode="HUR">1.5</ram:BilledQuantity>');
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="EUR">2.04</ram:TaxTotalAmount>');
    expect(xml).toContain('<ram:TaxTotalAmount currencyID="USD">2.20</ram:TaxTotalAmount>');
    expect(xml).toContain('<ram:GlobalID schemeID="0009">12345678900017</ram:GlobalID>');
    expect(xml).toContain('<ram:ID schemeID="VA">FR12345678901</ram:ID>');
    expect(parseXml(xml).ok).toBe(true);
  });

  it('puts children in XSD order whatever order the model keys come in', () => {
    const { xml } = writeCii({
      totals: { amountDue: 1, lineNetTotal: 1 },
      currency: 'EUR',
      number: 'X',
      issueDate: '2025-01-01',
      typeCode: '380',
    });
    const order = ['ram:LineTotalAmount', 'ram:DuePayableAmount'].map((n) => xml.indexOf(`<${n}>`));
    expect(order[0]).toBeLessThan(order[1] as number);
    const top = [
      '<rsm:ExchangedDocumentContext>',
      '<rsm:ExchangedDocument>',
      '<rsm:SupplyChainTradeTransaction>',
    ].map((t) => xml.indexOf(t));
    expect(top).toEqual([...top].sort((a, b) => a - b));
    const settlement = [
      '<ram:InvoiceCurrencyCode>',
      '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    ].map((t) => xml.indexOf(t));
    expect(settlement[0]).toBeLessThan(settlement[1] as number);
  });

  it('MINIMUM: drops what the profile does not allow, with one warning per term naming BT and path', () => {
    const { xml, warnings } = writeCii(invoice, { profile: 'MINIMUM' });
    expect(xml).toContain(`<ram:ID>${GUIDELINE_IDS.MINIMUM}</ram:ID>`);
    expect(xml).not.toContain('IncludedSupplyChainTradeLineItem');
    const lineName = warnings.find((w) => w.bt === 'BT-153');
    expect(lineName).toMatchObject({
      rule: 'CII-PROFILE',
      severity: 'warning',
      path: 'invoice.lines[0].description',
    });
    expect(lineName?.message).toContain('and 1 more');
    expect(lineName?.xpath).toBe(
      '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct/ram:Name',
    );
    expect(warnings.map((w) => w.bt)).toEqual(
      expect.arrayContaining(['BT-129', 'BT-146', 'BT-37', 'BT-116']),
    );
    // what MINIMUM keeps is read back unchanged
    const back = readCii(xml);
    expect(back.profile).toBe('MINIMUM');
    expect(back.invoice.totals?.amountDue).toBe(12.23);
    expect(back.invoice.seller).toEqual({
      name: 'Vendeur "SAS"',
      vatNumber: 'FR12345678901',
      address: { country: 'FR' },
    });
    // MINIMUM has no seller identifier (BT-29): the SIRET is reported, not lost silently
    expect(warnings).toContainEqual(expect.objectContaining({ bt: 'BT-29', path: 'invoice.seller.siret' }));
  });

  it("keeps the invoice's own guideline id when it belongs to the profile, replaces it with a warning otherwise", () => {
    const xr = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';
    expect(writeCii({ ...invoice, specificationIdentifier: xr }).xml).toContain(xr);
    const r = writeCii(
      { ...invoice, specificationIdentifier: GUIDELINE_IDS.MINIMUM },
      { profile: 'EXTENDED' },
    );
    expect(r.xml).toContain(GUIDELINE_IDS.EXTENDED);
    expect(r.warnings).toContainEqual(expect.objectContaining({ rule: 'CII-GUIDELINE', bt: 'BT-24' }));
  });

  it('falls back to EN16931 with a warning for an unknown profile name', () => {
    const r = writeCii(invoice, { profile: 'GOLD' as Profile });
    expect(r.xml).toContain(GUIDELINE_IDS.EN16931);
    expect(r.warnings).toContainEqual(expect.objectContaining({ rule: 'CII-PROFILE', value: 'GOLD' }));
  });

  it('reports values of the wrong type instead of writing them', () => {
    const bad = { ...invoice, issueDate: '01/03/2025', totals: { amountDue: Number.NaN } };
    const { xml, warnings } = writeCii(bad);
    expect(xml).not.toContain('DuePayableAmount');
    expect(warnings.map((w) => [w.rule, w.bt])).toEqual([
      ['CII-VALUE', 'BT-2'],
      ['CII-VALUE', 'BT-115'],
    ]);
  });

  it('writes one payment means element per credit transfer', () => {
    const { xml } = writeCii({
      ...invoice,
      paymentMeans: {
        typeCode: '58',
        creditTransfers: [{ accountId: 'FR7630006000011234567890189' }, { accountId: 'ACC-42' }],
      },
    });
    expect(xml.match(/<ram:SpecifiedTradeSettlementPaymentMeans>/g)).toHaveLength(2);
    expect(xml).toContain('<ram:ProprietaryID>ACC-42</ram:ProprietaryID>');
    expect(readCii(xml).invoice.paymentMeans?.creditTransfers).toHaveLength(2);
  });
});

describe('CII values', () => {
  it('formats numbers without exponents and without losing decimals', () => {
    expect(formatDecimal(10, 2)).toBe('10.00');
    expect(formatDecimal(0.125, 2)).toBe('0.125');
    expect(formatDecimal(1e-7, 2)).toBe('0.0000001');
    expect(formatDecimal(1.5e21, 2)).toBe('1500000000000000000000.00');
    expect(formatDecimal(-3.1, 0)).toBe('-3.1');
  });
  it('reads as a decimal exactly what the xs:decimal pattern matches (every string of 0-5 characters over 0 1 . + - e and spaces)', () => {
    const pattern = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;
    const reference = (text: string): number | undefined => {
      const t = text.trim();
      return pattern.test(t) && Number.isFinite(Number(t)) ? Number(t) : undefined;
    };
    const alphabet = ['0', '1', '.', '+', '-', 'e', ' ', '\u00a0'];
    let texts = [''];
    for (let length = 0; length < 5; length++) {
      for (const t of texts) expect(parseDecimal(t)).toBe(reference(t));
      texts = texts.flatMap((t) => alphabet.map((c) => t + c));
    }
    for (const t of texts) expect(parseDecimal(t)).toBe(reference(t));
  });
  it('parses xs:decimal strictly and dates 102 as calendar dates', () => {
    expect(parseDecimal(' 12.50 ')).toBe(12.5);
    expect(parseDecimal('-.5')).toBe(-0.5);
    expect(parseDecimal('1e3')).toBeUndefined();
    expect(parseDecimal('1,5')).toBeUndefined();
    expect(parseDecimal('')).toBeUndefined();
    expect(parseDate102('20240229')).toBe('2024-02-29');
    expect(parseDate102('20230229')).toBeUndefined();
    expect(parseDate102('2024-02-29')).toBeUndefined();
    // the calendar check as Date.UTC made it: days per month, leap centuries, years 0-99 read as 19xx
    expect(parseDate102(' 20000229\n')).toBe('2000-02-29');
    expect(parseDate102('19000229')).toBeUndefined();
    expect(parseDate102('00000229')).toBeUndefined();
    expect(parseDate102('00040229')).toBe('0004-02-29');
    expect(parseDate102('20240431')).toBeUndefined();
    expect(parseDate102('20241231')).toBe('2024-12-31');
    expect(parseDate102('20241301')).toBeUndefined();
    expect(parseDate102('20240100')).toBeUndefined();
    expect(parseDate102('2024010')).toBeUndefined();
    expect(parseDate102('２０２４０１０１')).toBeUndefined();
    // the same answers as the reading by slices and Number() it replaces, over every month 00-19 and
    // day 00-39 of a spread of years (leap, century, 0-99)
    const bySlices = (text: string): string | undefined => {
      const t = text.trim();
      if (!/^[0-9]{8}$/.test(t)) return undefined;
      const [y, mo, d] = [Number(t.slice(0, 4)), Number(t.slice(4, 6)), Number(t.slice(6, 8))];
      const ok = mo >= 1 && mo <= 12 && d >= 1 && new Date(Date.UTC(y, mo - 1, d)).getUTCDate() === d;
      return ok ? `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6, 8)}` : undefined;
    };
    for (const year of [
      '0000',
      '0004',
      '0099',
      '0100',
      '1900',
      '1999',
      '2000',
      '2023',
      '2024',
      '2100',
      '9999',
    ])
      for (let mo = 0; mo < 20; mo++)
        for (let d = 0; d < 40; d++) {
          const t = `${year}${String(mo).padStart(2, '0')}${String(d).padStart(2, '0')}`;
          expect([t, parseDate102(t)]).toEqual([t, bySlices(t)]);
        }
    expect(xmlTrim('x')).toBe('x');
    expect(xmlTrim(' x')).toBe('x');
    expect(xmlTrim('')).toBe('');
    expect(xmlTrim(' \n\u00a0x\u00a0\t')).toBe('\u00a0x\u00a0');
  });
});
