import { describe, expect, it } from '@jest/globals';
import { readCii } from './index.js';

const NS =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"';

function doc(guideline: string, body: string, settlement = ''): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice ${NS}>
  <rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${guideline}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument><ram:ID></ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20250131</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>${body}
    <ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>${settlement}</ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`;
}

const LINE = (id: string, qty: string) =>
  `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${id}</ram:LineID></ram:AssociatedDocumentLineDocument><ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${qty}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery></ram:IncludedSupplyChainTradeLineItem>`;

describe('readCii', () => {
  it('keeps an empty element as "" and invents nothing that is absent', () => {
    const r = readCii(doc('urn:cen.eu:en16931:2017', ''));
    expect(r.invoice).toEqual({
      specificationIdentifier: 'urn:cen.eu:en16931:2017',
      number: '',
      typeCode: '380',
      issueDate: '2025-01-31',
      currency: 'EUR',
    });
    expect(r.profile).toBe('EN16931');
    expect(r.diagnostics).toEqual([]);
  });

  it('reads repeated lines as an array and locates each term (xpath with position, line)', () => {
    const r = readCii(doc('urn:cen.eu:en16931:2017', LINE('1', '2') + LINE('2', '3.5')));
    expect(r.invoice.lines).toEqual([
      { id: '1', quantity: 2, unitCode: 'C62' },
      { id: '2', quantity: 3.5, unitCode: 'C62' },
    ]);
    expect(r.locations['invoice.lines[1].quantity']).toEqual({
      xpath:
        '/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem[2]/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity',
      line: 5,
    });
    expect(r.locations['invoice.number']?.xpath).toBe(
      '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID',
    );
  });

  it('builds the locations record on first read; the table, the record and copies agree (decision 0142)', () => {
    const r = readCii(doc('urn:cen.eu:en16931:2017', LINE('1', '2') + LINE('2', '3.5')));
    const table = r.locationTable;
    if (!table) throw new Error('readCii gives its location table');
    expect(Object.keys(r)).not.toContain('locationTable');
    const record = r.locations;
    expect(Object.keys(record).length).toBeGreaterThan(5);
    for (const [path, loc] of Object.entries(record)) expect(table.get(path)).toEqual(loc);
    expect(structuredClone(r).locations).toEqual(record);
    expect(JSON.parse(JSON.stringify(r)).locations).toEqual(record);
  });

  it('reports an invalid decimal with CII-DECIMAL naming the xpath, and leaves the term out', () => {
    const r = readCii(doc('urn:cen.eu:en16931:2017', LINE('1', '1,5')));
    expect(r.invoice.lines?.[0]).toEqual({ id: '1', unitCode: 'C62' });
    expect(r.diagnostics).toContainEqual(
      expect.objectContaining({
        rule: 'CII-DECIMAL',
        severity: 'fatal',
        bt: 'BT-129',
        path: 'invoice.lines[0].quantity',
        value: '1,5',
      }),
    );
    expect(r.diagnostics.find((d) => d.rule === 'CII-DECIMAL')?.xpath).toContain('ram:BilledQuantity');
  });

  it('reports a date in another format than 102 and keeps its text', () => {
    const r = readCii(
      doc('urn:cen.eu:en16931:2017', '').replace('format="102">20250131', 'format="610">202501'),
    );
    expect(r.invoice.issueDate).toBe('202501');
    expect(r.diagnostics).toContainEqual(
      expect.objectContaining({ rule: 'CII-DATE', bt: 'BT-2', path: 'invoice.issueDate' }),
    );
  });

  it('maps Factur-X and ZUGFeRD guideline ids to profiles; an unknown one gives no profile and a diagnostic', () => {
    expect(readCii(doc('urn:factur-x.eu:1p0:minimum', '')).profile).toBe('MINIMUM');
    expect(readCii(doc('urn:zugferd.de:2p0:basicwl', '')).profile).toBe('BASIC-WL');
    expect(readCii(doc('urn:cen.eu:en16931:2017#compliant#urn:zugferd.de:2p0:basic', '')).profile).toBe(
      'BASIC',
    );
    expect(readCii(doc('urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended', '')).profile).toBe(
      'EXTENDED',
    );
    const x = readCii(doc('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0', ''));
    expect(x.profile).toBe('EN16931');
    const u = readCii(doc('urn:example:unknown', ''));
    expect(u.profile).toBeUndefined();
    expect(u.guidelineId).toBe('urn:example:unknown');
    expect(u.diagnostics).toContainEqual(
      expect.objectContaining({ rule: 'CII-GUIDELINE', bt: 'BT-24', severity: 'warning' }),
    );
  });

  it('never throws: not well-formed XML gives XML-SYNTAX with a line and an empty invoice', () => {
    const r = readCii('<rsm:CrossIndustryInvoice>\n<oops>');
    expect(r.invoice).toEqual({});
    expect(r.diagnostics[0]).toMatchObject({ rule: 'XML-SYNTAX', severity: 'fatal', line: 1 });
    expect(
      readCii('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>').diagnostics[0]?.rule,
    ).toBe('XML-DTD');
    expect(readCii('').diagnostics[0]?.rule).toBe('XML-EMPTY');
  });

  it('refuses another root with CII-ROOT and says when it looks like UBL', () => {
    const r = readCii('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>');
    expect(r.diagnostics[0]).toMatchObject({ rule: 'CII-ROOT', severity: 'fatal' });
    expect(r.diagnostics[0]?.message).toContain('UBL');
  });

  it('reads bytes with a BOM', () => {
    const bytes = new TextEncoder().encode(doc('urn:cen.eu:en16931:2017', ''));
    const r = readCii(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]));
    expect(r.invoice.number).toBe('');
    expect(r.diagnostics).toEqual([]);
  });

  it('merges several payment means: first type kept, every credit transfer appended, differing types reported', () => {
    const pm = (type: string, iban: string) =>
      `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>${type}</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${iban}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>`;
    const r = readCii(
      doc(
        'urn:cen.eu:en16931:2017',
        '',
        pm('58', 'FR7630006000011234567890189') + pm('30', 'DE89370400440532013000'),
      ),
    );
    expect(r.invoice.paymentMeans).toEqual({
      typeCode: '58',
      creditTransfers: [
        { accountId: 'FR7630006000011234567890189' },
        { accountId: 'DE89370400440532013000' },
      ],
    });
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ rule: 'CII-PAYMENT-MEANS', bt: 'BG-16' }));
    expect(r.locations['invoice.paymentMeans.creditTransfers[1].accountId']?.xpath).toContain(
      'ram:SpecifiedTradeSettlementPaymentMeans[2]',
    );
  });

  it('reports a single-valued term given twice with different values, and content outside the model', () => {
    const r = readCii(
      doc(
        'urn:cen.eu:en16931:2017',
        '<ram:ApplicableHeaderTradeAgreement><ram:BuyerReference>A</ram:BuyerReference><ram:BuyerReference>B</ram:BuyerReference><ram:Unknown>x</ram:Unknown></ram:ApplicableHeaderTradeAgreement>',
      ),
    );
    expect(r.invoice.buyerReference).toBe('A');
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ rule: 'CII-REPEATED', bt: 'BT-10' }));
    expect(r.diagnostics).toContainEqual(
      expect.objectContaining({ rule: 'CII-UNREAD', severity: 'information' }),
    );
  });

  it('tells allowances from charges and reads the seller SIRET (scheme 0009) apart from other identifiers', () => {
    const r = readCii(
      doc(
        'urn:cen.eu:en16931:2017',
        `<ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:ID>S1</ram:ID><ram:GlobalID schemeID="0009">12345678900017</ram:GlobalID><ram:GlobalID schemeID="0088">4000001123452</ram:GlobalID><ram:Name>S</ram:Name>
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">FR12345678901</ram:ID></ram:SpecifiedTaxRegistration></ram:SellerTradeParty></ram:ApplicableHeaderTradeAgreement>`,
        `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>true</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>5</ram:ActualAmount></ram:SpecifiedTradeAllowanceCharge>
         <ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>2.50</ram:ActualAmount></ram:SpecifiedTradeAllowanceCharge>`,
      ),
    );
    expect(r.invoice.seller).toEqual({
      identifiers: [{ id: 'S1' }, { id: '4000001123452', scheme: '0088' }],
      siret: '12345678900017',
      name: 'S',
      vatNumber: 'FR12345678901',
    });
    expect(r.invoice.charges).toEqual([{ amount: 5 }]);
    expect(r.invoice.allowances).toEqual([{ amount: 2.5 }]);
    expect(r.diagnostics).toEqual([]);
  });

  it('keeps {} for an empty invoicing period and an empty payee account, so BR-CO-19 / BR-50 can see them', () => {
    const r = readCii(
      doc(
        'urn:cen.eu:en16931:2017',
        '',
        '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans><ram:BillingSpecifiedPeriod></ram:BillingSpecifiedPeriod>',
      ),
    );
    expect(r.invoice.invoicingPeriod).toEqual({});
    expect(r.invoice.paymentMeans).toEqual({ typeCode: '58', creditTransfers: [{}] });
    // no payee account element at all: no credit transfer is invented
    const none = readCii(
      doc(
        'urn:cen.eu:en16931:2017',
        '',
        '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode></ram:SpecifiedTradeSettlementPaymentMeans>',
      ),
    );
    expect(none.invoice.paymentMeans).toEqual({ typeCode: '58' });
  });

  it('keeps {} for emptied parties, addresses and electronic addresses whose existence official rules test', () => {
    const agreement = `<ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>S</ram:Name><ram:PostalTradeAddress/><ram:URIUniversalCommunication/></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>B</ram:Name><ram:PostalTradeAddress></ram:PostalTradeAddress></ram:BuyerTradeParty>
      <ram:SellerTaxRepresentativeTradeParty/></ram:ApplicableHeaderTradeAgreement>`;
    const r = readCii(
      doc('urn:cen.eu:en16931:2017', agreement, '<ram:PayeeTradeParty></ram:PayeeTradeParty>'),
    );
    // BR-08 / BR-10 test exists(ram:PostalTradeAddress), BR-62 the scheme of any URIUniversalCommunication,
    // BR-17 / BR-18…20 / BR-56 have the party itself as context
    expect(r.invoice.seller).toEqual({ name: 'S', address: {}, electronicAddress: {} });
    expect(r.invoice.buyer).toEqual({ name: 'B', address: {} });
    expect(r.invoice.taxRepresentative).toEqual({});
    expect(r.invoice.payee).toEqual({});
    // an electronic address is still read as before
    const full = readCii(
      doc(
        'urn:cen.eu:en16931:2017',
        '<ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:URIUniversalCommunication><ram:URIID schemeID="EM">a@b.fr</ram:URIID></ram:URIUniversalCommunication></ram:SellerTradeParty></ram:ApplicableHeaderTradeAgreement>',
      ),
    );
    expect(full.invoice.seller).toEqual({ electronicAddress: { id: 'a@b.fr', scheme: 'EM' } });
  });

  it('records every payment means and every credit transfer account for BR-49 / BR-50 / BR-61 (source facts)', () => {
    const r = readCii(
      doc(
        'urn:cen.eu:en16931:2017',
        '',
        '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>30</ram:TypeCode><ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>X</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution></ram:SpecifiedTradeSettlementPaymentMeans>' +
          '<ram:SpecifiedTradeSettlementPaymentMeans/>' +
          '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID> </ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>',
      ),
    );
    expect(r.source.values['BR-49']?.map((n) => n.value)).toEqual(['30', undefined, '58']);
    // the BIC alone makes a BG-17 in the model but no account node: only the third means has one
    expect(r.source.values['BR-50']?.map((n) => n.value)).toEqual([' ']);
  });

  it('reads BT-110 only from a TaxTotalAmount in the invoice currency and counts several (BR-CO-15)', () => {
    const sum = (amounts: string) =>
      `<ram:SpecifiedTradeSettlementHeaderMonetarySummation>${amounts}</ram:SpecifiedTradeSettlementHeaderMonetarySummation>`;
    const other = readCii(
      doc(
        'urn:cen.eu:en16931:2017',
        '',
        sum('<ram:TaxTotalAmount currencyID="DKK">5.00</ram:TaxTotalAmount>'),
      ),
    );
    expect(other.invoice.totals?.vatTotal).toBeUndefined();
    const two = readCii(
      doc(
        'urn:cen.eu:en16931:2017',
        '',
        sum(
          '<ram:TaxTotalAmount currencyID="EUR">5.00</ram:TaxTotalAmount><ram:TaxTotalAmount currencyID="EUR">5.00</ram:TaxTotalAmount>',
        ),
      ),
    );
    expect(two.invoice.totals).toEqual({ vatTotal: 5, vatTotalCount: 2 });
    const one = readCii(
      doc(
        'urn:cen.eu:en16931:2017',
        '',
        sum('<ram:TaxTotalAmount currencyID="EUR">5.00</ram:TaxTotalAmount>'),
      ),
    );
    expect(one.invoice.totals).toEqual({ vatTotal: 5 });
  });

  it('records taxScheme when a VAT breakdown or line tax is of another scheme (ram:TypeCode not VAT, or missing)', () => {
    const tax = (type: string) =>
      `<ram:ApplicableTradeTax><ram:CalculatedAmount>20.00</ram:CalculatedAmount>${type}<ram:BasisAmount>100.00</ram:BasisAmount><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>20</ram:RateApplicablePercent></ram:ApplicableTradeTax>`;
    const r = readCii(
      doc(
        'urn:cen.eu:en16931:2017',
        '',
        tax('<ram:TypeCode>VAT</ram:TypeCode>') + tax('<ram:TypeCode>GST</ram:TypeCode>') + tax(''),
      ),
    );
    expect(r.invoice.vatBreakdown).toEqual([
      { taxAmount: 20, taxableAmount: 100, category: 'S', rate: 20 },
      { taxAmount: 20, taxableAmount: 100, category: 'S', rate: 20, taxScheme: 'GST' },
      { taxAmount: 20, taxableAmount: 100, category: 'S', rate: 20, taxScheme: '' },
    ]);
  });

  it('keeps a date element without its date string as an empty date "" (BR-29 sees it, as officially)', () => {
    const r = readCii(
      doc(
        'urn:cen.eu:en16931:2017',
        '',
        '<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">20250101</udt:DateTimeString></ram:StartDateTime><ram:EndDateTime></ram:EndDateTime></ram:BillingSpecifiedPeriod>',
      ),
    );
    expect(r.invoice.invoicingPeriod).toEqual({ startDate: '2025-01-01', endDate: '' });
    expect(r.locations['invoice.invoicingPeriod.endDate']?.xpath).toContain('ram:EndDateTime');
  });
});
