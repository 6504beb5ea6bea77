/**
 * The validation receipt (issue #16): JSON, HTML and PDF/A forms of one report, in the request's
 * language. The PDF is judged by einv's preflight (every PDF/A clause; it is a receipt, not a
 * Factur-X invoice, so the FX-* Factur-X checks do not apply), qpdf --check, pdffonts and pdftotext.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  buildReceipt,
  complete,
  preflight,
  receiptHtml,
  receiptPdf,
  validateDocument,
  writeUbl,
} from '@einv/facturx';
import { describe, expect, it } from '@jest/globals';
import { loadFixture } from '../../fixtures/load.js';
import { describeIfTools, run, tempDir } from './support.js';

const NNBSP = '\u202f';

function wrongTotal(): Uint8Array {
  const xml = writeUbl(complete(loadFixture('fr-b2b-simple').invoice)).xml.replace(
    /<cbc:TaxInclusiveAmount currencyID="EUR">[^<]*</,
    '<cbc:TaxInclusiveAmount currencyID="EUR">999.99<',
  );
  return new TextEncoder().encode(xml);
}

function receipt(lang: 'en' | 'fr', filename = 'facture <F-1>.xml') {
  const bytes = wrongTotal();
  const report = validateDocument(bytes, { lang });
  return buildReceipt({ report, bytes, filename, lang, now: '2026-11-24T10:52:00Z' });
}

describe('receipt data', () => {
  it('carries verdict, rule sets, file facts, findings with found / expected, and the date', () => {
    const r = receipt('fr');
    expect(r.valid).toBe(false);
    expect(r.file.name).toBe('facture <F-1>.xml');
    expect(r.file.size).toBe(wrongTotal().byteLength);
    expect(r.file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(r.ruleSets.map((s) => s.name)).toEqual(
      expect.arrayContaining(['UBL-STRUCTURE', 'EN16931', 'BR-FR']),
    );
    expect(r.date).toBe('2026-11-24T10:52:00.000Z');
    const co15 = r.errors.find((f) => f.rule === 'BR-CO-15');
    expect(co15).toMatchObject({ bt: 'BT-112', found: '999.99', expected: '1259.64' });
    expect(co15?.btName).toMatch(/TTC|TVA/);
    expect(co15?.xpath).toMatch(/TaxInclusiveAmount/);
    expect(co15?.line).toBeGreaterThan(0);
  });

  it('says why the French rules did not run', () => {
    const bytes = wrongTotal();
    const off = validateDocument(bytes, { lang: 'fr', frenchEdition: 'off' });
    expect(off.skippedRuleSets).toEqual([expect.objectContaining({ name: 'BR-FR', reason: 'edition-off' })]);
    const foreign = new TextEncoder().encode(
      new TextDecoder()
        .decode(bytes)
        .replace(/(<cac:AccountingSupplierParty>[\s\S]*?<cbc:IdentificationCode>)FR</, '$1DE<'),
    );
    const de = validateDocument(foreign, { lang: 'en' });
    expect(de.skippedRuleSets?.[0]).toMatchObject({ reason: 'seller-not-french' });
    expect(de.skippedRuleSets?.[0]?.message).toMatch(/is DE\.$/);
  });
});

describe('receipt HTML', () => {
  it('is escaped, in the language, with every finding and its calculation', () => {
    const html = receiptHtml(receipt('fr'));
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('facture &lt;F-1&gt;.xml');
    expect(html).not.toContain('<F-1>');
    expect(html).toContain('Facture non valide');
    expect(html).toContain(`la facture indique 999,99`);
    expect(html).toContain(`1${NNBSP}259,64`);
    expect(html).toContain('href="/v1/rules/BR-CO-15?lang=fr"');
  });
  it('shows found / expected in the reader’s number format (the JSON keeps the raw decimals)', () => {
    expect(receiptHtml(receipt('fr'))).toContain(
      `<dt>Trouvé</dt><dd>999,99</dd><dt>Attendu</dt><dd>1${NNBSP}259,64</dd>`,
    );
    expect(receiptHtml(receipt('en'))).toContain(
      '<dt>Found</dt><dd>999.99</dd><dt>Expected</dt><dd>1,259.64</dd>',
    );
    expect(receipt('fr').errors.find((f) => f.rule === 'BR-CO-15')).toMatchObject({
      found: '999.99',
      expected: '1259.64',
    });
  });
});

describeIfTools(['qpdf', 'pdffonts', 'pdftotext'], 'receipt PDF/A', () => {
  for (const lang of ['fr', 'en'] as const) {
    it(`${lang}: preflight-clean PDF/A-3, qpdf --check, fonts embedded, text in the language`, () => {
      const pdf = receiptPdf(receipt(lang));
      const pdfaFindings = preflight(pdf, { lang }).filter((f) => !f.rule.startsWith('FX-'));
      expect(pdfaFindings).toEqual([]);
      const file = path.join(tempDir('einv-receipt-'), `report-${lang}.pdf`);
      fs.writeFileSync(file, pdf);
      const qpdf = run('qpdf', ['--check', file]);
      expect([qpdf.status, qpdf.stderr]).toEqual([0, '']);
      const fonts = run('pdffonts', [file]).stdout.split('\n').slice(2).filter(Boolean);
      expect(fonts.length).toBeGreaterThan(0);
      for (const line of fonts) expect(line).toMatch(/\s+yes\s+yes\s+(yes|no)\s+\d+\s+\d+\s*$/);
      const text = run('pdftotext', ['-layout', file, '-']).stdout;
      if (lang === 'fr') {
        expect(text).toContain('Rapport de validation');
        expect(text).toContain('Facture non valide');
        expect(text).toContain('Attendu');
        expect(text).toMatch(/la facture indique 999,99/);
        expect(text).toMatch(/Trouvé +999,99\n/);
        // (pdftotext gives the narrow no-break space drawn between the thousands as a plain space)
        expect(text).toMatch(/Attendu +1[ \u202f]259,64\n/);
      } else {
        expect(text).toContain('Invalid invoice');
        expect(text).toMatch(/the invoice says 999\.99/);
        expect(text).toMatch(/Found +999\.99\n/);
        expect(text).toMatch(/Expected +1,259\.64\n/);
      }
      // found / expected as the reader writes numbers, never the raw decimal
      expect(text).not.toContain('1259.64');
      expect(text).toMatch(/SHA-256/);
      expect(text).toContain('BR-CO-15');
      expect(text).toMatch(/page 1\/\d/);
    });
  }
});
