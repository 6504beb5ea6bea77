/**
 * preflight() flags each way a file can fail PDF/A-3 / Factur-X, on files made here for the purpose:
 * Helvetica text (not embedded), no output intent, a raw `&` in the XMP title, fx: properties
 * without their extension schema, a missing AFRelationship, a ConformanceLevel the XML contradicts.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import * as fontkit from 'fontkit';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import PDFKit from 'pdfkit';
import { loadFixture } from '../../../../fixtures/load.js';
import { attach, embed } from '../attach.js';
import { generate } from '../generate.js';
import { renderPdf } from '../render/render-pdf.js';
import { preflight } from './index.js';

const require = createRequire(import.meta.url);

const NOW = '2026-03-15T10:00:00Z';
const fixture = loadFixture('fr-b2b-simple');
const good = generate(fixture.invoice, { now: NOW, profile: 'EN16931' });
const plain = renderPdf(fixture.invoice, { now: NOW });

function rules(pdf: Uint8Array): string[] {
  return preflight(pdf).map((f) => f.rule);
}

/** A pdfkit PDF/A-3b document as pdfkit makes it by default (its own XMP, the fonts we ask for) */
function pdfkitDocument(options: { title?: string; helvetica?: boolean }): Promise<Uint8Array> {
  return new Promise((resolve) => {
    const doc = new PDFKit({
      pdfVersion: '1.7',
      subset: 'PDF/A-3b',
      ...(options.title ? { info: { Title: options.title } } : {}),
    });
    const chunks: Uint8Array[] = [];
    doc.on('data', (c: Uint8Array) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    if (!options.helvetica) doc.font(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
    doc.text('Facture F-1');
    doc.end();
  });
}

async function rewrite(
  pdf: Uint8Array,
  change: (doc: PDFDocument) => void | Promise<void>,
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  await change(doc);
  return doc.save({ useObjectStreams: false });
}

describe('preflight() on our own output', () => {
  it('finds nothing to report on a generated Factur-X file', () => {
    expect(preflight(good.pdf!)).toEqual([]);
  });

  it('finds nothing to report after embed() (pdf-lib path) with the right profile', async () => {
    const r = await embed(plain, good.xml!, { now: NOW, profile: 'EN16931' });
    expect(r.findings).toEqual([]);
    expect(preflight(r.pdf!)).toEqual([]);
  });
});

describe('preflight() flags', () => {
  it('PDFA-6.2.11.4 fires on text set in Helvetica (a standard font, never embedded)', async () => {
    const pdf = await pdfkitDocument({ helvetica: true });
    const findings = preflight(pdf).filter((f) => f.rule === 'PDFA-6.2.11.4');
    expect(findings).toHaveLength(1);
    expect(findings[0]!.message).toMatch(/Helvetica is not embedded/);
  });

  it('PDFA-6.2.3 fires when the output intent is removed', async () => {
    const pdf = await rewrite(good.pdf!, (doc) => {
      doc.catalog.delete(PDFName.of('OutputIntents'));
    });
    expect(rules(pdf)).toContain('PDFA-6.2.3');
  });

  it('PDFA-6.6.2.1 fires when pdfkit copies a raw & of the title into the XMP', async () => {
    const pdf = await pdfkitDocument({ title: 'Dupont & Fils' });
    const f = preflight(pdf).find((x) => x.rule === 'PDFA-6.6.2.1');
    expect(f?.message).toMatch(/not well-formed/);
  });

  it('PDFA-6.6.2.1 stays silent on our XMP for the same & title (we escape it)', () => {
    const inv = { ...fixture.invoice, seller: { ...fixture.invoice.seller, name: 'Dupont & Fils <SARL>' } };
    const r = generate(inv, { now: NOW });
    expect(r.pdf).toBeDefined();
    expect(preflight(r.pdf!)).toEqual([]);
  });

  it('PDFA-6.6.2.3 fires on fx: properties without the Factur-X extension schema', async () => {
    const r = await embed(plain, good.xml!, { now: NOW, profile: 'EN16931' });
    const pdf = await rewrite(r.pdf!, (doc) => {
      const xmp = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"><pdfaid:part>3</pdfaid:part><pdfaid:conformance>B</pdfaid:conformance></rdf:Description>
<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">
<fx:DocumentType>INVOICE</fx:DocumentType><fx:DocumentFileName>factur-x.xml</fx:DocumentFileName><fx:Version>1.0</fx:Version><fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>
</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
      const meta = doc.context.stream(xmp, { Type: 'Metadata', Subtype: 'XML' });
      doc.catalog.set(PDFName.of('Metadata'), doc.context.register(meta));
    });
    const undeclared = preflight(pdf).filter((f) => f.rule === 'PDFA-6.6.2.3');
    expect(undeclared.map((f) => f.message).join('\n')).toMatch(/DocumentFileName/);
    expect(undeclared.length).toBe(4);
  });

  it('PDFA-6.8-AFRELATIONSHIP fires when the attachment has no AFRelationship', async () => {
    const pdf = await rewrite(plain, async (doc) => {
      await doc.attach(new TextEncoder().encode(good.xml!), 'factur-x.xml', {
        mimeType: 'text/xml',
        modificationDate: new Date(NOW),
      });
    });
    const findings = preflight(pdf);
    expect(findings.map((f) => f.rule)).toContain('PDFA-6.8-AFRELATIONSHIP');
    expect(findings.find((f) => f.rule === 'PDFA-6.8-AFRELATIONSHIP')!.path).toBe(
      'pdf.attachments["factur-x.xml"]',
    );
  });

  it('FX-XMP-CONFORMANCE fires when fx:ConformanceLevel does not match the XML profile', async () => {
    const r = await embed(plain, good.xml!, { now: NOW, profile: 'BASIC' });
    const f = preflight(r.pdf!).find((x) => x.rule === 'FX-XMP-CONFORMANCE');
    expect(f?.message).toMatch(/BASIC but the embedded XML declares the EN16931 profile/);
  });

  it('FX-AFRELATIONSHIP warns when a MINIMUM file uses Alternative instead of Data', async () => {
    const minimum = generate(fixture.invoice, { now: NOW, profile: 'MINIMUM' });
    const r = await embed(plain, minimum.xml!, { now: NOW, profile: 'EN16931' });
    const f = preflight(r.pdf!).find((x) => x.rule === 'FX-AFRELATIONSHIP');
    expect(f?.severity).toBe('warning');
    expect(f?.message).toMatch(/MINIMUM profile Factur-X expects Data/);
  });

  it('PDF-INFO-XMP warns when the Info Producer differs from the XMP pdf:Producer', async () => {
    const pdf = await rewrite(good.pdf!, (doc) => {
      doc.setProducer('Another tool');
    });
    const f = preflight(pdf).find((x) => x.rule === 'PDF-INFO-XMP');
    expect(f?.severity).toBe('warning');
    expect(f?.path).toBe('pdf.info.Producer');
  });

  it('FX-NO-INVOICE fires on a plain PDF/A without attachment', () => {
    expect(rules(plain)).toEqual(['FX-NO-INVOICE']);
  });
});

describe('attach()', () => {
  it('turns our plain PDF/A into a clean Factur-X file', async () => {
    const r = await attach(plain, good.xml!, { now: NOW });
    expect(r.pdf).toBeDefined();
    expect(r.findings.filter((f) => f.severity === 'fatal')).toEqual([]);
    expect(preflight(r.pdf!)).toEqual([]);
  });

  it('refuses a PDF with Helvetica text and says which font', async () => {
    const pdf = await pdfkitDocument({ helvetica: true });
    const r = await attach(pdf, good.xml!, { now: NOW });
    expect(r.pdf).toBeUndefined();
    expect(r.findings.find((f) => f.rule === 'PDFA-6.2.11.4')?.message).toMatch(/Helvetica/);
  });

  it('refuses broken XML with FX-XML', async () => {
    const r = await attach(plain, '<rsm:CrossIndustryInvoice><unclosed>', { now: NOW });
    expect(r.pdf).toBeUndefined();
    expect(r.findings.map((f) => f.rule)).toContain('FX-XML');
  });
});

describe('preflight() judges glyph use against the embedded font programs', () => {
  /** pdf-lib's own layout (another library) with DejaVu Sans embedded whole, and text drawn as given */
  async function pdfLibText(text: string): Promise<PDFDocument> {
    const doc = await PDFDocument.create();
    // fontkit 2 serves pdf-lib's whole-font embedding (its types describe @pdf-lib/fontkit)
    doc.registerFontkit(fontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
    const font = await doc.embedFont(
      fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
      {
        subset: false,
      },
    );
    doc.addPage([595, 842]).drawText(text, { x: 50, y: 700, font, size: 12 });
    return doc;
  }

  /** Every indirect dictionary of a pdf-lib document with the given /Subtype or key */
  function dictsWith(doc: PDFDocument, test: (d: PDFDict) => boolean): PDFDict[] {
    return doc.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .filter((o): o is PDFDict => o instanceof PDFDict && test(o));
  }

  it('flags .notdef in a file made by pdf-lib (CJK text in a Latin font): 6.2.11.8, naming the font', async () => {
    const bytes = await (await pdfLibText('Facture 東京商事 🚀')).save();
    const notdef = preflight(bytes).filter((f) => f.rule === 'PDFA-6.2.11.8');
    expect(notdef.map((f) => f.severity)).toEqual(['fatal']);
    expect(notdef[0]!.path).toMatch(/^pdf\.fonts\["DejaVuSans-\d+"\]$/);
    expect(notdef[0]!.message).toContain('<0000>');
  });

  it('passes the same pdf-lib file when every character has a glyph', async () => {
    const bytes = await (await pdfLibText('Facture Ελληνική Рога àéïôù')).save();
    expect(preflight(bytes).filter((f) => f.rule.startsWith('PDFA-6.2.11'))).toEqual([]);
  });

  it('flags /W widths that disagree with the font program: 6.2.11.5', async () => {
    const doc = await pdfLibText('Facture F-1');
    await doc.flush(); // pdf-lib writes its font dictionaries here
    for (const cid of dictsWith(doc, (d) => d.get(PDFName.of('Subtype')) === PDFName.of('CIDFontType2'))) {
      cid.set(PDFName.of('W'), doc.context.obj([]));
      cid.set(PDFName.of('DW'), doc.context.obj(1000));
    }
    const widths = preflight(await doc.save()).filter((f) => f.rule === 'PDFA-6.2.11.5');
    expect(widths.map((f) => f.severity)).toEqual(['fatal']);
    expect(widths[0]!.message).toMatch(/CID \d+: 1000 \/ \d+/);
  });

  it('flags a CIDSet that misses used CIDs (6.2.11.4.2) and a CIDToGIDMap to glyph 0 (6.2.11.8) in einv output', async () => {
    const doc = await PDFDocument.load(good.pdf!);
    for (const fd of dictsWith(doc, (d) => d.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'))) {
      fd.set(PDFName.of('CIDSet'), doc.context.register(doc.context.stream(new Uint8Array(64))));
    }
    expect(rules(await doc.save())).toContain('PDFA-6.2.11.4.2');
    const zeroMap = await PDFDocument.load(good.pdf!);
    for (const cid of dictsWith(
      zeroMap,
      (d) => d.get(PDFName.of('Subtype')) === PDFName.of('CIDFontType2'),
    )) {
      cid.set(
        PDFName.of('CIDToGIDMap'),
        zeroMap.context.register(zeroMap.context.stream(new Uint8Array(4096))),
      );
    }
    expect(rules(await zeroMap.save())).toContain('PDFA-6.2.11.8');
    const badMap = await PDFDocument.load(good.pdf!);
    for (const cid of dictsWith(badMap, (d) => d.get(PDFName.of('Subtype')) === PDFName.of('CIDFontType2'))) {
      cid.set(PDFName.of('CIDToGIDMap'), PDFName.of('Nonsense'));
    }
    expect(rules(await badMap.save())).toContain('PDFA-6.2.11.3.2');
  });

  it('attach() refuses a pdf-lib PDF that shows .notdef, with the clause', async () => {
    const r = await attach(await (await pdfLibText('東京')).save(), good.xml!, { now: NOW });
    expect(r.pdf).toBeUndefined();
    expect(r.findings.map((f) => f.rule)).toContain('PDFA-6.2.11.8');
  });
});
