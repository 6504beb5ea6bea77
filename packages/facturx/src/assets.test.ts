/**
 * The process-wide glyph caches are fed by caller text, so they must stay bounded in bytes however
 * many distinct long texts arrive (issue 14: entry-bounded, they once retained ~4.6 MB per request).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from '@jest/globals';
import {
  fontCacheBytes,
  LAYOUT_CACHE_MAX_BYTES,
  loadFonts,
  runBytes,
  SUBSET_CACHE_MAX_BYTES,
} from './assets.js';

interface Run {
  glyphs: { id: number }[];
  positions: Record<string, number>[];
}

const require = createRequire(import.meta.url);
const ttf = (name: string) => new Uint8Array(readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`)));

/** A distinct pseudo-random Latin word of `length` letters */
function word(seed: number, length: number): string {
  let x = seed + 1;
  let out = '';
  for (let i = 0; i < length; i++) {
    x = (x * 1103515245 + 12345) % 2147483648;
    out += String.fromCharCode(97 + (x % 26));
  }
  return out;
}

describe('glyph caches', () => {
  it('stay under their byte bound (one for every font) after 20,000 distinct long texts, and lay out as the font does', () => {
    const fonts = loadFonts({ regular: ttf('DejaVuSans.ttf'), bold: ttf('DejaVuSans-Bold.ttf') });
    const bound = LAYOUT_CACHE_MAX_BYTES + SUBSET_CACHE_MAX_BYTES;
    let biggest = 0;
    for (let i = 0; i < 20_000; i++) {
      const text = `${word(i, 180)} é ${i}`;
      const run = (i % 2 ? fonts.bold : fonts.regular).layout(text) as Run;
      expect(run.glyphs.length).toBe(text.length);
      biggest = Math.max(biggest, fontCacheBytes());
    }
    expect(biggest).toBeGreaterThan(LAYOUT_CACHE_MAX_BYTES / 2); // the cache is used…
    expect(biggest).toBeLessThanOrEqual(bound); // …and bounded
    // an entry still answers from the cache with the same glyphs (and fresh positions each time)
    const a = fonts.regular.layout('Facture n° 42') as Run;
    const b = fonts.regular.layout('Facture n° 42') as Run;
    expect(b.glyphs.map((g) => g.id)).toEqual(a.glyphs.map((g) => g.id));
    expect(b.positions[0]).not.toBe(a.positions[0]);
  });

  it('a run is sized at least by its key and its positions', () => {
    const fonts = loadFonts({ regular: ttf('DejaVuSans.ttf'), bold: ttf('DejaVuSans-Bold.ttf') });
    const run = fonts.regular.layout('abcdef') as Run;
    expect(runBytes('abcdef', run)).toBeGreaterThan(6 * 2 + 6 * 100);
  });
});
