import { expect, it } from '@jest/globals';
import { readUbl } from './index.js';

const NS =
  'xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" ' +
  'xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" ' +
  'xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2"';
const inv = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<Invoice ${NS}>\n${body}\n</Invoice>`;
const rules = (r: ReturnType<typeof readUbl>) => r.diagnostics.map((d) => d.rule);

it('never throws: not well-formed XML gives a fatal UBL-READ-XML with its line and an empty invoice', () => {
  for (const bad of ['', '<Invoice', '<a><b></a>', '\u0000', '<!DOCTYPE x [<!ENTITY e "x">]><x>&e;</x>']) {
    const r = readUbl(bad);
    expect(r.invoice).toEqual({});
    expect(r.diagnostics[0]?.rule).toBe('UBL-READ-XML');
    expect(r.diagnostics[0]?.severity).toBe('fatal');
  }
  expect(readUbl('<a>\n<b></a>').diagnostics[0]?.line).toBe(2);
});

it('a root that is not a UBL Invoice or CreditNote (e.g. CII) is a fatal UBL-READ-ROOT', () => {
  const r = readUbl(
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>',
  );
  expect(rules(r)).toEqual(['UBL-READ-ROOT']);
  expect(r.invoice).toEqual({});
  expect(rules(readUbl('<Invoice xmlns="urn:wrong"/>'))).toEqual(['UBL-READ-ROOT']);
});

it('reads bytes with a UTF-8 BOM and a declared ISO-8859-1 encoding', () => {
  const utf8 = new TextEncoder().encode(`\ufeff${inv('<cbc:ID>Café</cbc:ID>')}`);
  expect(readUbl(utf8).invoice.number).toBe('Café');
  const latin = inv('<cbc:ID>Caf\u00e9</cbc:ID>').replace('UTF-8', 'ISO-8859-1');
  const bytes = Uint8Array.from([...latin].map((c) => c.charCodeAt(0)));
  expect(readUbl(bytes).invoice.number).toBe('Café');
});

it("reads an empty element as '' (present, not absent) and invents no defaults", () => {
  const r = readUbl(inv('<cbc:ID/><cbc:BuyerReference>  </cbc:BuyerReference>'));
  expect(r.invoice).toEqual({ number: '', buyerReference: '' });
  expect(r.documentType).toBe('Invoice');
});

it('an invalid number is a fatal UBL-READ-NUMBER with the xpath and line, and the value is not guessed', () => {
  const r = readUbl(
    inv(
      '<cac:LegalMonetaryTotal>\n<cbc:PayableAmount currencyID="EUR">1,000.00</cbc:PayableAmount>\n</cac:LegalMonetaryTotal>',
    ),
  );
  expect(r.invoice.totals).toEqual({});
  expect(r.diagnostics).toEqual([
    expect.objectContaining({
      rule: 'UBL-READ-NUMBER',
      severity: 'fatal',
      path: 'invoice.totals.amountDue',
      bt: 'BT-115',
      xpath: '/Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount',
      line: 4,
      value: '1,000.00',
    }),
  ]);
  const ok = readUbl(
    inv('<cac:LegalMonetaryTotal><cbc:PayableAmount> +.5 </cbc:PayableAmount></cac:LegalMonetaryTotal>'),
  );
  expect(ok.invoice.totals?.amountDue).toBe(0.5);
});

it('repeated elements become arrays in document order; BT-21 comes from a #code# prefix', () => {
  const r = readUbl(
    inv(`<cbc:Note>#AAI#first</cbc:Note><cbc:Note>second ##x</cbc:Note>
      <cac:InvoiceLine><cbc:ID>1</cbc:ID></cac:InvoiceLine><cac:InvoiceLine><cbc:ID>2</cbc:ID><cbc:InvoicedQuantity unitCode="HUR">3</cbc:InvoicedQuantity></cac:InvoiceLine>`),
  );
  expect(r.invoice.notes).toEqual([{ subjectCode: 'AAI', text: 'first' }, { text: 'second ##x' }]);
  expect(r.invoice.lines).toEqual([{ id: '1' }, { id: '2', quantity: 3, unitCode: 'HUR' }]);
  expect(r.locations['invoice.lines[1].quantity']).toEqual({
    xpath: '/Invoice/cac:InvoiceLine[2]/cbc:InvoicedQuantity',
    line: 4,
  });
  expect(r.locations['invoice.lines[1].unitCode']).toEqual({
    xpath: '/Invoice/cac:InvoiceLine[2]/cbc:InvoicedQuantity/@unitCode',
    line: 4,
  });
});

it('AllowanceCharge goes by ChargeIndicator (true/1 charge, false/0 allowance); any other indicator is reported, not guessed', () => {
  const ac = (ind: string) =>
    `<cac:AllowanceCharge>${ind}<cbc:Amount currencyID="EUR">1</cbc:Amount></cac:AllowanceCharge>`;
  const r = readUbl(
    inv(
      ac('<cbc:ChargeIndicator>true</cbc:ChargeIndicator>') +
        ac('<cbc:ChargeIndicator> 0 </cbc:ChargeIndicator>') +
        ac('<cbc:ChargeIndicator>1</cbc:ChargeIndicator>') +
        ac('') +
        ac('<cbc:ChargeIndicator>yes</cbc:ChargeIndicator>'),
    ),
  );
  expect(r.invoice.charges).toHaveLength(2);
  expect(r.invoice.allowances).toHaveLength(1);
  const unbound = r.diagnostics.filter((d) => d.rule === 'UBL-READ-UNBOUND');
  expect(unbound.map((d) => d.xpath)).toEqual([
    '/Invoice/cac:AllowanceCharge[4]',
    '/Invoice/cac:AllowanceCharge[5]',
  ]);
  expect(unbound[0]?.message).toContain("cbc:ChargeIndicator is 'false' or '0'");
});

it('tells BT-110 from BT-111 by the TaxAmount currency, keeps the breakdown of the invoice-currency TaxTotal', () => {
  const r = readUbl(
    inv(`<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cbc:TaxCurrencyCode>NOK</cbc:TaxCurrencyCode>
      <cac:TaxTotal><cbc:TaxAmount currencyID="NOK">800</cbc:TaxAmount></cac:TaxTotal>
      <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">100</cbc:TaxAmount>
        <cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">500</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">100</cbc:TaxAmount>
          <cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>20</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>
      </cac:TaxTotal>`),
  );
  expect(r.invoice.totals).toEqual({ vatTotal: 100, vatTotalInTaxCurrency: 800 });
  expect(r.invoice.vatBreakdown).toEqual([{ taxableAmount: 500, taxAmount: 100, category: 'S', rate: 20 }]);
  expect(r.diagnostics).toEqual([]);
});

it('two TaxTotals in the invoice currency: the first is BT-110, the count is kept for BR-CO-15 and reported', () => {
  const r = readUbl(
    inv(`<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
      <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">700.00</cbc:TaxAmount></cac:TaxTotal>
      <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">715</cbc:TaxAmount></cac:TaxTotal>`),
  );
  expect(r.invoice.totals).toEqual({ vatTotal: 700, vatTotalCount: 2 });
  expect(rules(r)).toEqual(['UBL-READ-REPEATED']);
  const equal = readUbl(
    inv(`<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
      <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">7</cbc:TaxAmount></cac:TaxTotal><cac:TaxTotal><cbc:TaxAmount currencyID="EUR">7</cbc:TaxAmount></cac:TaxTotal>`),
  );
  expect(equal.invoice.totals).toEqual({ vatTotal: 7, vatTotalCount: 2 });
  expect(equal.diagnostics).toEqual([
    expect.objectContaining({ rule: 'UBL-READ-REPEATED', bt: 'BT-110', value: 2 }),
  ]);
});

it('a TaxTotal in a currency that is neither BT-5 nor BT-6 gives its VAT breakdown but no BT-110 (reported); with BT-6 = BT-5 one TaxTotal is both BT-110 and BT-111', () => {
  const other = readUbl(
    inv(
      `<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cac:TaxTotal><cbc:TaxAmount currencyID="SEK">1</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount currencyID="SEK">5</cbc:TaxableAmount><cbc:TaxAmount currencyID="SEK">1</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>20</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal></cac:TaxTotal>`,
    ),
  );
  // as the official rules: BR-CO-18 / BR-S-* read every TaxSubtotal, BR-CO-15 only TaxAmount[@currencyID = BT-5]
  expect(other.invoice.totals).toBeUndefined();
  expect(other.invoice.vatBreakdown).toEqual([{ taxableAmount: 5, taxAmount: 1, category: 'S', rate: 20 }]);
  expect(other.diagnostics).toContainEqual(
    expect.objectContaining({ rule: 'UBL-READ-UNKNOWN', xpath: '/Invoice/cac:TaxTotal/cbc:TaxAmount' }),
  );
  const same = readUbl(
    inv(
      `<cbc:DocumentCurrencyCode>NOK</cbc:DocumentCurrencyCode><cbc:TaxCurrencyCode>NOK</cbc:TaxCurrencyCode><cac:TaxTotal><cbc:TaxAmount currencyID="NOK">0</cbc:TaxAmount></cac:TaxTotal>`,
    ),
  );
  expect(same.invoice.totals).toEqual({ vatTotal: 0, vatTotalInTaxCurrency: 0 });
  // fragments without a document currency still give BT-110
  expect(
    readUbl(inv('<cac:TaxTotal><cbc:TaxAmount currencyID="NOK">5</cbc:TaxAmount></cac:TaxTotal>')).invoice
      .totals,
  ).toEqual({ vatTotal: 5 });
});

it('the TaxTotal in the VAT accounting currency (BT-111) gives its subtotals as VAT breakdown too, as the official rules read every cac:TaxTotal/cac:TaxSubtotal; an emptied BT-5 leaves it the only one', () => {
  const subtotal = (currency: string, taxable: number, tax: number) =>
    `<cac:TaxSubtotal><cbc:TaxableAmount currencyID="${currency}">${taxable}</cbc:TaxableAmount><cbc:TaxAmount currencyID="${currency}">${tax}</cbc:TaxAmount><cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>25</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>`;
  const emptied = readUbl(
    inv(
      `<cbc:DocumentCurrencyCode/><cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode><cac:TaxTotal><cbc:TaxAmount currencyID="EUR">3.03</cbc:TaxAmount>${subtotal('EUR', 12.12, 3.03)}</cac:TaxTotal>`,
    ),
  );
  expect(emptied.invoice.totals).toEqual({ vatTotalInTaxCurrency: 3.03 });
  expect(emptied.invoice.vatBreakdown).toEqual([
    { taxableAmount: 12.12, taxAmount: 3.03, category: 'S', rate: 25 },
  ]);
  const absent = readUbl(
    inv(
      `<cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode><cac:TaxTotal><cbc:TaxAmount currencyID="EUR">3.03</cbc:TaxAmount>${subtotal('EUR', 12.12, 3.03)}</cac:TaxTotal>`,
    ),
  );
  expect(absent.invoice.vatBreakdown).toHaveLength(1);
  // both TaxTotals with subtotals: both breakdowns, in document order
  const both = readUbl(
    inv(`<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cbc:TaxCurrencyCode>NOK</cbc:TaxCurrencyCode>
      <cac:TaxTotal><cbc:TaxAmount currencyID="NOK">80</cbc:TaxAmount>${subtotal('NOK', 400, 80)}</cac:TaxTotal>
      <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">10</cbc:TaxAmount>${subtotal('EUR', 40, 10)}</cac:TaxTotal>`),
  );
  expect(both.invoice.totals).toEqual({ vatTotal: 10, vatTotalInTaxCurrency: 80 });
  expect(both.invoice.vatBreakdown?.map((b) => b.taxableAmount)).toEqual([400, 40]);
});

it('an amount in another currency than the invoice currency is read and reported', () => {
  const r = readUbl(
    inv(
      '<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode><cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="USD">5</cbc:PayableAmount></cac:LegalMonetaryTotal>',
    ),
  );
  expect(r.invoice.totals?.amountDue).toBe(5);
  expect(r.diagnostics).toEqual([
    expect.objectContaining({ rule: 'UBL-READ-CURRENCY', value: 'USD', bt: 'BT-115' }),
  ]);
});

it('party identifiers: 0009 is the SIRET, SEPA the creditor id, others BT-29; non-VAT tax scheme is BT-32', () => {
  const r = readUbl(
    inv(`<cac:AccountingSupplierParty><cac:Party>
      <cac:PartyIdentification><cbc:ID schemeID="0009">12345678200010</cbc:ID></cac:PartyIdentification>
      <cac:PartyIdentification><cbc:ID schemeID="SEPA">FR12ZZZ</cbc:ID></cac:PartyIdentification>
      <cac:PartyIdentification><cbc:ID schemeID="0088">GLN</cbc:ID></cac:PartyIdentification>
      <cac:PartyIdentification><cbc:ID>X</cbc:ID></cac:PartyIdentification>
      <cac:PartyTaxScheme><cbc:CompanyID>FR11</cbc:CompanyID><cac:TaxScheme><cbc:ID> vat</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
      <cac:PartyTaxScheme><cbc:CompanyID>T-1</cbc:CompanyID><cac:TaxScheme><cbc:ID>TAX</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>
      </cac:Party></cac:AccountingSupplierParty>`),
  );
  expect(r.invoice.seller).toEqual({
    siret: '12345678200010',
    identifiers: [{ id: 'GLN', scheme: '0088' }, { id: 'X' }],
    vatNumber: 'FR11',
    taxRegistrationId: 'T-1',
  });
  expect(r.invoice.paymentMeans).toEqual({ directDebit: { creditorId: 'FR12ZZZ' } });
  expect(r.diagnostics).toEqual([]);
});

it('a CreditNote reads CreditNoteTypeCode, CreditNoteLine/CreditedQuantity, PaymentDueDate as BT-9 and DocumentTypeCode 50 as BT-11', () => {
  const cn = `<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" ${NS.split(' ').slice(1).join(' ')}>
    <cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>
    <cac:AdditionalDocumentReference><cbc:ID>PRJ</cbc:ID><cbc:DocumentTypeCode>50</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>
    <cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode><cbc:PaymentDueDate>2026-05-01</cbc:PaymentDueDate></cac:PaymentMeans>
    <cac:CreditNoteLine><cbc:ID>1</cbc:ID><cbc:CreditedQuantity unitCode="C62">2</cbc:CreditedQuantity></cac:CreditNoteLine></CreditNote>`;
  const r = readUbl(cn);
  expect(r.documentType).toBe('CreditNote');
  expect(r.invoice).toEqual({
    typeCode: '381',
    projectReference: 'PRJ',
    dueDate: '2026-05-01',
    paymentMeans: { typeCode: '30' },
    lines: [{ id: '1', quantity: 2, unitCode: 'C62' }],
  });
});

it('content outside the EN 16931 binding is listed as information, a second value of a single term as a warning', () => {
  const r = readUbl(inv('<cbc:UBLVersionID>2.1</cbc:UBLVersionID><cbc:ID>1</cbc:ID><cbc:ID>2</cbc:ID>'));
  expect(r.invoice.number).toBe('1');
  expect(r.diagnostics.map((d) => [d.rule, d.severity, d.xpath])).toEqual([
    ['UBL-READ-UNKNOWN', 'information', '/Invoice/cbc:UBLVersionID'],
    ['UBL-READ-REPEATED', 'warning', '/Invoice/cbc:ID[2]'],
  ]);
});

it('a date that is not YYYY-MM-DD is kept as written with a warning', () => {
  const r = readUbl(inv('<cbc:IssueDate>01/02/2026</cbc:IssueDate>'));
  expect(r.invoice.issueDate).toBe('01/02/2026');
  expect(rules(r)).toEqual(['UBL-READ-DATE']);
});

it('price allowance (BT-147/148) is read whatever its ChargeIndicator says, as BR-28 does', () => {
  const r = readUbl(
    inv(
      '<cac:InvoiceLine><cac:Price><cac:AllowanceCharge><cbc:BaseAmount currencyID="NOK">-1</cbc:BaseAmount></cac:AllowanceCharge></cac:Price></cac:InvoiceLine>',
    ),
  );
  expect(r.invoice.lines).toEqual([{ grossPrice: -1 }]);
});

it('the unit code of an empty quantity is still read (BT-130 is a term of its own)', () => {
  const r = readUbl(
    inv(
      '<cac:InvoiceLine><cbc:InvoicedQuantity unitCode="2D"/><cac:Price><cbc:BaseQuantity unitCode="MO"/></cac:Price></cac:InvoiceLine>',
    ),
  );
  expect(r.invoice.lines).toEqual([{ unitCode: '2D', baseQuantityUnitCode: 'MO' }]);
  expect(r.locations['invoice.lines[0].unitCode']?.xpath).toBe(
    '/Invoice/cac:InvoiceLine/cbc:InvoicedQuantity/@unitCode',
  );
  expect(rules(r)).toEqual(['UBL-READ-NUMBER', 'UBL-READ-NUMBER']);
});

it('lines of the other document kind are read (the official rules accept both) and reported', () => {
  const cn = `<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2" ${NS.split(' ').slice(1).join(' ')}>
    <cac:InvoiceLine><cbc:ID>1</cbc:ID><cac:Item><cac:ClassifiedTaxCategory><cbc:ID>AA</cbc:ID></cac:ClassifiedTaxCategory></cac:Item></cac:InvoiceLine></CreditNote>`;
  const r = readUbl(cn);
  // no cac:TaxScheme: the category is kept, and marked as not a VAT one (official BR-CO-04 fires)
  expect(r.invoice.lines).toEqual([{ id: '1', vatCategory: 'AA', taxScheme: '' }]);
  expect(rules(r)).toEqual(['UBL-READ-DOCUMENT-TYPE']);
});

it('a tax category of another scheme than VAT keeps its code and rate and records taxScheme (lines, breakdown, allowances)', () => {
  const cat = (el: string, scheme: string) =>
    `<cac:${el}><cbc:ID>S</cbc:ID><cbc:Percent>20</cbc:Percent>${scheme}</cac:${el}>`;
  const gst = '<cac:TaxScheme><cbc:ID>GST</cbc:ID></cac:TaxScheme>';
  const vat = '<cac:TaxScheme><cbc:ID>vat</cbc:ID></cac:TaxScheme>';
  const r = readUbl(
    inv(`<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
      <cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">1</cbc:Amount>${cat('TaxCategory', gst)}</cac:AllowanceCharge>
      <cac:TaxTotal><cbc:TaxAmount currencyID="EUR">20</cbc:TaxAmount><cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">100</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">20</cbc:TaxAmount>${cat('TaxCategory', '')}</cac:TaxSubtotal></cac:TaxTotal>
      <cac:InvoiceLine><cbc:ID>1</cbc:ID><cac:Item>${cat('ClassifiedTaxCategory', vat)}</cac:Item></cac:InvoiceLine>`),
  );
  expect(r.invoice.allowances).toEqual([{ amount: 1, vatCategory: 'S', vatRate: 20, taxScheme: 'GST' }]);
  expect(r.invoice.vatBreakdown).toEqual([
    { taxableAmount: 100, taxAmount: 20, category: 'S', rate: 20, taxScheme: '' },
  ]);
  // VAT compared case-insensitively, as the official upper-case(): nothing recorded
  expect(r.invoice.lines).toEqual([{ id: '1', vatCategory: 'S', vatRate: 20 }]);
});

it('an element that carries a term only in the other document kind is not read as that term', () => {
  const r = readUbl(
    inv(
      '<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode><cbc:PaymentDueDate>2026-01-01</cbc:PaymentDueDate></cac:PaymentMeans>',
    ),
  );
  expect(r.invoice).toEqual({ paymentMeans: { typeCode: '30' } });
  expect(r.diagnostics[0]?.message).toContain('only in a UBL CreditNote');
});

it('attributes the binding does not read are listed as information, with their xpath', () => {
  const r = readUbl(inv('<cbc:InvoiceTypeCode listID="UNCL1001">380</cbc:InvoiceTypeCode>'));
  expect(r.invoice.typeCode).toBe('380');
  expect(r.diagnostics).toEqual([
    expect.objectContaining({
      rule: 'UBL-READ-UNKNOWN',
      severity: 'information',
      xpath: '/Invoice/cbc:InvoiceTypeCode/@listID',
      value: 'UNCL1001',
    }),
  ]);
});
