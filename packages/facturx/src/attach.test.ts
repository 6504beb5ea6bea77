/** attach() on PDFs that are not PDF/A yet: repairs what it may (output intent, XMP, /ID), refuses the rest. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { PDFDocument, rgb } from 'pdf-lib';
import { loadFixture } from '../../../fixtures/load.js';
import { attach } from './attach.js';
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
