/**
 * renderPdf: PDF/A-3b basics (fonts embedded, no Helvetica, our XMP), deterministic output, long
 * invoices over several pages with the table header repeated, French legal mentions printed.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Invoice } from '@einv/core-model';
import { complete } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { loadFixture } from '../../../../fixtures/load.js';
import { readXmp } from '../extract.js';
import { PdfFile } from '../reader/document.js';
import { nameOf } from '../reader/objects.js';
import { walkPages } from '../reader/pages.js';
import { renderPdf } from './render-pdf.js';

const NOW = '2026-03-15T10:00:00Z';
const invoice = loadFixture('fr-b2b-simple').invoice;
const hasPdfToText = spawnSync('sh', ['-c', 'command -v pdftotext']).status === 0;

function pagesText(pdf: Uint8Array): string[] {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'einv-render-')), 'x.pdf');
  fs.writeFileSync(file, pdf);
  const out = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).stdout;
  return out.split('\f').filter((p) => p.trim() !== '');
}

describe('renderPdf', () => {
  it('embeds DejaVu Sans (regular and bold) and never loads Helvetica', () => {
    const pdf = renderPdf(invoice, { now: NOW });
    const walk = walkPages(new PdfFile(pdf));
    const names = walk.fonts.map((f) => nameOf(f.font.get('BaseFont')) ?? '');
    expect(names.sort()).toEqual(
      [expect.stringMatching(/\+DejaVuSans$/), expect.stringMatching(/\+DejaVuSans-Bold$/)].sort(),
    );
    expect(new TextDecoder('latin1').decode(pdf)).not.toMatch(/Helvetica/);
  });

  it('writes our XMP with pdfaid part 3 / B and the title escaped', () => {
    const inv: Invoice = { ...invoice, number: 'A&B<1>' };
    const xmp = readXmp(new PdfFile(renderPdf(inv, { now: NOW })))!;
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    expect(xmp).toContain('FACTURE A&amp;B&lt;1&gt;');
    expect(xmp).toContain('<xmp:CreateDate>2026-03-15T10:00:00Z</xmp:CreateDate>');
  });

  it('gives identical bytes for the same invoice and now', () => {
    const a = renderPdf(invoice, { now: NOW, lang: 'en' });
    const b = renderPdf(invoice, { now: new Date(NOW), lang: 'en' });
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it('throws a RangeError for an invalid now (generate() turns it into a finding)', () => {
    expect(() => renderPdf(invoice, { now: 'not a date' })).toThrow(RangeError);
  });

  it('never throws when any field holds a value of the wrong type (JSON input)', () => {
    const paths = [
      ...Object.keys(invoice),
      'seller.address',
      'seller.contact',
      'lines.0',
      'lines.0.period',
      'lines.0.allowances',
      'notes.0',
      'paymentMeans.creditTransfers',
      'totals.amountDue',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...paths), fc.anything({ maxDepth: 3 }), (path, value) => {
        const inv: Record<string, unknown> = structuredClone(invoice) as Record<string, unknown>;
        const keys = path.split('.');
        let o = inv;
        for (const k of keys.slice(0, -1)) {
          const next = o[k];
          o = (typeof next === 'object' && next !== null ? next : {}) as Record<string, unknown>;
        }
        o[keys[keys.length - 1]!] = value;
        expect(renderPdf(inv as Invoice, { now: NOW }).length).toBeGreaterThan(1000);
      }),
      { numRuns: 300 },
    );
    const notAnInvoice: unknown = null;
    expect(renderPdf(notAnInvoice as Invoice, { now: NOW }).length).toBeGreaterThan(1000);
  });

  it('never throws on an object where a scalar belongs, even one that cannot become text', () => {
    for (const value of [{ toString: {} }, { toString: 0 }, Object.create(null), [1, 2]]) {
      const inv = { ...structuredClone(invoice), number: value } as unknown as Invoice;
      expect(renderPdf(inv, { now: NOW }).length).toBeGreaterThan(1000);
    }
  });

  it('survives an invoice with nothing in it', () => {
    const pdf = renderPdf({}, { now: NOW });
    expect(new PdfFile(pdf).catalog()).toBeDefined();
  });

  (hasPdfToText ? it : it.skip)('spreads 120 lines over several pages with the table header on each', () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({
      ...invoice.lines![0]!,
      id: String(i + 1),
      description: `Article ${i + 1}`,
    }));
    const pages = pagesText(renderPdf({ ...invoice, lines }, { now: NOW }));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    for (const [i, page] of pages.entries()) {
      if (page.includes('Article')) expect(page).toMatch(/Désignation/);
      expect(page).toContain(`Facture F2026-0001 — page ${i + 1}/${pages.length}`);
    }
    expect(pages.join('\n')).toContain('Article 120');
  });

  (hasPdfToText ? it : it.skip)(
    'prints the French legal mentions the invoice carries (PMD, PMT, AAB) and the payment details',
    () => {
      const text = pagesText(renderPdf(invoice, { now: NOW })).join('\n');
      for (const note of invoice.notes ?? []) {
        if (['PMD', 'PMT', 'AAB'].includes(note.subjectCode ?? ''))
          expect(text.replace(/\s+/g, ' ')).toContain(note.text.replace(/\s+/g, ' ').slice(0, 40));
      }
      expect(text).toContain('40 €');
      expect(text).toMatch(/IBAN FR76 /);
    },
  );

  (hasPdfToText ? it : it.skip)(
    'prints the other structured data: electronic addresses, payee, tax representative, attachments, gross prices',
    () => {
      const inv: Invoice = {
        ...invoice,
        seller: { ...invoice.seller, electronicAddress: { id: '123456782_FACT', scheme: '0225' } },
        payee: { name: 'Factor SA', identifier: { id: 'FR-FACTOR-1' } },
        taxRepresentative: {
          name: 'Rep Fiscal SARL',
          vatNumber: 'FR00999999999',
          address: { city: 'Nantes', country: 'FR' },
        },
        attachments: [{ id: 'TS-42', description: 'Relevé de temps', filename: 'releve.pdf' }],
        lines: [
          {
            ...invoice.lines![0]!,
            grossPrice: 100,
            priceDiscount: 20,
            baseQuantity: 10,
            buyerItemId: 'ACH-9',
          },
        ],
      };
      const text = pagesText(renderPdf(inv, { now: NOW }))
        .join('\n')
        .replace(/\s+/g, ' ');
      expect(text).toContain('123456782_FACT (0225)');
      expect(text).toContain('Factor SA (FR-FACTOR-1)');
      expect(text).toContain('Rep Fiscal SARL, Nantes, FR, N° TVA FR00999999999');
      expect(text).toContain('TS-42 – Relevé de temps –');
      expect(text).toContain('releve.pdf');
      expect(text).toMatch(/Prix brut 100,00 \(remise sur prix 20,00\) pour 10/);
      expect(text).toContain('Réf. acheteur ACH-9');
    },
  );

  (hasPdfToText ? it : it.skip)(
    'names French VAT rates by rate, payment means in words, the operation category',
    () => {
      // complete() computes the VAT breakdown: one row per French rate (20, 10, 5.5, 2.1 %)
      const multi = complete(loadFixture('fr-multi-rate').invoice);
      for (const lang of ['fr', 'en'] as const) {
        const text = pagesText(renderPdf({ ...multi, businessProcessType: 'S1' }, { now: NOW, lang }))
          .join('\n')
          .replace(/\s+/g, ' ');
        const names =
          lang === 'fr'
            ? [
                'S – Taux normal 20 %',
                'S – Taux intermédiaire 10 %',
                'S – Taux réduit 5,5 %',
                'S – Taux particulier 2,1 %',
              ]
            : [
                'S – Standard rate 20 %',
                'S – Intermediate rate 10 %',
                'S – Reduced rate 5.5 %',
                'S – Super-reduced rate 2.1 %',
              ];
        for (const name of names) expect(text).toContain(name);
        // payment means 58 in words, without the raw code
        expect(text).toContain(
          lang === 'fr' ? 'Moyen de paiement : Virement SEPA' : 'Payment means: SEPA credit transfer',
        );
        expect(text).not.toMatch(/\(58\)/);
        expect(text).toContain(
          lang === 'fr'
            ? 'Catégorie de l’opération : Prestation de services'
            : 'Operation category: Supply of services',
        );
      }
      const goods = pagesText(renderPdf({ ...multi, businessProcessType: 'B4' }, { now: NOW })).join(' ');
      expect(goods).toContain('Livraison de biens');
      const none = pagesText(
        renderPdf({ ...multi, businessProcessType: 'urn:fdc:peppol.eu' }, { now: NOW }),
      ).join(' ');
      expect(none).not.toContain('Catégorie de l’opération');
    },
  );

  (hasPdfToText ? it : it.skip)(
    'draws right-to-left text in visual order (bidi): words reversed, numbers left to right',
    () => {
      const name = 'Client: شركة 123 المثال — חברה בע״מ 45 (Tel Aviv)';
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'einv-rtl-')), 'x.pdf');
      fs.writeFileSync(file, renderPdf({ ...invoice, buyer: { ...invoice.buyer, name } }, { now: NOW }));
      // -raw keeps the drawing (visual) order; -layout turns right-to-left islands back to logical order
      const text = spawnSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }).stdout.replace(
        /[\u202A-\u202E]/g,
        '',
      );
      const line = text.split('\n').find((l) => l.includes('Client:'))!;
      // as a reader sees it from left to right: 45 בע״מ חברה — المثال 123 شركة
      const order = ['Client:', '45', 'בע״מ', 'חברה', '—', 'المثال', '123', 'شركة'].map((w) =>
        line.indexOf(w),
      );
      expect(order.every((at) => at >= 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
    },
  );

  (hasPdfToText ? it : it.skip)('prints reverse charge and exemption reasons', () => {
    const text = pagesText(renderPdf(loadFixture('fr-reverse-charge').invoice, { now: NOW })).join('\n');
    expect(text).toMatch(/Autoliquidation/);
  });
});
