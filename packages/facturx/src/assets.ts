/**
 * The package's only file access: its bundled fonts (DejaVu Sans, from the `dejavu-fonts-ttf`
 * dependency, Bitstream Vera licence). PDF/A requires every font to be embedded, so the renderer
 * never uses pdfkit's standard (non-embedded) Helvetica. Fonts are parsed once per process and the
 * fontkit objects are reused by every document: parsing a 700 kB TTF costs more than laying out a page.
 * Browsers (no file system) pass the TTF bytes in `RenderOptions.fonts` instead.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type FontkitFont } from 'fontkit';
import { LRUCache } from 'lru-cache';

export interface FontBytes {
  regular: Uint8Array;
  bold: Uint8Array;
}

export interface LoadedFonts {
  regular: FontkitFont;
  bold: FontkitFont;
}

let bundled: LoadedFonts | undefined;

/** Basic Latin, Latin-1, Latin Extended-A/B, general punctuation, currency symbols, letterlike (№ ™), arrows */
const SIMPLE_TEXT = /^[\u0020-\u024F\u2000-\u206F\u20A0-\u20CF\u2100-\u214F\u2190-\u21FF]*$/;

/**
 * Glyph runs are the same for the same text in every document: shaping costs more than copying.
 * The caches are process-wide and fed by caller text, so they are bounded in bytes, not entries:
 * 20,000 entries of long distinct words once held hundreds of MB (issue 14). One cache serves every
 * font (the bundled pair, fallbacks, callers' fonts), so the bound holds however many fonts load.
 * Sizes are estimates of the retained V8 objects (see runBytes); least recently used entries go first.
 */
export const LAYOUT_CACHE_MAX_BYTES = 4 * 1024 * 1024;
/** A run bigger than this (a very long line) is laid out each time rather than evicting many small ones */
const LAYOUT_ENTRY_MAX_BYTES = 64 * 1024;
/** Font subsets (encoded TTF bytes) keyed by font and glyph list */
export const SUBSET_CACHE_MAX_BYTES = 8 * 1024 * 1024;

interface GlyphRun {
  glyphs: unknown[];
  positions: Record<string, number>[];
}

/**
 * Retained bytes of a cached run, estimated: the key string (2 bytes per UTF-16 unit), per glyph a
 * position object with four numbers (~96 bytes with its heap numbers) and an array slot (8), plus the
 * run object itself. Glyph objects are fontkit's own per-font cache, bounded by the font's glyph count.
 */
export function runBytes(key: string, run: GlyphRun): number {
  return 2 * key.length + 104 * run.positions.length + 256;
}

/**
 * The fontkit font with a process-wide cache in front of layout(). pdfkit scales the positions of
 * the run it gets in place, so every call returns fresh position objects (glyphs are shared: pdfkit
 * only reads them).
 */
const layoutRuns = new LRUCache<string, GlyphRun>({
  maxSize: LAYOUT_CACHE_MAX_BYTES,
  maxEntrySize: LAYOUT_ENTRY_MAX_BYTES,
  sizeCalculation: (run, key) => runBytes(key, run),
});
// Subsetting re-encodes the glyph tables for every document; the bytes only depend on the glyph list.
const subsetBytes = new LRUCache<string, Uint8Array>({
  maxSize: SUBSET_CACHE_MAX_BYTES,
  sizeCalculation: (bytes, key) => bytes.byteLength + 2 * key.length,
});
let fontsWrapped = 0;

/** Bytes the process-wide layout and subset caches hold (estimated; bounded by the two maxima) */
export function fontCacheBytes(): number {
  return layoutRuns.calculatedSize + subsetBytes.calculatedSize;
}

export function withLayoutCache(font: FontkitFont): FontkitFont {
  const fontKey = `${++fontsWrapped}\u0000`;
  const cached: FontkitFont = Object.create(font);
  const runPrototype: object = Object.getPrototypeOf(font.layout('a'));
  /**
   * Latin text without combining marks needs no OpenType shaping: one glyph per code point with its
   * advance width (kerning is left out, as most invoice generators do). Anything else is shaped.
   */
  const simpleLayout = (text: string): GlyphRun => {
    const glyphs = font.glyphsForString(text);
    const run: GlyphRun = Object.assign(Object.create(runPrototype), {
      glyphs,
      positions: glyphs.map((g) => ({ xAdvance: g.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 })),
      script: 'latn',
      language: null,
      direction: 'ltr',
      features: {},
    });
    return run;
  };
  cached.layout = (text: string, features?: unknown) => {
    const key =
      features === undefined ? fontKey + text : `${fontKey}${JSON.stringify(features)}\u0000${text}`;
    let run = layoutRuns.get(key);
    if (!run) {
      run = SIMPLE_TEXT.test(text) ? simpleLayout(text) : (font.layout(text, features) as GlyphRun);
      const pristine: GlyphRun = Object.assign(Object.create(Object.getPrototypeOf(run)), run);
      pristine.positions = run.positions.map((p) => ({ ...p }));
      layoutRuns.set(key, pristine);
    }
    // keep the GlyphRun prototype: pdfkit reads its computed getters (advanceWidth…)
    const copy: GlyphRun = Object.assign(Object.create(Object.getPrototypeOf(run)), run);
    copy.positions = run.positions.map((p) => ({ ...p }));
    return copy;
  };
  cached.createSubset = () => {
    const subset = font.createSubset();
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = fontKey + subset.glyphs.join(',');
      let bytes = subsetBytes.get(key);
      if (!bytes) {
        bytes = encode();
        subsetBytes.set(key, bytes);
      }
      return bytes;
    };
    return subset;
  };
  return cached;
}

const custom = new WeakMap<FontBytes, LoadedFonts>();

function readBundled(name: string): Uint8Array {
  const require = createRequire(import.meta.url);
  return readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${name}`));
}

/** The fontkit fonts to embed: the caller's when given, else the bundled DejaVu Sans (cached). */
export function loadFonts(bytes?: FontBytes): LoadedFonts {
  if (bytes) {
    let fonts = custom.get(bytes);
    if (!fonts) {
      fonts = { regular: withLayoutCache(create(bytes.regular)), bold: withLayoutCache(create(bytes.bold)) };
      custom.set(bytes, fonts);
    }
    return fonts;
  }
  bundled ??= {
    regular: withLayoutCache(create(readBundled('DejaVuSans.ttf'))),
    bold: withLayoutCache(create(readBundled('DejaVuSans-Bold.ttf'))),
  };
  return bundled;
}
