/**
 * Glyph use against the embedded font programs (decision 0088), the check a PDF/A validator makes
 * and a reader of font dictionaries alone cannot: for every string a page shows, the code is mapped
 * to a glyph of the embedded program (Identity-H/V CMap and /CIDToGIDMap for Type 0 TrueType fonts;
 * the simple-font encoding and cmap for TrueType fonts) and judged:
 * - glyph 0 (.notdef) shown: ISO 19005-3 6.2.11.8;
 * - a glyph the program does not have: 6.2.11.4.1;
 * - the width in /W (or /Widths) differs from the program's advance by more than one unit: 6.2.11.5;
 * - a CID shown that the /CIDSet does not list: 6.2.11.4.2;
 * - a /CIDToGIDMap that is neither Identity nor a stream: 6.2.11.3.2.
 * Type 1 and bare CFF programs are not parsed (no finding either way; decision 0088).
 */
import type { Finding } from '@einv/core-model';
import { create, type FontkitFont } from 'fontkit';
import { type Lang, pdfFinding } from '../findings.js';
import { ContentScanner, type ShownText } from '../reader/content.js';
import type { PdfFile } from '../reader/document.js';
import { arrayOf, nameOf, numberOf, type PdfDict, type PdfObject, PdfStream } from '../reader/objects.js';
import { walkPages } from '../reader/pages.js';
import { readSfntMetrics } from './sfnt-metrics.js';

/** Examples quoted per finding */
const EXAMPLES = 5;

interface FontProgram {
  bytes: Uint8Array;
  numGlyphs: number;
  /** advance width of a glyph in 1000 units per em */
  width(gid: number): number;
}

function loadProgram(file: PdfFile, descriptor: PdfDict | undefined): FontProgram | undefined {
  const ff2 = file.deref(descriptor?.get('FontFile2'));
  const ff3 = file.deref(descriptor?.get('FontFile3'));
  const stream =
    ff2 instanceof PdfStream
      ? ff2
      : ff3 instanceof PdfStream && nameOf(ff3.dict.get('Subtype')) === 'OpenType'
        ? ff3
        : undefined;
  if (!stream) return undefined;
  let bytes: Uint8Array;
  try {
    bytes = file.decode(stream);
  } catch {
    return undefined; // unreadable program: 6.2.11.4 embedding checks speak for it, not this one
  }
  const metrics = readSfntMetrics(bytes);
  if (!metrics) return undefined;
  const scale = 1000 / metrics.unitsPerEm;
  return { bytes, numGlyphs: metrics.numGlyphs, width: (gid) => metrics.advance(gid) * scale };
}

/** CID → width from a CIDFont's /W array (ISO 32000-1 9.7.4.3) */
function cidWidths(file: PdfFile, w: PdfObject | undefined): Map<number, number> {
  const out = new Map<number, number>();
  const arr = arrayOf(file.deref(w)) ?? [];
  for (let i = 0; i < arr.length && out.size < 200_000; ) {
    const first = numberOf(file.deref(arr[i]));
    const next = file.deref(arr[i + 1]);
    if (first === undefined) break;
    if (Array.isArray(next)) {
      next.forEach((v, k) => {
        const n = numberOf(file.deref(v));
        if (n !== undefined) out.set(first + k, n);
      });
      i += 2;
    } else {
      const last = numberOf(next);
      const width = numberOf(file.deref(arr[i + 2]));
      if (last === undefined || width === undefined) break;
      for (let cid = first; cid <= last && cid - first < 65_536; cid++) out.set(cid, width);
      i += 3;
    }
  }
  return out;
}

interface Problems {
  notdef: number[];
  missing: number[];
  widths: string[];
  cidSet: number[];
}

function hex(code: number, digits: number): string {
  return code.toString(16).toUpperCase().padStart(digits, '0');
}

/** Type 0 font with Identity-H/V: 2-byte codes are CIDs */
function judgeType0(file: PdfFile, shown: ShownText, problems: Problems, lang: Lang, out: Finding[]): void {
  const encoding = nameOf(shown.font.get('Encoding'));
  if (encoding !== 'Identity-H' && encoding !== 'Identity-V') return;
  const cidFont = file.dict(arrayOf(file.deref(shown.font.get('DescendantFonts')))?.[0]);
  if (!cidFont) return;
  const descriptor = file.dict(cidFont.get('FontDescriptor'));
  const program = loadProgram(file, descriptor);
  const type2 = nameOf(cidFont.get('Subtype')) === 'CIDFontType2';
  // CIDToGIDMap: Identity, or a stream of 2-byte glyph ids (absent means Identity in ISO 32000-1)
  const mapObj = file.deref(cidFont.get('CIDToGIDMap'));
  let map: Uint8Array | undefined;
  if (type2 && mapObj instanceof PdfStream) {
    try {
      map = file.decode(mapObj);
    } catch {
      map = new Uint8Array(0);
    }
  } else if (type2 && mapObj !== undefined && nameOf(mapObj) !== 'Identity') {
    out.push(
      pdfFinding(
        'PDFA-6.2.11.3.2',
        'fatal',
        `pdf.fonts["${baseName(shown)}"].CIDToGIDMap`,
        {
          en: `The CIDToGIDMap of font ${baseName(shown)} is neither /Identity nor a stream.`,
          fr: `Le CIDToGIDMap de la police ${baseName(shown)} n’est ni /Identity ni un flux.`,
        },
        lang,
      ),
    );
    return;
  }
  const gidOf = (cid: number): number => {
    if (!type2) return cid; // CID-keyed CFF: CID 0 is .notdef, the charset is not read
    if (!map) return cid;
    return 2 * cid + 1 < map.length ? (map[2 * cid]! << 8) | map[2 * cid + 1]! : 0;
  };
  const widths = cidWidths(file, cidFont.get('W'));
  const dw = numberOf(file.deref(cidFont.get('DW'))) ?? 1000;
  const cidSetObj = file.deref(descriptor?.get('CIDSet'));
  let cidSet: Uint8Array | undefined;
  if (cidSetObj instanceof PdfStream) {
    try {
      cidSet = file.decode(cidSetObj);
    } catch {
      cidSet = undefined;
    }
  }
  const seen = new Set<number>();
  for (const bytes of shown.strings) {
    for (let i = 0; i + 1 < bytes.length; i += 2) {
      const cid = (bytes[i]! << 8) | bytes[i + 1]!;
      if (seen.has(cid)) continue;
      seen.add(cid);
      const gid = gidOf(cid);
      if (gid === 0) {
        problems.notdef.push(cid);
        continue;
      }
      if (cidSet && !((cidSet[cid >> 3] ?? 0) & (0x80 >> (cid & 7)))) problems.cidSet.push(cid);
      if (!program || !type2) continue;
      if (gid >= program.numGlyphs) {
        problems.missing.push(cid);
        continue;
      }
      const declared = widths.get(cid) ?? dw;
      const actual = program.width(gid);
      if (Math.abs(declared - actual) > 1)
        problems.widths.push(`CID ${cid}: ${declared} / ${Math.round(actual * 100) / 100}`);
    }
  }
}

const WIN_ANSI = new TextDecoder('windows-1252');

/** Simple TrueType font: 1-byte codes, glyph through the (3,0) symbol cmap or the encoding's Unicode */
function judgeTrueType(file: PdfFile, shown: ShownText, problems: Problems): void {
  const descriptor = file.dict(shown.font.get('FontDescriptor'));
  const program = loadProgram(file, descriptor);
  if (!program) return;
  const encoding = file.deref(shown.font.get('Encoding'));
  // Differences name glyphs we would need the glyph list to resolve: not judged rather than misjudged
  if (file.dict(encoding)?.has('Differences')) return;
  const flags = numberOf(file.deref(descriptor?.get('Flags'))) ?? 0;
  const symbolic = (flags & 4) !== 0 && nameOf(encoding) === undefined;
  const firstChar = numberOf(file.deref(shown.font.get('FirstChar'))) ?? 0;
  const widthArr = arrayOf(file.deref(shown.font.get('Widths'))) ?? [];
  const missingWidth = numberOf(file.deref(descriptor?.get('MissingWidth'))) ?? 0;
  let font: FontkitFont & { glyphForCodePoint(cp: number): { id: number } };
  try {
    // the cmap is needed to map codes to glyphs here: fontkit reads it (simple fonts are rare in invoices)
    font = create(program.bytes) as typeof font;
  } catch {
    return;
  }
  const seen = new Set<number>();
  for (const bytes of shown.strings) {
    for (const code of bytes) {
      if (seen.has(code)) continue;
      seen.add(code);
      let gid: number;
      if (symbolic) {
        gid = font.glyphForCodePoint(0xf000 + code).id || font.glyphForCodePoint(code).id;
      } else {
        const ch = WIN_ANSI.decode(Uint8Array.of(code));
        gid = font.glyphForCodePoint(ch.codePointAt(0)!).id;
      }
      if (gid === 0) {
        problems.notdef.push(code);
        continue;
      }
      const w = numberOf(file.deref(widthArr[code - firstChar])) ?? missingWidth;
      const actual = program.width(gid);
      if (Math.abs(w - actual) > 1)
        problems.widths.push(`code ${code}: ${w} / ${Math.round(actual * 100) / 100}`);
    }
  }
}

function baseName(shown: ShownText): string {
  return nameOf(shown.font.get('BaseFont')) ?? shown.key;
}

function list(values: (number | string)[], digits: number): string {
  const shown = values.slice(0, EXAMPLES).map((v) => (typeof v === 'number' ? `<${hex(v, digits)}>` : v));
  return `${shown.join(', ')}${values.length > EXAMPLES ? ` (+${values.length - EXAMPLES})` : ''}`;
}

export function checkGlyphs(file: PdfFile, lang: Lang): Finding[] {
  const walk = walkPages(file);
  const scanner = new ContentScanner(file);
  for (const page of walk.pages) scanner.scanPage(page.contents, page.resources);
  const out: Finding[] = [];
  for (const shown of scanner.shown.values()) {
    const problems: Problems = { notdef: [], missing: [], widths: [], cidSet: [] };
    const subtype = nameOf(shown.font.get('Subtype'));
    if (subtype === 'Type0') judgeType0(file, shown, problems, lang, out);
    else if (subtype === 'TrueType') judgeTrueType(file, shown, problems);
    const base = baseName(shown);
    const path = `pdf.fonts["${base}"]`;
    const digits = subtype === 'Type0' ? 4 : 2;
    if (problems.notdef.length > 0)
      out.push(
        pdfFinding(
          'PDFA-6.2.11.8',
          'fatal',
          path,
          {
            en: `Text is shown with the .notdef glyph of font ${base} (codes ${list(problems.notdef, digits)}): the characters have no glyph in the embedded font and print as empty boxes.`,
            fr: `Du texte est affiché avec le glyphe .notdef de la police ${base} (codes ${list(problems.notdef, digits)}) : ces caractères n’ont pas de glyphe dans la police embarquée et s’impriment comme des cases vides.`,
          },
          lang,
          problems.notdef,
        ),
      );
    if (problems.missing.length > 0)
      out.push(
        pdfFinding(
          'PDFA-6.2.11.4.1',
          'fatal',
          path,
          {
            en: `Font ${base} shows glyphs its embedded program does not contain (codes ${list(problems.missing, digits)}).`,
            fr: `La police ${base} affiche des glyphes absents de son programme embarqué (codes ${list(problems.missing, digits)}).`,
          },
          lang,
          problems.missing,
        ),
      );
    if (problems.widths.length > 0)
      out.push(
        pdfFinding(
          'PDFA-6.2.11.5',
          'fatal',
          path,
          {
            en: `The widths of font ${base} in the PDF disagree with its embedded program (PDF / font program: ${list(problems.widths, digits)}).`,
            fr: `Les largeurs de la police ${base} dans le PDF ne correspondent pas à son programme embarqué (PDF / programme : ${list(problems.widths, digits)}).`,
          },
          lang,
          problems.widths,
        ),
      );
    if (problems.cidSet.length > 0)
      out.push(
        pdfFinding(
          'PDFA-6.2.11.4.2',
          'fatal',
          `${path}.CIDSet`,
          {
            en: `The CIDSet of font ${base} does not list CIDs the text uses (${list(problems.cidSet, digits)}).`,
            fr: `Le CIDSet de la police ${base} ne recense pas des CID utilisés par le texte (${list(problems.cidSet, digits)}).`,
          },
          lang,
          problems.cidSet,
        ),
      );
  }
  if (scanner.truncated)
    out.push(
      pdfFinding(
        'PDF-LIMIT',
        'warning',
        'pdf.pages',
        {
          en: 'The page content is too large to check completely; glyphs were checked on the first pages only.',
          fr: 'Le contenu des pages est trop volumineux pour être vérifié en entier ; les glyphes n’ont été vérifiés que sur les premières pages.',
        },
        lang,
      ),
    );
  return out;
}
