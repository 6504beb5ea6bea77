/**
 * Glyph coverage is decided before anything is drawn (decision 0088). A text is cut into runs, each
 * drawn with the first font of a fallback chain that has a glyph for it: the primary font (DejaVu
 * Sans, or the caller's), then Noto Sans SC (Chinese, Japanese kana), Noto Sans KR (Hangul), Noto
 * Sans Devanagari, Noto Sans Thai and the monochrome Noto Emoji. A character no font covers is
 * drawn as a visible substitute (U+FFFD) and reported by `uncoveredText()`, so no output ever
 * references glyph 0 (.notdef, ISO 19005-3 6.2.11.8).
 * The fallback fonts are parsed lazily, once per process, the first time a text needs them: an
 * invoice in Latin script pays nothing for them.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bidiModule, { type Bidi } from 'bidi-js';
import { create, type FontkitFont } from 'fontkit';
import { LRUCache } from 'lru-cache';
import { type LoadedFonts, withLayoutCache } from '../assets.js';

/** One font of the chain: a pdfkit font name and its fontkit font (loaded on first use) */
interface ChainFont {
  name: string;
  load(): FontkitFont | undefined;
}

export interface TextRun {
  /** pdfkit font name (registered in the document by `useFont`) */
  font: string;
  text: string;
  /** Right-to-left script: laid out (shaped and reversed) by fontkit on its own */
  rtl?: boolean;
}

export interface LaidOutText {
  runs: TextRun[];
  /** Characters no font of the chain can draw (each replaced by SUBSTITUTE in the runs) */
  missing: string[];
}

/** What is printed for a character no embedded font has */
export const SUBSTITUTE = '\uFFFD';

/** npm packages (SIL OFL 1.1 fonts) and the files of the fallback chain, in order */
const FALLBACKS: { name: string; pkg: string; regular: string; bold: string }[] = [
  { name: 'noto-sc', pkg: 'noto-sans-sc', regular: 'NotoSansSC_400Regular', bold: 'NotoSansSC_700Bold' },
  { name: 'noto-kr', pkg: 'noto-sans-kr', regular: 'NotoSansKR_400Regular', bold: 'NotoSansKR_700Bold' },
  {
    name: 'noto-deva',
    pkg: 'noto-sans-devanagari',
    regular: 'NotoSansDevanagari_400Regular',
    bold: 'NotoSansDevanagari_700Bold',
  },
  {
    name: 'noto-thai',
    pkg: 'noto-sans-thai',
    regular: 'NotoSansThai_400Regular',
    bold: 'NotoSansThai_700Bold',
  },
  { name: 'noto-emoji', pkg: 'noto-emoji', regular: 'NotoEmoji_400Regular', bold: 'NotoEmoji_700Bold' },
];

const loaded = new Map<string, FontkitFont | null>();

/** A bundled fallback font, parsed once per process; undefined where files cannot be read (browsers) */
function bundledFallback(pkg: string, file: string): FontkitFont | undefined {
  const key = `${pkg}/${file}`;
  let font = loaded.get(key);
  if (font === undefined) {
    try {
      const require = createRequire(import.meta.url);
      const weight = file.slice(file.indexOf('_') + 1);
      const path = require.resolve(`@expo-google-fonts/${pkg}/${weight}/${file}.ttf`);
      font = withLayoutCache(create(readFileSync(path)));
    } catch {
      font = null;
    }
    loaded.set(key, font);
  }
  return font ?? undefined;
}

/** Characters that have no glyph of their own (joiners, variation selectors, bidi controls, soft hyphen) */
const IGNORABLE = /^[\p{Default_Ignorable_Code_Point}\p{Cc}]$/u;
/** Letters and marks choose their font; spaces, digits and punctuation stay in the current run's font */
const CHOOSES_FONT = /^[\p{L}\p{M}\p{So}]/u;
/** Text every font of the chain starts with: no segmentation needed when the primary font covers it */
const ASCII = /^[\x20-\x7e]*$/;
/**
 * Right-to-left letters. fontkit shapes a run in the script of its first letter: Arabic inside a
 * Latin or Cyrillic run would be neither joined nor reversed, so right-to-left text gets runs of its own.
 */
const RTL = /[\p{sc=Arabic}\p{sc=Hebrew}\p{sc=Syriac}\p{sc=Thaana}\p{sc=Nko}]/u;

/** Bytes the laid-out texts of one weight may hold */
export const LAID_OUT_CACHE_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Retained bytes of a cached text, estimated: the key and the runs' copies of it (2 bytes per UTF-16
 * unit each), ~120 bytes per run or missing character object, and the entry itself.
 */
function laidOutBytes(out: LaidOutText, text: string): number {
  return 4 * text.length + 120 * (out.runs.length + out.missing.length) + 200;
}

function laidOutCache(): LRUCache<string, LaidOutText> {
  return new LRUCache<string, LaidOutText>({
    maxSize: LAID_OUT_CACHE_MAX_BYTES,
    maxEntrySize: 64 * 1024,
    sizeCalculation: laidOutBytes,
  });
}

/** Code points remembered per weight (caller text could name every one of them) */
const MAX_CACHED_CODE_POINTS = 65_536;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

export class FontChain {
  private readonly fonts: { regular: ChainFont[]; bold: ChainFont[] };
  /** code point → index in the chain (-1: none), per weight */
  private readonly coverage = { regular: new Map<number, number>(), bold: new Map<number, number>() };
  /** Process-wide and fed by caller text: bounded in bytes (decision 0094), not in entries */
  private readonly cache = { regular: laidOutCache(), bold: laidOutCache() };
  private readonly primaryCoversAscii: { regular: boolean; bold: boolean };

  constructor(primary: LoadedFonts, primaryNames: { regular: string; bold: string }) {
    const regular: ChainFont[] = [{ name: primaryNames.regular, load: () => primary.regular }];
    const bold: ChainFont[] = [{ name: primaryNames.bold, load: () => primary.bold }];
    for (const f of FALLBACKS) {
      regular.push({ name: f.name, load: () => bundledFallback(f.pkg, f.regular) });
      bold.push({ name: `${f.name}-bold`, load: () => bundledFallback(f.pkg, f.bold) });
    }
    // A bold text may use a regular glyph rather than none: the bold chain ends with the regular one.
    this.fonts = { regular, bold: [...bold, ...regular] };
    const coversAscii = (font: FontkitFont) => {
      for (let cp = 0x20; cp < 0x7f; cp++) if (!font.hasGlyphForCodePoint(cp)) return false;
      return true;
    };
    this.primaryCoversAscii = { regular: coversAscii(primary.regular), bold: coversAscii(primary.bold) };
  }

  /** The fontkit font behind a pdfkit name of this chain (to register it in a document) */
  fontkitFont(name: string): FontkitFont | undefined {
    return [...this.fonts.bold].find((f) => f.name === name)?.load();
  }

  private fontIndex(cp: number, weight: 'regular' | 'bold'): number {
    const map = this.coverage[weight];
    let index = map.get(cp);
    if (index === undefined) {
      index = this.fonts[weight].findIndex((f) => f.load()?.hasGlyphForCodePoint(cp) === true);
      if (map.size >= MAX_CACHED_CODE_POINTS) map.clear();
      map.set(cp, index);
    }
    return index;
  }

  private covers(index: number, cp: number, weight: 'regular' | 'bold'): boolean {
    return this.fonts[weight][index]?.load()?.hasGlyphForCodePoint(cp) === true;
  }

  /** The runs a one-line text is drawn with, each in a font that has every glyph of it. */
  layout(text: string, bold = false): LaidOutText {
    const weight = bold ? 'bold' : 'regular';
    const cache = this.cache[weight];
    let out = cache.get(text);
    if (out) return out;
    const chain = this.fonts[weight];
    if (ASCII.test(text) && this.primaryCoversAscii[weight]) {
      out = { runs: text ? [{ font: chain[0]!.name, text }] : [], missing: [] };
    } else {
      out = this.segment(text, weight);
    }
    cache.set(text, out);
    return out;
  }

  private segment(text: string, weight: 'regular' | 'bold'): LaidOutText {
    const chain = this.fonts[weight];
    const runs: TextRun[] = [];
    const missing: string[] = [];
    let current = -1;
    let rtl = false;
    const push = (index: number, piece: string, pieceRtl = rtl) => {
      if (!piece) return;
      const name = chain[index]!.name;
      const last = runs[runs.length - 1];
      if (last && last.font === name && Boolean(last.rtl) === pieceRtl) last.text += piece;
      else runs.push(pieceRtl ? { font: name, text: piece, rtl: true } : { font: name, text: piece });
      current = index;
      rtl = pieceRtl;
    };
    for (const { segment } of segmenter.segment(text.replace(/\t/g, ' '))) {
      const cps = [...segment].map((ch) => ch.codePointAt(0)!);
      const drawn = cps.filter((cp) => !IGNORABLE.test(String.fromCodePoint(cp)));
      if (drawn.length === 0) continue; // only joiners / selectors: nothing to draw
      // keep the current font for neutral characters (spaces, digits, punctuation) it has
      let index =
        current >= 0 && !CHOOSES_FONT.test(segment) && drawn.every((cp) => this.covers(current, cp, weight))
          ? current
          : -1;
      if (index < 0) {
        // the first font that has the whole cluster (base and marks together shape correctly)
        index = chain.findIndex((_, i) => drawn.every((cp) => this.covers(i, cp, weight)));
        if (CHOOSES_FONT.test(segment)) rtl = RTL.test(segment);
      }
      if (index >= 0) {
        // joiners and selectors the chosen font has stay (they steer its shaping); others are dropped
        push(
          index,
          cps
            .filter((cp) => drawn.includes(cp) || this.covers(index, cp, weight))
            .map((cp) => String.fromCodePoint(cp))
            .join(''),
        );
        continue;
      }
      // no font has the whole cluster: each character on its own, a substitute where none has it
      for (const cp of drawn) {
        const i = this.fontIndex(cp, weight);
        if (i >= 0) push(i, String.fromCodePoint(cp));
        else {
          missing.push(String.fromCodePoint(cp));
          // U+FFFD from the first font that has it; a primary font without it draws '?'
          const sub = this.fontIndex(SUBSTITUTE.codePointAt(0)!, weight);
          if (sub >= 0) push(sub, SUBSTITUTE);
          else push(0, '?');
        }
      }
    }
    return { runs: runs.some((r) => r.rtl) ? visualOrder(runs) : runs, missing };
  }
}

/** bidi-js is a UMD build: under Node its CommonJS module.exports is the factory its types call the default export */
const bidiFactory = bidiModule as unknown as () => Bidi;
let bidi: Bidi | undefined;

/**
 * Right-to-left text in a left-to-right line (the invoice's languages are French and English): the
 * Unicode bidirectional algorithm (bidi-js) gives each character its embedding level; runs are cut
 * where the level changes and put in visual order (UAX #9 rule L2: from the highest level down to
 * 1, every sequence at that level or above is reversed). A run at an odd level is right-to-left:
 * fontkit shapes and reverses its glyphs; numbers inside Arabic (level 2) stay left to right.
 */
function visualOrder(runs: TextRun[]): TextRun[] {
  bidi ??= bidiFactory();
  const text = runs.map((r) => r.text).join('');
  const { levels } = bidi.getEmbeddingLevels(text, 'ltr');
  const cut: { run: TextRun; level: number }[] = [];
  let at = 0;
  for (const run of runs) {
    let start = 0;
    for (let i = 1; i <= run.text.length; i++) {
      if (i < run.text.length && levels[at + i] === levels[at + start]) continue;
      const level = levels[at + start] ?? 0;
      const piece = run.text.slice(start, i);
      cut.push({
        run: level % 2 === 1 ? { font: run.font, text: piece, rtl: true } : { font: run.font, text: piece },
        level,
      });
      start = i;
    }
    at += run.text.length;
  }
  const highest = Math.max(...cut.map((c) => c.level));
  for (let level = highest; level >= 1; level--) {
    for (let i = 0; i < cut.length; ) {
      if (cut[i]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < cut.length && cut[j]!.level >= level) j++;
      const reversed = cut.slice(i, j).reverse();
      cut.splice(i, j - i, ...reversed);
      i = j;
    }
  }
  // left-to-right neighbours in one font are one run again (right-to-left ones are now in visual order)
  const out: TextRun[] = [];
  for (const { run } of cut) {
    const last = out[out.length - 1];
    if (last && !last.rtl && !run.rtl && last.font === run.font) last.text += run.text;
    else out.push(run);
  }
  return out;
}

const chains = new WeakMap<LoadedFonts, FontChain>();

/** The chain for a primary font pair (one per process for the bundled DejaVu; coverage is cached in it) */
export function fontChainFor(primary: LoadedFonts, names: { regular: string; bold: string }): FontChain {
  let chain = chains.get(primary);
  if (!chain) {
    chain = new FontChain(primary, names);
    chains.set(primary, chain);
  }
  return chain;
}
