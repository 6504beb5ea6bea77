/**
 * Source facts: the official rules that judge XML nodes (every amount's currencyID, every country
 * code, every referenced document, an empty quantity element) give the official verdict on XML
 * read by readCii/readUbl, and the model-based verdict on a JSON invoice. Built from einv's own
 * fixture written to XML, then damaged where the model has no place for the damage.
 */
import { readCii, writeCii } from '@einv/cii';
import { complete, type Finding, type Invoice } from '@einv/core-model';
import { validate } from '@einv/rules';
import { readUbl, writeUbl } from '@einv/ubl';
import { describe, expect, it } from '@jest/globals';
import { loadFixture } from '../../fixtures/load.js';

const base = (): Invoice => complete(loadFixture('fr-b2b-simple').invoice);

/** Every finding of validate() on what a reader read, with its locations and source facts */
function fired(
  read: ReturnType<typeof readUbl> | ReturnType<typeof readCii>,
  syntax: 'CII' | 'UBL',
  frenchEdition: 'standard' | 'transition' | 'off' = 'off',
): Finding[] {
  const r = validate(read.invoice, {
    syntax,
    frenchEdition,
    locations: read.locations,
    source: read.source,
  });
  return [...r.errors, ...r.warnings];
}
const ids = (findings: Finding[], rule: string) => findings.filter((f) => f.rule === rule);

describe('rules judging source nodes (UBL)', () => {
  const xml = writeUbl(base()).xml;

  it('BR-CL-03 fires once per amount whose currencyID is not ISO 4217, at that amount', () => {
    const damaged = xml.replace(/(<cbc:PayableAmount currencyID=")EUR"/, '$1XX9"');
    expect(damaged).not.toBe(xml);
    const found = ids(fired(readUbl(damaged), 'UBL'), 'BR-CL-03');
    expect(found).toHaveLength(1);
    expect(found[0]?.xpath).toMatch(/cbc:PayableAmount\/@currencyID$/);
    expect(found[0]?.path).toBe('invoice.totals.amountDue');
    expect(ids(fired(readUbl(xml), 'UBL'), 'BR-CL-03')).toEqual([]);
  });

  it('BR-CL-01 judges a CreditNote type code against the credit-note list, an Invoice one against the invoice list', () => {
    const asCreditCode = xml.replace(/<cbc:InvoiceTypeCode>380</, '<cbc:InvoiceTypeCode>381<');
    expect(asCreditCode).not.toBe(xml);
    expect(ids(fired(readUbl(asCreditCode), 'UBL'), 'BR-CL-01')).toHaveLength(1);
    // the model alone (JSON) knows no root: the union of both lists applies and 381 passes
    const modelOnly = validate(readUbl(asCreditCode).invoice, { syntax: 'UBL', frenchEdition: 'off' });
    expect(modelOnly.errors.map((f) => f.rule)).not.toContain('BR-CL-01');
  });

  it('BR-CO-14 compares each cac:TaxTotal with its own subtotals, also one in another currency', () => {
    const taxTotal = /<cac:TaxTotal>[\s\S]*?<\/cac:TaxTotal>/.exec(xml)?.[0] ?? '';
    expect(taxTotal).toContain('<cac:TaxSubtotal>');
    // the invoice in USD: the EUR TaxTotal is no BT-110 for the model, yet it matches its subtotals
    const inUsd = xml.replace(/<cbc:DocumentCurrencyCode>EUR</, '<cbc:DocumentCurrencyCode>USD<');
    expect(ids(fired(readUbl(inUsd), 'UBL'), 'BR-CO-14')).toEqual([]);
    const modelOnly = validate(readUbl(inUsd).invoice, { syntax: 'UBL', frenchEdition: 'off' });
    expect(modelOnly.errors.map((f) => f.rule)).toContain('BR-CO-14');
    // a TaxTotal whose amount is not the sum of its subtotals fires, at that TaxTotal
    const wrong = xml.replace(
      taxTotal,
      taxTotal.replace(/(<cbc:TaxAmount currencyID="EUR">)[^<]*/, '$10.01'),
    );
    const found = ids(fired(readUbl(wrong), 'UBL'), 'BR-CO-14');
    expect(found).toHaveLength(1);
    expect(found[0]?.xpath).toBe('/Invoice/cac:TaxTotal');
  });

  it('BR-DEC-18 counts the decimals as written: 10.500 has three on XML, 10.5 has one as a number', () => {
    const padded = xml.replace(/(<cbc:PayableAmount[^>]*>\d+\.\d\d)(?=<)/, '$10');
    expect(padded).not.toBe(xml);
    const read = readUbl(padded);
    const found = ids(fired(read, 'UBL'), 'BR-DEC-18');
    expect(found).toHaveLength(1);
    expect(found[0]?.path).toBe('invoice.totals.amountDue');
    const modelOnly = validate(read.invoice, { syntax: 'UBL', frenchEdition: 'off' });
    expect(modelOnly.errors.map((f) => f.rule)).not.toContain('BR-DEC-18');
  });

  it('BR-22 sees an empty quantity element as present, as the official exists() test does', () => {
    const blank = xml.replace(/(<cbc:InvoicedQuantity unitCode="\w+">)[^<]*</, '$1<');
    expect(blank).not.toBe(xml);
    const read = readUbl(blank);
    expect(read.diagnostics.some((d) => d.rule === 'UBL-READ-NUMBER')).toBe(true);
    expect(ids(fired(read, 'UBL'), 'BR-22')).toEqual([]);
    // without the source facts the quantity is simply absent
    const modelOnly = validate(read.invoice, { syntax: 'UBL', frenchEdition: 'off' });
    expect(modelOnly.errors.map((f) => f.rule)).toContain('BR-22');
  });
});

describe('rules judging source nodes (CII)', () => {
  const xml = writeCii(base(), { profile: 'EN16931' }).xml;

  it('BR-52 fires for a line-level referenced document without IssuerAssignedID (not a BG-24 in the model)', () => {
    const withLineDoc = xml.replace(
      '</ram:SpecifiedLineTradeSettlement>',
      '<ram:AdditionalReferencedDocument><ram:TypeCode>130</ram:TypeCode></ram:AdditionalReferencedDocument></ram:SpecifiedLineTradeSettlement>',
    );
    expect(withLineDoc).not.toBe(xml);
    const found = ids(fired(readCii(withLineDoc), 'CII'), 'BR-52');
    expect(found).toHaveLength(1);
    expect(found[0]?.xpath).toMatch(/ram:SpecifiedLineTradeSettlement\/ram:AdditionalReferencedDocument$/);
    expect(found[0]?.path).toMatch(/^invoice\.lines\[0\]/);
    expect(ids(fired(readCii(xml), 'CII'), 'BR-52')).toEqual([]);
  });

  it('BR-30 fires for a line period whose StartDateTime has no date string (an empty sequence officially)', () => {
    const withPeriod = xml.replace(
      '<ram:SpecifiedLineTradeSettlement>',
      '<ram:SpecifiedLineTradeSettlement><ram:BillingSpecifiedPeriod><ram:StartDateTime></ram:StartDateTime>' +
        '<ram:EndDateTime><udt:DateTimeString format="102">20260131</udt:DateTimeString></ram:EndDateTime></ram:BillingSpecifiedPeriod>',
    );
    expect(withPeriod).not.toBe(xml);
    const read = readCii(withPeriod);
    expect(read.invoice.lines?.[0]?.period?.startDate).toBe('');
    expect(ids(fired(read, 'CII'), 'BR-30')).toHaveLength(1);
    // a JSON invoice's blank start date is no date given: nothing to compare
    expect(validate(read.invoice, { frenchEdition: 'off' }).errors.map((f) => f.rule)).not.toContain('BR-30');
  });

  it('BR-CL-16 judges every payment means, also the ones the model does not keep', () => {
    const means =
      /<ram:SpecifiedTradeSettlementPaymentMeans>[\s\S]*?<\/ram:SpecifiedTradeSettlementPaymentMeans>/.exec(
        xml,
      )?.[0];
    expect(means).toBeDefined();
    const second = (means ?? '').replace(/<ram:TypeCode>[^<]*</, '<ram:TypeCode>DE<');
    const doubled = xml.replace(means ?? '', `${means}${second}`);
    const found = ids(fired(readCii(doubled), 'CII'), 'BR-CL-16');
    expect(found).toHaveLength(1);
    expect(found[0]?.value).toBe('DE');
    expect(found[0]?.xpath).toMatch(/ram:SpecifiedTradeSettlementPaymentMeans\[2\]\/ram:TypeCode$/);
  });
});

describe('French rules judging source nodes', () => {
  const frenchFindings = (
    read: ReturnType<typeof readUbl> | ReturnType<typeof readCii>,
    syntax: 'CII' | 'UBL',
    frenchEdition: 'standard' | 'transition' = 'standard',
  ) => fired(read, syntax, frenchEdition);

  it('BR-FR-16 and BR-FR-DEC-04 judge the VAT rate as written: "20.000" fails, "20.00" passes', () => {
    const xml = writeCii(base(), { profile: 'EN16931' }).xml;
    const rate = /<ram:RateApplicablePercent>([^<]*)</.exec(xml)?.[1];
    expect(rate).toBeDefined();
    const written = (lexical: string) =>
      xml.replace(/<ram:RateApplicablePercent>[^<]*</g, `<ram:RateApplicablePercent>${lexical}<`);
    const bad = frenchFindings(readCii(written('20.000')), 'CII');
    expect(ids(bad, 'BR-FR-16').length).toBeGreaterThan(0);
    expect(ids(bad, 'BR-FR-DEC-04').length).toBeGreaterThan(0);
    expect(ids(bad, 'BR-FR-16')[0]?.xpath).toMatch(/ram:RateApplicablePercent$/);
    const good = frenchFindings(readCii(written('20.00')), 'CII');
    expect([...ids(good, 'BR-FR-16'), ...ids(good, 'BR-FR-DEC-04')]).toEqual([]);
    // the model alone holds 20 for both: JSON cannot tell them apart
    const modelOnly = validate(readCii(written('20.000')).invoice, {
      syntax: 'CII',
      frenchEdition: 'standard',
    });
    expect(modelOnly.errors.map((f) => f.rule)).not.toContain('BR-FR-16');
  });

  it('BR-FR-29 fires for an empty AFL reference beside another invoiced object (the model keeps one BT-18)', () => {
    const xml = writeUbl(base()).xml;
    const withRefs = xml.replace(
      /(<cac:AccountingSupplierParty>)/,
      '<cac:AdditionalDocumentReference><cbc:ID schemeID="AVV">V1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>' +
        '<cac:AdditionalDocumentReference><cbc:ID schemeID="AFL"></cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>$1',
    );
    expect(withRefs).not.toBe(xml);
    const found = ids(frenchFindings(readUbl(withRefs), 'UBL'), 'BR-FR-29');
    expect(found).toHaveLength(1);
    expect(found[0]?.xpath).toMatch(/cac:AdditionalDocumentReference\[2\]\/cbc:ID$/);
  });

  it('BR-FR-02 tests UBL line document references in the transition edition only, as the official editions do', () => {
    const xml = writeUbl(base()).xml;
    const withLineRef = xml.replace(
      /(<cac:Item>)/,
      '<cac:DocumentReference><cbc:ID>REF 1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:DocumentReference>$1',
    );
    expect(withLineRef).not.toBe(xml);
    const read = readUbl(withLineRef);
    expect(ids(frenchFindings(read, 'UBL', 'transition'), 'BR-FR-02')).toHaveLength(1);
    expect(ids(frenchFindings(read, 'UBL', 'standard'), 'BR-FR-02')).toEqual([]);
  });

  it('BR-FR-CO-03 and CO-05 follow the UBL root: CreditNote-only rules do not run on an Invoice', () => {
    // a UBL Invoice carrying the credit-note type 262 (writeUbl would write a CreditNote)
    const xml = writeUbl(base()).xml.replace(/<cbc:InvoiceTypeCode>380</, '<cbc:InvoiceTypeCode>262<');
    const read = readUbl(xml);
    expect(read.documentType).toBe('Invoice');
    expect(read.invoice.typeCode).toBe('262');
    expect(ids(frenchFindings(read, 'UBL'), 'BR-FR-CO-03')).toEqual([]);
    // the same model as JSON has no root: the rule runs
    const json = validate(read.invoice, { frenchEdition: 'standard' });
    expect(json.errors.map((f) => f.rule)).toContain('BR-FR-CO-03');
  });

  it('BR-FR-CO-05 accepts a credit note whose every DETAIL line names its preceding invoice', () => {
    const invoice = base();
    invoice.typeCode = '381';
    delete invoice.precedingInvoices;
    const lineRefs = (lines: typeof invoice.lines) =>
      (lines ?? []).map((l) => ({
        ...l,
        frenchCtc: { precedingInvoice: { number: 'F1', issueDate: '2025-01-15' } },
      }));
    const without = validate(invoice, { frenchEdition: 'standard' });
    expect(without.errors.map((f) => f.rule)).toContain('BR-FR-CO-05');
    const withLines = validate({ ...invoice, lines: lineRefs(invoice.lines) }, { frenchEdition: 'standard' });
    expect(withLines.errors.map((f) => f.rule)).not.toContain('BR-FR-CO-05');
  });
});
