/**
 * attach() on every Factur-X / ZUGFeRD / XRechnung PDF of ../shared/corpus (they all carry an invoice
 * already): refused by default with FX-INVOICE-PRESENT naming the embedded file; with replace: true,
 * exactly one invoice attachment remains (our reader and qpdf agree), extract() returns the XML given
 * byte for byte, qpdf --check passes and preflight is clean.
 */
import fs from 'node:fs';
import path from 'node:path';
import { attach, extract, generate, preflight } from '@einv/facturx';
import { expect, it } from '@jest/globals';
import { loadFixture } from '../../fixtures/load.js';
import { describeIfShared, sharedPath } from '../support/shared.js';
import { corpusPdfs, hasTool, run, tempDir } from './support.js';

const NOW = '2026-03-15T10:00:00Z';

const pdfs = corpusPdfs();
// XRechnung XML has no Factur-X profile: those files get an einv-generated EN 16931 invoice instead
const generatedXml = generate(loadFixture('fr-b2b-simple').invoice, { now: NOW, profile: 'EN16931' }).xml!;
const qpdf = hasTool('qpdf');
const dir = tempDir('einv-corpus-attach-');

describeIfShared('attach() on the corpus Factur-X PDFs', () => {
  it('the corpus has the expected PDFs', () => {
    expect(pdfs.length).toBeGreaterThanOrEqual(90);
  });

  it.each(pdfs.map((p) => [p.path, p] as const))('%s', async (_n, p) => {
    const original = fs.readFileSync(sharedPath('corpus', p.path));
    const oldXml = fs.readFileSync(sharedPath('corpus', p.extracted));
    const xml = p.level === 'XRECHNUNG' ? new TextEncoder().encode(generatedXml) : new Uint8Array(oldXml);

    const refused = await attach(original, xml, { now: NOW });
    expect(refused.pdf).toBeUndefined();
    const present = refused.findings.find((f) => f.rule === 'FX-INVOICE-PRESENT');
    expect(present?.severity).toBe('fatal');
    expect(present?.message).toContain(p.embedded);
    expect(preflight(original).filter((f) => f.severity === 'fatal')).toEqual([]);

    const replaced = await attach(original, xml, { now: NOW, replace: true });
    expect(replaced.findings.filter((f) => f.severity === 'fatal')).toEqual([]);
    expect(replaced.pdf).toBeDefined();
    const out = replaced.pdf!;
    expect(preflight(out)).toEqual([]);
    const ex = extract(out);
    expect(ex.invoiceAttachments).toEqual(['factur-x.xml']);
    expect(ex.findings).toEqual([]);
    expect(new TextEncoder().encode(ex.xml)).toEqual(xml.subarray(xml[0] === 0xef ? 3 : 0));
    if (qpdf) {
      const file = path.join(dir, `${path.basename(p.path)}`);
      fs.writeFileSync(file, out);
      const check = run('qpdf', ['--check', file]);
      expect(check.status).toBe(0);
      const listed = run('qpdf', ['--list-attachments', file]).stdout;
      const invoices = listed.split('\n').filter((l) => /^\S.*\.xml ->/i.test(l));
      expect(invoices.map((l) => l.split(' ->')[0])).toEqual(['factur-x.xml']);
      if (p.embedded !== 'factur-x.xml') expect(listed).not.toContain(p.embedded);
    }
  });
});
