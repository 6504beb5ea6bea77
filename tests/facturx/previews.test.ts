/**
 * The page images in docs/previews are reproducible: the same two fixtures rendered by generate()
 * and rasterised by pdftoppm give PNG images again (regenerate the docs with
 * `node packages/facturx/scripts/previews.mjs`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { generate } from '@einv/facturx';
import { expect, it } from '@jest/globals';
import { loadFixture } from '../../fixtures/load.js';
import { describeIfTools, run, tempDir } from './support.js';

const PREVIEWS = [
  { fixture: 'fr-b2b-simple', lang: 'fr' as const },
  { fixture: 'fr-allowances-charges', lang: 'en' as const },
];
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describeIfTools(['pdftoppm'], 'previews', () => {
  it.each(PREVIEWS.map((p) => [`${p.fixture} (${p.lang})`, p] as const))(
    '%s renders to a PNG page image',
    (_n, p) => {
      const dir = tempDir();
      const r = generate(loadFixture(p.fixture).invoice, { lang: p.lang, now: '2026-03-15T10:00:00Z' });
      const pdfFile = path.join(dir, 'invoice.pdf');
      fs.writeFileSync(pdfFile, r.pdf!);
      const res = run('pdftoppm', [
        '-png',
        '-r',
        '40',
        '-f',
        '1',
        '-l',
        '1',
        '-singlefile',
        pdfFile,
        path.join(dir, 'page'),
      ]);
      expect(res.stderr).toBe('');
      const png = fs.readFileSync(path.join(dir, 'page.png'));
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      // A4 at 40 dpi: 331 x 468 pixels (IHDR width and height)
      expect(png.readUInt32BE(16)).toBe(331);
      expect(png.readUInt32BE(20)).toBe(468);
    },
  );

  it('the committed previews exist', () => {
    for (const p of PREVIEWS) {
      const file = path.resolve(__dirname_(), '../../docs/previews', `${p.fixture}-${p.lang}.png`);
      expect(fs.readFileSync(file).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    }
  });
});

function __dirname_(): string {
  return path.dirname(new URL(import.meta.url).pathname);
}
