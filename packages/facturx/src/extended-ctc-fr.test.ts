/**
 * generate() with EXTENDED-CTC-FR and the Factur-X container (decision 0078): the judged XML declares
 * EXTENDED-CTC-FR; the PDF embeds it with the Factur-X EXTENDED id and fx:ConformanceLevel EXTENDED
 * (Factur-X 1.09.2 has no EXTENDED-CTC-FR level); a PDF whose XML declares EXTENDED-CTC-FR is
 * flagged whatever its XMP says.
 */
import { EXTENDED_CTC_FR_ID, GUIDELINE_IDS } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { loadFixture } from '../../../fixtures/load.js';
import { embed } from './attach.js';
import { extract } from './extract.js';
import { generate } from './generate.js';
import { preflight } from './preflight/index.js';
import { renderPdf } from './render/render-pdf.js';
import { validateDocument } from './report/validate-document.js';

const NOW = '2026-11-24T10:00:00Z';
const fixture = loadFixture('fr-b2b-simple');

describe('generate(…, { profile: EXTENDED-CTC-FR })', () => {
  const out = generate(fixture.invoice, { now: NOW, profile: 'EXTENDED-CTC-FR', frenchEdition: 'standard' });

  it('judges the XML declaring EXTENDED-CTC-FR by its rule set and BR-FR', () => {
    expect(out.validation.errors).toEqual([]);
    expect(out.xml).toContain(`<ram:ID>${EXTENDED_CTC_FR_ID}</ram:ID>`);
    expect(out.validation.ruleSets.map((s) => s.name)).toEqual(
      expect.arrayContaining(['EXTENDED-CTC-FR', 'BR-FR']),
    );
    expect(out.validation.ruleSets.map((s) => s.name)).not.toContain('EN16931');
  });

  it('embeds the same invoice with the Factur-X EXTENDED id, and the XMP agrees', () => {
    expect(out.pdf).toBeDefined();
    const pdf = out.pdf as Uint8Array;
    const embedded = extract(pdf).xml ?? '';
    expect(embedded).toBe(out.pdfXml);
    expect(embedded).toContain(`<ram:ID>${GUIDELINE_IDS.EXTENDED}</ram:ID>`);
    expect(embedded.replace(GUIDELINE_IDS.EXTENDED, EXTENDED_CTC_FR_ID)).toBe(out.xml);
    expect(new TextDecoder('latin1').decode(pdf)).toContain(
      '<fx:ConformanceLevel>EXTENDED</fx:ConformanceLevel>',
    );
    expect(preflight(pdf).filter((f) => f.rule.startsWith('FX-'))).toEqual([]);
    const report = validateDocument(pdf, { frenchEdition: 'standard' });
    expect(report.profile).toBe('EXTENDED');
    expect(report.pdf?.findings.filter((f) => f.severity === 'fatal')).toEqual([]);
  });

  it('a PDF embedding the EXTENDED-CTC-FR XML under fx:ConformanceLevel EXTENDED is flagged', async () => {
    const plain = renderPdf(fixture.invoice, { now: NOW });
    const r = await embed(plain, out.xml as string, { now: NOW, profile: 'EXTENDED' });
    const f = preflight(r.pdf as Uint8Array).find((x) => x.rule === 'FX-XMP-CONFORMANCE');
    expect(f?.severity).toBe('fatal');
    expect(f?.message).toMatch(/declares EXTENDED-CTC-FR.*no conformance level/);
    const report = validateDocument(r.pdf as Uint8Array, { frenchEdition: 'standard' });
    expect(report.profile).toBe('EXTENDED-CTC-FR');
    expect(report.errors.map((e) => e.rule)).toContain('FX-XMP-CONFORMANCE');
  });
});

describe('embed() of an EXTENDED-CTC-FR XML without a profile', () => {
  it('refuses, naming the Factur-X EXTENDED id to use', async () => {
    const out = generate(fixture.invoice, { now: NOW, profile: 'EXTENDED-CTC-FR' });
    const r = await embed(renderPdf(fixture.invoice, { now: NOW }), out.xml as string, { now: NOW });
    expect(r.pdf).toBeUndefined();
    expect(r.findings.find((f) => f.rule === 'FX-PROFILE')?.message).toContain(GUIDELINE_IDS.EXTENDED);
  });
});
