/**
 * checkUbl on small hand-written documents: findings name the element and what was expected;
 * UBL-CR rules are warnings; hostile input gives findings, never an exception.
 * (Equivalence with the XSD and the official syntax rules: tests/structure.)
 */
import { describe, expect, it } from '@jest/globals';
import { checkUbl } from './check-ubl.js';

function invoice(edit: (xml: string) => string = (x) => x): string {
  return edit(`<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>
  <cbc:ID>F-1</cbc:ID>
  <cbc:IssueDate>2024-01-31</cbc:IssueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cac:AccountingSupplierParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Seller</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Buyer</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
  <cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="EUR">120.00</cbc:PayableAmount></cac:LegalMonetaryTotal>
  <cac:InvoiceLine>
    <cbc:ID>1</cbc:ID>
    <cbc:LineExtensionAmount currencyID="EUR">100.00</cbc:LineExtensionAmount>
    <cac:Item><cbc:Name>Thing</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item>
  </cac:InvoiceLine>
</Invoice>`);
}

const rules = (xml: string) => checkUbl(xml).errors.map((f) => f.rule);

describe('checkUbl', () => {
  it('accepts a small valid invoice', () => {
    expect(checkUbl(invoice())).toMatchObject({
      valid: true,
      format: 'UBL',
      documentType: 'Invoice',
      errors: [],
    });
  });

  it('XSD-DATATYPE for an impossible date (xs:date)', () => {
    const r = checkUbl(invoice((x) => x.replace('2024-01-31', '2024-02-30')));
    expect(r.errors[0]).toMatchObject({ rule: 'XSD-DATATYPE', line: 5, xpath: '/Invoice/cbc:IssueDate' });
    expect(r.errors[0]?.message).toBe('cbc:IssueDate is "2024-02-30"; expected a date YYYY-MM-DD');
  });

  it('XSD-MISSING for the required currencyID of an amount', () => {
    const r = checkUbl(
      invoice((x) => x.replace('<cbc:PayableAmount currencyID="EUR">', '<cbc:PayableAmount>')),
    );
    expect(r.errors[0]?.message).toBe('cbc:PayableAmount must have the attribute currencyID');
    expect(r.errors[0]?.path).toBe('invoice.totals');
  });

  it('XSD-ORDER when IssueDate comes before ID', () => {
    const r = checkUbl(
      invoice((x) =>
        x.replace(
          '<cbc:ID>F-1</cbc:ID>\n  <cbc:IssueDate>2024-01-31</cbc:IssueDate>',
          '<cbc:IssueDate>2024-01-31</cbc:IssueDate>\n  <cbc:ID>F-1</cbc:ID>',
        ),
      ),
    );
    expect(r.errors.map((f) => f.rule)).toEqual(['XSD-MISSING', 'XSD-ORDER']);
    expect(r.errors[1]?.message).toBe('cbc:ID is out of order in Invoice: it must come before cbc:IssueDate');
  });

  it('UBL-CR-* findings (elements EN 16931 does not use) are warnings', () => {
    const r = checkUbl(
      invoice((x) =>
        x.replace('<cbc:ID>F-1</cbc:ID>', '<cbc:ID>F-1</cbc:ID><cbc:CopyIndicator>false</cbc:CopyIndicator>'),
      ),
    );
    expect(r.valid).toBe(true);
    expect(r.warnings.map((f) => f.rule)).toContain('UBL-CR-004');
  });

  it('UBL-DT-01: amounts with more than two decimals are an error', () => {
    const r = checkUbl(
      invoice((x) => x.replace('120.00</cbc:PayableAmount>', '120.005</cbc:PayableAmount>')),
    );
    expect(r.errors.map((f) => f.rule)).toEqual(['UBL-DT-01']);
  });

  it('a CreditNote root is recognized; other roots and namespaces are refused', () => {
    expect(
      checkUbl('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/>')
        .documentType,
    ).toBe('CreditNote');
    expect(rules('<Order xmlns="urn:oasis:names:specification:ubl:schema:xsd:Order-2"/>')).toEqual(['ROOT']);
    expect(rules('<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/>')).toEqual([
      'NAMESPACE',
    ]);
  });

  it('never throws on hostile input', () => {
    expect(rules('<Invoice><')).toEqual(['XML-SYNTAX']);
    expect(rules('')).toEqual(['XML-EMPTY']);
    expect(rules(`${'<a>'.repeat(3000)}`)).toEqual(['XML-DEPTH']);
    const many = invoice((x) => x.replace('<cbc:ID>F-1</cbc:ID>', '<cbc:ID>F-1</cbc:ID>'.repeat(20_000)));
    expect(checkUbl(many).errors.length).toBeLessThanOrEqual(300);
  });
});
