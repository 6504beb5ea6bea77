/** attach() on PDFs that are not PDF/A yet: repairs what it may (output intent, XMP, /ID), refuses the rest. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { PDFDocument, rgb } from 'pdf-lib';
import { loadFixture } from '../../../fixtures/load.js';
import { attach, embed } from './attach.js';
import { extract } from './extract.js';
import { generate } from './generate.js';
import { preflight } from './preflight/index.js';

const NOW = '2026-03-15T10:00:00Z';
const good = generate(loadFixture('fr-b2b-simple').invoice, { now: NOW, profile: 'BASIC-WL' });
const hasQpdf = spawnSync('sh', ['-c', 'command -v qpdf']).status === 0;

async function plainPdfWithoutText(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  page.drawRectangle({ x: 50, y: 700, width: 200, height: 40, color: rgb(0.2, 0.3, 0.5) });
  doc.setTitle('Scan & archive <2026>');
  return doc.save();
}

describe('attach() on a plain PDF', () => {
  it('adds the output intent, our XMP (title escaped) and the XML: preflight has nothing fatal', async () => {
    const r = await attach(await plainPdfWithoutText(), good.xml!, { now: NOW });
    expect(r.pdf).toBeDefined();
    expect(r.findings.find((f) => f.rule === 'PDFA-6.2.3')?.severity).toBe('information');
    expect(preflight(r.pdf!).filter((f) => f.severity === 'fatal')).toEqual([]);
    const ex = extract(r.pdf!);
    expect(ex.xml).toBe(good.xml);
    expect(ex.xmp).toContain('Scan &amp; archive &lt;2026&gt;');
    expect(ex.xmp).toContain('<fx:ConformanceLevel>BASIC WL</fx:ConformanceLevel>');
  });

  it('uses AFRelationship Data for a BASIC WL XML', async () => {
    const r = await attach(await plainPdfWithoutText(), good.xml!, { now: NOW });
    expect(new TextDecoder('latin1').decode(r.pdf!)).toMatch(/\/AFRelationship \/Data/);
  });

  (hasQpdf ? it : it.skip)('its output passes qpdf --check', async () => {
    const r = await attach(await plainPdfWithoutText(), good.xml!, { now: NOW });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'einv-attach-')), 'a.pdf');
    fs.writeFileSync(file, r.pdf!);
    const q = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
    expect(q.stderr).toBe('');
    expect(q.status).toBe(0);
  });

  it('refuses what is not a PDF', async () => {
    const r = await attach(new TextEncoder().encode('not a pdf'), good.xml!, { now: NOW });
    expect(r.pdf).toBeUndefined();
    expect(r.findings.map((f) => f.rule)).toEqual(['PDF-HEADER']);
  });

  it('refuses an XML without a profile when none is given', async () => {
    const xml =
      '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"/>';
    const r = await attach(await plainPdfWithoutText(), xml, { now: NOW });
    expect(r.pdf).toBeUndefined();
    expect(r.findings.map((f) => f.rule)).toContain('FX-PROFILE');
  });
});

describe('one invoice per file: attach() and embed() on a PDF that already carries one', () => {
  const other = generate(loadFixture('fr-b2b-simple').invoice, { now: NOW, profile: 'EN16931' });

  it('attach() refuses by default, naming the embedded file, and returns no PDF', async () => {
    const r = await attach(good.pdf!, other.xml!, { now: NOW });
    expect(r.pdf).toBeUndefined();
    expect(r.findings.map((f) => f.rule)).toEqual(['FX-INVOICE-PRESENT']);
    expect(r.findings[0]!.severity).toBe('fatal');
    expect(r.findings[0]!.message).toContain('factur-x.xml');
    expect(r.findings[0]!.path).toBe('pdf.attachments["factur-x.xml"]');
  });

  it('embed() refuses too, in French when asked', async () => {
    const r = await embed(good.pdf!, other.xml!, { now: NOW, lang: 'fr' });
    expect(r.pdf).toBeUndefined();
    expect(r.findings.map((f) => f.rule)).toEqual(['FX-INVOICE-PRESENT']);
    expect(r.findings[0]!.message).toMatch(/contient déjà une facture XML \(factur-x\.xml\)/);
  });

  it.each([
    ['attach', attach],
    ['embed', embed],
  ] as const)(
    '%s() with replace: true leaves one invoice, the new one, with XMP and /AF updated',
    async (_n, fn) => {
      const r = await fn(good.pdf!, other.xml!, { now: NOW, replace: true });
      expect(r.pdf).toBeDefined();
      expect(r.findings.find((f) => f.rule === 'FX-INVOICE-REPLACED')?.severity).toBe('information');
      expect(preflight(r.pdf!)).toEqual([]);
      const ex = extract(r.pdf!);
      expect(ex.invoiceAttachments).toEqual(['factur-x.xml']);
      expect(ex.xml).toBe(other.xml);
      expect(ex.xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
      const raw = new TextDecoder('latin1').decode(r.pdf!);
      // one file specification, one catalog /AF entry; BASIC WL's /Data became EN 16931's /Alternative
      expect(raw.match(/\/Type \/Filespec/g)).toHaveLength(1);
      // the old XML's stream is deleted, not just unlinked
      expect(raw.match(/\/Type \/EmbeddedFile\b/g)).toHaveLength(1);
      expect(raw).not.toMatch(/\/AFRelationship \/Data/);
    },
  );

  it('replaces a ZUGFeRD-named invoice made by pdf-lib: its file specification is gone', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]);
    await doc.attach(new TextEncoder().encode(good.xml!), 'zugferd-invoice.xml', {
      mimeType: 'text/xml',
    });
    const legacy = await doc.save({ useObjectStreams: false });
    expect(extract(legacy).filename).toBe('zugferd-invoice.xml');
    const refused = await attach(legacy, other.xml!, { now: NOW });
    expect(refused.findings.map((f) => f.rule)).toContain('FX-INVOICE-PRESENT');
    expect(refused.findings[0]!.message).toContain('zugferd-invoice.xml');
    const r = await attach(legacy, other.xml!, { now: NOW, replace: true });
    expect(r.pdf).toBeDefined();
    const ex = extract(r.pdf!);
    expect(ex.attachments).toEqual(['factur-x.xml']);
    expect(ex.xml).toBe(other.xml);
    expect(new TextDecoder('latin1').decode(r.pdf!)).not.toContain('zugferd-invoice.xml');
  });

  it('a PDF without an invoice is not affected by replace: true', async () => {
    const r = await attach(await plainPdfWithoutText(), good.xml!, { now: NOW, replace: true });
    expect(r.pdf).toBeDefined();
    expect(r.findings.map((f) => f.rule)).not.toContain('FX-INVOICE-REPLACED');
  });
});
