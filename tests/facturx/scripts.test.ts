/**
 * Invoices whose parties and lines hold every script French businesses meet (issue 12): each file is
 * clean for our preflight, qpdf --check, pdffonts (every font embedded) and pdftotext (the text comes
 * back, or the substitute the findings name), and the XML keeps the exact text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { extract, generate, type Invoice, preflight } from '@einv/facturx';
import { describe, expect, it } from '@jest/globals';
import { loadFixture } from '../../fixtures/load.js';
import { describeIfTools, run, tempDir } from './support.js';

const NOW = '2026-03-15T10:00:00Z';

/** Text per script; `rtl`: extractors give right-to-left words back in their own order */
const SAMPLES: { name: string; text: string; rtl?: boolean; substituted?: boolean }[] = [
  {
    name: 'Latin with French diacritics and ligatures',
    text: 'Œuvre cœur Ægir æ àâäçéèêëîïôöùûüÿ ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸ ﬁ ﬂ « l’été »',
  },
  { name: 'Greek', text: 'Ελληνική Εταιρεία Εμπορίου Α.Ε.' },
  { name: 'Cyrillic', text: 'ООО «Рога и копыта» Москва' },
  { name: 'Arabic', text: 'شركة المثال المحدودة', rtl: true },
  { name: 'Hebrew', text: 'חברה לדוגמה בע״מ', rtl: true },
  { name: 'Devanagari', text: 'कंपनी लिमिटेड क्षत्रिय' },
  { name: 'Thai', text: 'บริษัท ตัวอย่าง จำกัด' },
  { name: 'Chinese (simplified)', text: '简体中文发票有限公司' },
  { name: 'Chinese (traditional)', text: '臺灣銀行股份有限公司' },
  { name: 'Japanese', text: '東京商事株式会社 ひらがな カタカナ' },
  { name: 'Korean', text: '한국어 주식회사' },
  { name: 'emoji', text: 'Café ☕ Fusée 🚀 Pouce 👍 Famille 👨‍👩‍👧' },
  { name: 'U+202F / U+00A0 spaces', text: 'Montant 1\u202F000\u00A0€ : 12\u00A0%' },
  { name: 'combining marks', text: 'Cafe\u0301 n\u0303o Zo\u0308e a\u0300 l\u0327' },
  { name: 'characters no font has (substituted)', text: 'Marque \u{E000} et \u{13000}', substituted: true },
];

/** What extraction is compared on: NFC, no spaces, no joiners or selectors */
function normalise(text: string): string {
  return text.normalize('NFC').replace(/[\s\p{Default_Ignorable_Code_Point}]/gu, '');
}

function invoiceWith(text: string): Invoice {
  const invoice = loadFixture('fr-b2b-simple').invoice;
  invoice.buyer = { ...invoice.buyer, name: text };
  invoice.lines = invoice.lines!.map((l, i) => (i === 0 ? { ...l, description: text } : l));
  return invoice;
}

const dir = tempDir('einv-scripts-');
const files = SAMPLES.map((sample) => {
  const r = generate(invoiceWith(sample.text), { now: NOW, profile: 'EN16931' });
  const file = path.join(dir, `${SAMPLES.indexOf(sample)}.pdf`);
  if (r.pdf) fs.writeFileSync(file, r.pdf);
  return { sample, r, file };
});

describe('invoices in every script', () => {
  it.each(files.map((f) => [f.sample.name, f] as const))(
    '%s: generated, preflight clean, XML exact',
    (_n, f) => {
      expect(f.r.validation.errors).toEqual([]);
      expect(f.r.pdf).toBeDefined();
      expect(preflight(f.r.pdf!)).toEqual([]);
      const xml = extract(f.r.pdf!).xml!;
      expect(xml).toContain(`<ram:Name>${f.sample.text}</ram:Name>`);
      const substitutes = f.r.validation.warnings.filter((w) => w.rule === 'FX-GLYPH-SUBSTITUTE');
      if (f.sample.substituted) {
        expect(substitutes.map((w) => w.path).sort()).toEqual(['buyer.name', 'lines[0].description']);
        expect(substitutes[0]!.message).toContain(f.sample.text);
        expect(substitutes[0]!.message).toContain('U+E000, U+13000');
        expect(substitutes[0]!.message).toContain('\uFFFD');
      } else expect(substitutes).toEqual([]);
    },
  );
});

describeIfTools(
  ['qpdf', 'pdffonts'],
  'invoices in every script, checked by qpdf, pdffonts and pdftotext',
  () => {
    it.each(files.map((f) => [f.sample.name, f] as const))('%s', (_n, f) => {
      const check = run('qpdf', ['--check', f.file]);
      expect(check.status).toBe(0);
      const fonts = run('pdffonts', [f.file]).stdout.trim().split('\n').slice(2);
      expect(fonts.length).toBeGreaterThanOrEqual(2);
      for (const row of fonts) expect(row).toMatch(/ CID TrueType +Identity-H +yes yes yes /);
      const text = normalise(run('pdftotext', ['-raw', f.file, '-']).stdout);
      const expected = f.sample.substituted
        ? f.sample.text.replace(/[\u{E000}\u{13000}]/gu, '\uFFFD')
        : f.sample.text;
      if (f.sample.rtl) {
        // each word comes back, in logical order within the word
        for (const word of expected.split(' ')) expect(text).toContain(normalise(word));
      } else expect(text).toContain(normalise(expected));
    });
  },
);

/** 300 lines whose descriptions hold the script, rendered in French and English alternately */
const long = SAMPLES.map((sample, k) => {
  const lang = k % 2 === 0 ? ('fr' as const) : ('en' as const);
  const invoice = invoiceWith(sample.text);
  const first = invoice.lines![0]!;
  invoice.lines = Array.from({ length: 300 }, (_, i) => ({
    ...first,
    id: String(i + 1),
    description: `${i + 1} ${sample.text}`,
  }));
  const r = generate(invoice, { now: NOW, profile: 'EN16931', lang });
  const file = path.join(dir, `long-${k}.pdf`);
  if (r.pdf) fs.writeFileSync(file, r.pdf);
  return { sample, lang, r, file };
});

describeIfTools(['pdftotext'], '300-line invoices in every script', () => {
  it.each(long.map((f) => [`${f.sample.name} (${f.lang})`, f] as const))(
    '%s: preflight clean, number and "page n/N" on every page',
    (_n, f) => {
      expect(f.r.pdf).toBeDefined();
      expect(preflight(f.r.pdf!)).toEqual([]);
      const pages = run('pdftotext', ['-layout', f.file, '-'])
        .stdout.split('\f')
        .filter((p) => p.trim() !== '');
      expect(pages.length).toBeGreaterThanOrEqual(5);
      const title = f.lang === 'fr' ? 'Facture F2026-0001' : 'Invoice F2026-0001';
      pages.forEach((page, i) => {
        expect(page).toContain(`${title} — page ${i + 1}/${pages.length}`);
      });
    },
  );
});
