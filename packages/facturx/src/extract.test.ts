/**
 * extract() finds the invoice wherever writers put it: a name tree with /Kids, an /AF-only file,
 * the name the XMP declares among several XML attachments, legacy names in any case, or by content.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { buildPdf, streamObject } from '../../../tests/facturx/support.js';
import { extract, xmpDocumentFileName } from './extract.js';

const CII = (id: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><rsm:ExchangedDocument><ram:ID xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100">${id}</ram:ID></rsm:ExchangedDocument></rsm:CrossIndustryInvoice>`;

const fileSpec = (name: string, streamRef: number) =>
  `<< /Type /Filespec /F (${name}) /UF (${name}) /EF << /F ${streamRef} 0 R >> /AFRelationship /Alternative >>`;
const xmlStream = (xml: string) => streamObject('/Type /EmbeddedFile /Subtype /text#2Fxml', xml);
const PAGES = '<< /Type /Pages /Kids [] /Count 0 >>';

describe('extract', () => {
  it('follows an EmbeddedFiles name tree through /Kids', () => {
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles 3 0 R >> >>',
      PAGES,
      '<< /Kids [4 0 R 5 0 R] >>',
      '<< /Limits [(a.png) (a.png)] /Names [(a.png) 6 0 R] >>',
      '<< /Limits [(factur-x.xml) (factur-x.xml)] /Names [(factur-x.xml) 7 0 R] >>',
      `<< /Type /Filespec /F (a.png) /UF (a.png) /EF << /F 8 0 R >> >>`,
      fileSpec('factur-x.xml', 9),
      streamObject('/Type /EmbeddedFile /Subtype /image#2Fpng', 'PNG'),
      xmlStream(CII('KIDS-1')),
    ]);
    const r = extract(pdf);
    expect(r.filename).toBe('factur-x.xml');
    expect(r.xml).toContain('KIDS-1');
    expect(r.attachments.sort()).toEqual(['a.png', 'factur-x.xml']);
  });

  it('finds a file listed only in the catalog /AF array', () => {
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /AF [3 0 R] >>',
      PAGES,
      fileSpec('factur-x.xml', 4),
      xmlStream(CII('AF-ONLY')),
    ]);
    expect(extract(pdf).xml).toContain('AF-ONLY');
  });

  it('lets the XMP fx:DocumentFileName decide among several XML attachments', () => {
    const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#"><fx:DocumentFileName>zugferd-invoice.xml</fx:DocumentFileName></rdf:Description></rdf:RDF></x:xmpmeta>`;
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /Metadata 3 0 R /Names << /EmbeddedFiles << /Names [(factur-x.xml) 4 0 R (zugferd-invoice.xml) 5 0 R] >> >> >>',
      PAGES,
      streamObject('/Type /Metadata /Subtype /XML', xmp),
      fileSpec('factur-x.xml', 6),
      fileSpec('zugferd-invoice.xml', 7),
      xmlStream(CII('NOT-THIS')),
      xmlStream(CII('THIS-ONE')),
    ]);
    const r = extract(pdf);
    expect(r.filename).toBe('zugferd-invoice.xml');
    expect(r.xml).toContain('THIS-ONE');
    expect(xmpDocumentFileName(r.xmp)).toBe('zugferd-invoice.xml');
  });

  it('reads legacy ZUGFeRD names whatever their case, and compressed streams', () => {
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(ZUGFeRD-invoice.xml) 3 0 R] >> >> >>',
      PAGES,
      fileSpec('ZUGFeRD-invoice.xml', 4),
      streamObject('/Type /EmbeddedFile /Filter /FlateDecode', deflateSync(Buffer.from(CII('LEGACY')))),
    ]);
    const r = extract(pdf);
    expect(r.filename).toBe('ZUGFeRD-invoice.xml');
    expect(r.xml).toContain('LEGACY');
  });

  it('recognises an invoice attached under another name by its root element', () => {
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(notes.xml) 3 0 R (my-invoice.xml) 4 0 R] >> >> >>',
      PAGES,
      fileSpec('notes.xml', 5),
      fileSpec('my-invoice.xml', 6),
      xmlStream('<notes><n>hello</n></notes>'),
      xmlStream(CII('BY-CONTENT')),
    ]);
    const r = extract(pdf);
    expect(r.filename).toBe('my-invoice.xml');
    expect(r.invoiceAttachments).toEqual(['my-invoice.xml']);
    expect(r.findings).toEqual([]);
  });

  it('says which files were found when none is an invoice', () => {
    const pdf = buildPdf([
      '<< /Type /Catalog /Pages 2 0 R /Names << /EmbeddedFiles << /Names [(photo.png) 3 0 R] >> >> >>',
      PAGES,
      `<< /Type /Filespec /F (photo.png) /UF (photo.png) /EF << /F 4 0 R >> >>`,
      streamObject('/Type /EmbeddedFile', 'PNG'),
    ]);
    const f = extract(pdf).findings;
    expect(f.map((x) => x.rule)).toEqual(['FX-NO-INVOICE']);
    expect(f[0]!.message).toContain('photo.png');
  });

  it('answers in French when asked', () => {
    const f = extract(new TextEncoder().encode('bonjour'), { lang: 'fr' }).findings;
    expect(f[0]!.message).toMatch(/n’est pas un PDF/);
  });
});
