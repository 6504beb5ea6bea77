/**
 * extract() finds the invoice XML in every Factur-X / ZUGFeRD / XRechnung PDF of ../shared/corpus:
 * the file named by index.tsv (embedded_xml) with exactly the bytes of corpus/extracted.
 */
import fs from 'node:fs';
import { detectAndRead, extract, preflight } from '@einv/facturx';
import { expect, it } from '@jest/globals';
import { describeIfShared, sharedPath } from '../support/shared.js';
import { corpusPdfs } from './support.js';

const pdfs = corpusPdfs();

describeIfShared('extract() on the corpus PDFs', () => {
  it('the corpus has the expected PDFs', () => {
    expect(pdfs.length).toBeGreaterThanOrEqual(90);
  });

  it.each(pdfs.map((p) => [p.path, p] as const))('%s', (_n, p) => {
    const bytes = fs.readFileSync(sharedPath('corpus', p.path));
    const result = extract(bytes);
    const expected = fs.readFileSync(sharedPath('corpus', p.extracted), 'utf8').replace(/^\uFEFF/, '');
    expect(result.findings.filter((f) => f.severity === 'fatal')).toEqual([]);
    expect(result.filename).toBe(p.embedded);
    expect(result.xml).toBe(expected);
    expect([...result.attachments].sort()).toEqual([...p.attachments].sort());
  });

  it('detectAndRead() reads every corpus PDF as a Factur-X PDF with a CII invoice', () => {
    const failures: string[] = [];
    for (const p of pdfs) {
      const d = detectAndRead(fs.readFileSync(sharedPath('corpus', p.path)));
      if (d.format !== 'FACTURX-PDF' || d.syntax !== 'CII' || d.pdf?.embedded?.filename !== p.embedded)
        failures.push(p.path);
    }
    expect(failures).toEqual([]);
  });

  it('preflight() finds no fatal problem in any corpus PDF (official FeRD samples, PDF/A-3 conformant)', () => {
    const fatal: string[] = [];
    for (const p of pdfs) {
      for (const f of preflight(fs.readFileSync(sharedPath('corpus', p.path)))) {
        if (f.severity === 'fatal') fatal.push(`${p.path}: ${f.rule} ${f.message}`);
      }
    }
    expect(fatal).toEqual([]);
  });
});
