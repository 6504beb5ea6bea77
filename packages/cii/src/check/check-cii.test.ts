/**
 * checkCii on small hand-written documents: each structure finding names the element, says what
 * was expected, and carries xpath and line; hostile input gives findings, never an exception.
 * (Equivalence with the XSD and the official syntax rules: tests/structure.)
 */
import { describe, expect, it } from '@jest/globals';
import { checkCii } from './check-cii.js';

const NS =
  'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"';

/** A valid Factur-X MINIMUM invoice; `edit` rewrites parts of it */
function minimum(edit: (xml: string) => string = (x) => x): string {
  return edit(`<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice ${NS}>
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:factur-x.eu:1p0:minimum</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>F-1</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20240131</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>
    <ram:ApplicableHeaderTradeAgreement>
      <ram:SellerTradeParty><ram:Name>Seller</ram:Name><ram:PostalTradeAddress><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Buyer</ram:Name></ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery/>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:TaxBasisTotalAmount>100.00</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">20.00</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>120.00</ram:GrandTotalAmount>
        <ram:DuePayableAmount>120.00</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>`);
}

const rules = (xml: string) => checkCii(xml).errors.map((f) => f.rule);

describe('checkCii', () => {
  it('accepts a valid MINIMUM invoice and detects its profile from BT-24', () => {
    const r = checkCii(minimum());
    expect(r).toMatchObject({ valid: true, format: 'CII', profile: 'MINIMUM', errors: [] });
  });

  it('checks against a forced profile instead of the declared one', () => {
    expect(checkCii(minimum(), { profile: 'EXTENDED' }).profile).toBe('EXTENDED');
  });

  it('XSD-ORDER names the misplaced element and the one it must precede', () => {
    const r = checkCii(
      minimum((x) =>
        x.replace(
          '<ram:ID>F-1</ram:ID>\n    <ram:TypeCode>380</ram:TypeCode>',
          '<ram:TypeCode>380</ram:TypeCode>\n    <ram:ID>F-1</ram:ID>',
        ),
      ),
    );
    const f = r.errors.find((e) => e.rule === 'XSD-ORDER' || e.rule === 'XSD-MISSING');
    expect(f?.message).toContain('ram:ID');
    expect(f?.xpath).toMatch(/^\/rsm:CrossIndustryInvoice\/rsm:ExchangedDocument\//);
    expect(f?.line).toBe(7);
    expect(r.valid).toBe(false);
  });

  it('XSD-MISSING says which element the parent must contain', () => {
    const r = checkCii(
      minimum((x) => x.replace('<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>', '')),
    );
    expect(r.errors[0]).toMatchObject({ rule: 'XSD-MISSING', path: 'invoice', severity: 'fatal' });
    expect(r.errors[0]?.message).toBe(
      'ram:ApplicableHeaderTradeSettlement must contain ram:InvoiceCurrencyCode before ram:SpecifiedTradeSettlementHeaderMonetarySummation',
    );
  });

  it('XSD-CARDINALITY for a repeated single element', () => {
    const r = checkCii(
      minimum((x) => x.replace('<ram:ID>F-1</ram:ID>', '<ram:ID>F-1</ram:ID><ram:ID>F-2</ram:ID>')),
    );
    expect(r.errors[0]?.message).toBe('ram:ID may appear at most once in rsm:ExchangedDocument');
  });

  it('XSD-UNEXPECTED for an element the profile does not have, with the expected next element', () => {
    const r = checkCii(
      minimum((x) =>
        x.replace(
          '<ram:TypeCode>380</ram:TypeCode>',
          '<ram:TypeCode>380</ram:TypeCode><ram:Name>x</ram:Name>',
        ),
      ),
    );
    expect(r.errors[0]?.rule).toBe('XSD-UNEXPECTED');
    expect(r.errors[0]?.message).toContain(
      'ram:Name is not allowed in rsm:ExchangedDocument; the next element expected here is ram:IssueDateTime',
    );
  });

  it('XSD-DATATYPE for a decimal written with a comma', () => {
    const r = checkCii(
      minimum((x) => x.replace('<ram:GrandTotalAmount>120.00<', '<ram:GrandTotalAmount>120,00<')),
    );
    expect(r.errors[0]).toMatchObject({ rule: 'XSD-DATATYPE', line: 22, path: 'invoice.totals' });
    expect(r.errors[0]?.message).toContain('"120,00"; expected a decimal number');
  });

  it('places findings on the model: an unknown attribute on the element the reader read, a bad value on its group', () => {
    const r = checkCii(minimum((x) => x.replace('<ram:GrandTotalAmount>', '<ram:GrandTotalAmount foo="1">')));
    expect(r.errors[0]).toMatchObject({ rule: 'XSD-UNEXPECTED', path: 'invoice.totals.taxInclusiveAmount' });
    const line = checkCii(
      minimum((x) => x.replace('<ram:Name>Buyer</ram:Name>', '<ram:Name>Buyer</ram:Name><ram:Foo/>')),
    );
    expect(line.errors[0]).toMatchObject({ rule: 'XSD-UNEXPECTED', path: 'invoice.buyer' });
  });

  it('XSD-MISSING for a required attribute, XSD-UNEXPECTED for an undeclared one', () => {
    expect(rules(minimum((x) => x.replace(' format="102"', '')))).toContain('XSD-MISSING');
    expect(rules(minimum((x) => x.replace('<ram:TypeCode>', '<ram:TypeCode listID="x">')))).toContain(
      'XSD-UNEXPECTED',
    );
  });

  it('CII-DT-097: a date with format 102 must be YYYYMMDD (the XSD types it as a string)', () => {
    const r = checkCii(minimum((x) => x.replace('20240131', '2024-01-31')));
    expect(r.errors.map((f) => f.rule)).toEqual(['CII-DT-097']);
  });

  it('CII-SR-013 (ram:Name in the document header) is a warning, not an error', () => {
    const r = checkCii(
      minimum((x) =>
        x.replace(
          '<ram:TypeCode>380</ram:TypeCode>',
          '<ram:TypeCode>380</ram:TypeCode><ram:Name>x</ram:Name>',
        ),
      ),
      { profile: 'EXTENDED' },
    );
    expect(r.errors.filter((f) => f.rule.startsWith('CII-'))).toEqual([]);
    expect(r.warnings.find((f) => f.rule === 'CII-SR-013')).toMatchObject({
      severity: 'warning',
      xpath: '/rsm:CrossIndustryInvoice/rsm:ExchangedDocument',
    });
  });

  it('ROOT and NAMESPACE findings for a foreign document', () => {
    expect(rules('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>')).toEqual([
      'ROOT',
    ]);
    expect(rules('<CrossIndustryInvoice xmlns="urn:example"/>')).toEqual(['NAMESPACE']);
  });

  it('falls back to EN16931 with a PROFILE warning when BT-24 names no profile', () => {
    const r = checkCii(minimum((x) => x.replace('urn:factur-x.eu:1p0:minimum', 'urn:example:unknown')));
    expect(r.profile).toBe('EN16931');
    expect(r.warnings.map((f) => f.rule)).toContain('PROFILE');
  });

  it('never throws on hostile input: not well-formed, DOCTYPE, deep nesting, bytes, huge text', () => {
    expect(rules('<rsm:CrossIndustryInvoice')).toEqual(['XML-SYNTAX']);
    expect(rules('<!DOCTYPE x [<!ENTITY a "b">]><x/>')).toEqual(['XML-DTD']);
    expect(rules(`${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}`)).toEqual(['XML-DEPTH']);
    expect(checkCii(new TextEncoder().encode(minimum())).valid).toBe(true);
    const huge = minimum((x) =>
      x.replace('<ram:Name>Seller</ram:Name>', `<ram:Name>${'x'.repeat(2_000_000)}</ram:Name>`),
    );
    expect(checkCii(huge).valid).toBe(true);
    const many = minimum((x) => x.replace('<ram:ID>F-1</ram:ID>', '<ram:ID>F-1</ram:ID>'.repeat(20_000)));
    expect(checkCii(many).errors.length).toBeLessThanOrEqual(200);
  });
});
