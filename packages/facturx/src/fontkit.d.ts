// fontkit ships no type declarations; pdfkit accepts any object with a `layout` function as a font.
declare module 'fontkit' {
  export interface FontkitFont {
    layout(text: string, features?: unknown): unknown;
    postscriptName: string;
    createSubset(): FontkitSubset;
    glyphsForString(text: string): { id: number; advanceWidth: number }[];
    hasGlyphForCodePoint(codePoint: number): boolean;
    unitsPerEm: number;
  }
  export interface FontkitSubset {
    /** glyph ids included so far, in subset order */
    glyphs: number[];
    encode(): Uint8Array;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): FontkitFont;
}
