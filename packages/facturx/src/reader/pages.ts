/** Walks the page tree and the font resources reachable from pages and form XObjects, with bounds. */
import type { PdfFile } from './document.js';
import { arrayOf, nameOf, type PdfDict, type PdfObject, PdfRef, PdfStream } from './objects.js';

const MAX_PAGE_NODES = 200_000;
const MAX_XOBJECT_DEPTH = 12;

export interface PageWalk {
  pageCount: number;
  /** Each font dictionary once, with the resource key it was found under */
  fonts: { key: string; font: PdfDict; ref?: string }[];
  /** Each page's /Contents and its (possibly inherited) /Resources, in order */
  pages: { contents: PdfObject | undefined; resources: PdfObject | undefined }[];
  truncated: boolean;
}

export function walkPages(file: PdfFile): PageWalk {
  const result: PageWalk = { pageCount: 0, fonts: [], pages: [], truncated: false };
  const catalog = file.catalog();
  const seenNodes = new Set<string>();
  const seenResources = new Set<PdfObject | string>();
  const seenFonts = new Set<string | PdfDict>();
  const stack: { node: PdfObject | undefined; inherited: PdfObject | undefined }[] = [
    { node: catalog?.get('Pages'), inherited: undefined },
  ];
  let visited = 0;

  const scanResources = (resObj: PdfObject | undefined, depth: number) => {
    if (resObj === undefined || depth > MAX_XOBJECT_DEPTH) return;
    const identity = resObj instanceof PdfRef ? resObj.key() : resObj;
    if (seenResources.has(identity)) return;
    seenResources.add(identity);
    const res = file.dict(resObj);
    if (!res) return;
    const fonts = file.dict(res.get('Font'));
    for (const [key, fontObj] of fonts?.entries ?? []) {
      const id = fontObj instanceof PdfRef ? fontObj.key() : file.dict(fontObj);
      if (!id || seenFonts.has(id)) continue;
      seenFonts.add(id);
      const font = file.dict(fontObj);
      if (font)
        result.fonts.push({ key, font, ...(fontObj instanceof PdfRef ? { ref: fontObj.key() } : {}) });
      // Type3 glyph procedures may use fonts too
      if (font && nameOf(font.get('Subtype')) === 'Type3') scanResources(font.get('Resources'), depth + 1);
    }
    const xobjects = file.dict(res.get('XObject'));
    for (const [, xo] of xobjects?.entries ?? []) {
      const s = file.deref(xo);
      if (s instanceof PdfStream && nameOf(s.dict.get('Subtype')) === 'Form')
        scanResources(s.dict.get('Resources'), depth + 1);
    }
  };

  while (stack.length) {
    if (++visited > MAX_PAGE_NODES) {
      result.truncated = true;
      break;
    }
    const { node, inherited } = stack.pop()!;
    if (node instanceof PdfRef) {
      if (seenNodes.has(node.key())) continue;
      seenNodes.add(node.key());
    }
    const d = file.dict(node);
    if (!d) continue;
    const resources = d.get('Resources') ?? inherited;
    const kids = arrayOf(file.deref(d.get('Kids')));
    if (kids && nameOf(d.get('Type')) !== 'Page') {
      for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i], inherited: resources });
      continue;
    }
    result.pageCount++;
    result.pages.push({ contents: d.get('Contents'), resources });
    scanResources(resources, 0);
    for (const annot of arrayOf(file.deref(d.get('Annots'))) ?? []) {
      const ap = file.dict(file.dict(annot)?.get('AP'));
      const n = file.deref(ap?.get('N'));
      if (n instanceof PdfStream) scanResources(n.dict.get('Resources'), 1);
    }
  }
  return result;
}
