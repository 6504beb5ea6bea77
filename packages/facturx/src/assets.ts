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

/** Glyph runs are the same for the same text in every document: shaping costs more than copying. */
const LAYOUT_CACHE_LIMIT = 20_000;

interface GlyphRun {
  glyphs: unknown[];
  positions: Record<string, number>[];
}

/**
 * The fontkit font with a process-wide cache in front of layout(). pdfkit scales the positions of
 * the run it gets in place, so every call returns fresh position objects (glyphs are shared: pdfkit
 * only reads them).
 */
export function withLayoutCache(font: FontkitFont): FontkitFont {
  const cache = new Map<string, GlyphRun>();
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
    const key = features === undefined ? text : `${JSON.stringify(features)}\u0000${text}`;
    let run = cache.get(key);
    if (!run) {
      run = SIMPLE_TEXT.test(text) ? simpleLayout(text) : (font.layout(text, features) as GlyphRun);
      if (cache.size >= LAYOUT_CACHE_LIMIT) cache.clear();
      const pristine: GlyphRun = Object.assign(Object.create(Object.getPrototypeOf(run)), run);
      pristine.positions = run.positions.map((p) => ({ ...p }));
      cache.set(key, pristine);
    }
    // keep the GlyphRun prototype: pdfkit reads its computed getters (advanceWidth…)
    const copy: GlyphRun = Object.assign(Object.create(Object.getPrototypeOf(run)), run);
    copy.positions = run.positions.map((p) => ({ ...p }));
    return copy;
  };
  // Subsetting re-encodes the glyph tables for every document; the bytes only depend on the glyph list.
  const subsets = new Map<string, Uint8Array>();
  cached.createSubset = () => {
    const subset = font.createSubset();
    const encode = subset.encode.bind(subset);
    subset.encode = () => {
      const key = subset.glyphs.join(',');
      let bytes = subsets.get(key);
      if (!bytes) {
        bytes = encode();
        if (subsets.size >= 256) subsets.clear();
        subsets.set(key, bytes);
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
