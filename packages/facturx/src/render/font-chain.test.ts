/** The fallback chain: which font draws which character, and what no font has. */
import { describe, expect, it } from '@jest/globals';
import { loadFonts } from '../assets.js';
import { fontChainFor, SUBSTITUTE } from './font-chain.js';

const chain = fontChainFor(loadFonts(), { regular: 'body', bold: 'bold' });
const fonts = (text: string, bold = false) => chain.layout(text, bold).runs.map((r) => [r.font, r.text]);

describe('font chain', () => {
  it('keeps Latin, Greek, Cyrillic and combining marks in the primary font, in one run', () => {
    expect(fonts('Café Ελλάδα Москва e\u0301')).toEqual([['body', 'Café Ελλάδα Москва e\u0301']]);
  });

  it('switches to the Noto fonts for CJK, Hangul, Devanagari, Thai and emoji, spaces staying with the run', () => {
    expect(fonts('Tokyo 東京 商事')).toEqual([
      ['body', 'Tokyo '],
      ['noto-sc', '東京 商事'],
    ]);
    expect(fonts('한국 कंपनी ไทย 🚀').map(([f]) => f)).toEqual([
      'noto-kr',
      'noto-deva',
      'noto-thai',
      'noto-emoji',
    ]);
    expect(fonts('東京', true)).toEqual([['noto-sc-bold', '東京']]);
  });

  it('gives right-to-left text runs of its own, in visual order (bidi), spaces between belonging to the line', () => {
    const runs = chain.layout('ООО شركة ABC').runs;
    expect(runs.map((r) => [r.text, Boolean(r.rtl)])).toEqual([
      ['ООО ', false],
      ['شركة', true],
      [' ABC', false],
    ]);
  });

  it('keeps numbers inside Arabic left to right, and Arabic words in right-to-left order', () => {
    // logical: word1 123 word2 → visual, left to right: word2, 123, word1
    const runs = chain.layout('شركة 123 المثال').runs;
    expect(runs.map((r) => [r.text, Boolean(r.rtl)])).toEqual([
      [' المثال', true],
      ['123', false],
      ['شركة ', true],
    ]);
  });

  it('substitutes what no font has, and says which characters', () => {
    const out = chain.layout('A\u{E000}B\u{13000}');
    expect(out.missing).toEqual(['\u{E000}', '\u{13000}']);
    expect(out.runs.map((r) => r.text).join('')).toBe(`A${SUBSTITUTE}B${SUBSTITUTE}`);
  });

  it('drops joiners and selectors a font cannot draw, never producing an empty glyph', () => {
    // DejaVu has no U+200B (dropped) but has a glyph for U+FE0F (kept)
    const out = chain.layout('a\u200Bb\uFE0F');
    expect(out.missing).toEqual([]);
    expect(out.runs.map((r) => r.text).join('')).toBe('ab\uFE0F');
  });
});
