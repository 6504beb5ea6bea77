// fontkit ships no type declarations; pdfkit accepts any object with a `layout` function as a font.
declare module 'fontkit' {
  export interface FontkitFont {
    layout(text: string): unknown;
    postscriptName: string;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): FontkitFont;
}
