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
      fonts = { regular: create(bytes.regular), bold: create(bytes.bold) };
      custom.set(bytes, fonts);
    }
    return fonts;
  }
  bundled ??= {
    regular: create(readBundled('DejaVuSans.ttf')),
    bold: create(readBundled('DejaVuSans-Bold.ttf')),
  };
  return bundled;
}
