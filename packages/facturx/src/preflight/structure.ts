/** PDF/A-3 file structure (6.1), output intent (6.2.3), actions (6.5), fonts (6.2.11), Info vs XMP (advisory). */
import type { Finding } from '@einv/core-model';
import { type Lang, pdfFinding } from '../findings.js';
import type { PdfFile } from '../reader/document.js';
import { arrayOf, nameOf, PdfStream, textOf } from '../reader/objects.js';
import { walkPages } from '../reader/pages.js';
import type { XmpInfo } from './xmp-check.js';

export function checkHeaderAndTrailer(file: PdfFile, lang: Lang): Finding[] {
  const out: Finding[] = [];
  const b = file.bytes;
  if (file.headerOffset !== 0) {
    out.push(
      pdfFinding(
        'PDFA-6.1.2',
        'fatal',
        'pdf.header',
        {
          en: 'The file must start with %PDF-1.n at byte 0.',
          fr: 'Le fichier doit commencer par %PDF-1.n à l’octet 0.',
        },
        lang,
      ),
    );
  } else {
    // second line: a comment with at least four bytes above 127
    let i = 0;
    while (i < b.length && b[i] !== 0x0a && b[i] !== 0x0d) i++;
    while (i < b.length && (b[i] === 0x0a || b[i] === 0x0d)) i++;
    let high = 0;
    if (b[i] === 0x25)
      for (let k = i + 1; k < i + 64 && k < b.length && b[k] !== 0x0a && b[k] !== 0x0d; k++)
        if (b[k]! > 127) high++;
    if (high < 4) {
      out.push(
        pdfFinding(
          'PDFA-6.1.2',
          'fatal',
          'pdf.header',
          {
            en: 'The header line must be followed by a comment of at least four binary bytes (> 127).',
            fr: 'La ligne d’en-tête doit être suivie d’un commentaire d’au moins quatre octets binaires (> 127).',
          },
          lang,
        ),
      );
    }
  }
  const id = arrayOf(file.deref(file.trailer.get('ID')));
  if (id?.length !== 2) {
    out.push(
      pdfFinding(
        'PDFA-6.1.3',
        'fatal',
        'pdf.trailer.ID',
        {
          en: 'The trailer has no /ID file identifier; PDF/A requires one.',
          fr: 'Le trailer n’a pas d’identifiant de fichier /ID ; PDF/A l’exige.',
        },
        lang,
      ),
    );
  }
  if (file.trailer.has('Encrypt')) {
    out.push(
      pdfFinding(
        'PDFA-6.1.3',
        'fatal',
        'pdf.trailer.Encrypt',
        {
          en: 'The file is encrypted; PDF/A forbids encryption.',
          fr: 'Le fichier est chiffré ; PDF/A interdit le chiffrement.',
        },
        lang,
      ),
    );
  }
  // nothing but an end-of-line may follow the last %%EOF
  let end = b.length;
  while (end > 0 && (b[end - 1] === 0x0a || b[end - 1] === 0x0d || b[end - 1] === 0x20)) end--;
  const tail = String.fromCharCode(...b.subarray(Math.max(0, end - 5), end));
  if (tail !== '%%EOF') {
    out.push(
      pdfFinding(
        'PDFA-6.1.3',
        'fatal',
        'pdf.trailer',
        {
          en: 'Data follows the last %%EOF marker (or the marker is missing: truncated file?).',
          fr: 'Des données suivent le dernier marqueur %%EOF (ou il manque : fichier tronqué ?).',
        },
        lang,
      ),
    );
  }
  return out;
}

export function checkOutputIntent(file: PdfFile, lang: Lang): Finding[] {
  const catalog = file.catalog();
  const intents = arrayOf(file.deref(catalog?.get('OutputIntents'))) ?? [];
  const pdfa = intents.map((i) => file.dict(i)).find((d) => nameOf(d?.get('S')) === 'GTS_PDFA1');
  if (!pdfa) {
    return [
      pdfFinding(
        'PDFA-6.2.3',
        'fatal',
        'pdf.catalog.OutputIntents',
        {
          en: 'No GTS_PDFA1 output intent: PDF/A needs one (with an ICC profile) so device colours have a meaning.',
          fr: 'Aucun « output intent » GTS_PDFA1 : PDF/A en exige un (avec un profil ICC) pour donner un sens aux couleurs.',
        },
        lang,
      ),
    ];
  }
  if (!(file.deref(pdfa.get('DestOutputProfile')) instanceof PdfStream)) {
    return [
      pdfFinding(
        'PDFA-6.2.3',
        'fatal',
        'pdf.catalog.OutputIntents',
        {
          en: 'The PDF/A output intent has no embedded ICC profile (/DestOutputProfile).',
          fr: 'L’« output intent » PDF/A n’embarque pas de profil ICC (/DestOutputProfile).',
        },
        lang,
      ),
    ];
  }
  return [];
}

export function checkActions(file: PdfFile, lang: Lang): Finding[] {
  const catalog = file.catalog();
  const names = file.dict(catalog?.get('Names'));
  const open = file.dict(catalog?.get('OpenAction'));
  if (names?.has('JavaScript') || nameOf(open?.get('S')) === 'JavaScript' || catalog?.has('AA')) {
    return [
      pdfFinding(
        'PDFA-6.5.1',
        'fatal',
        'pdf.catalog',
        {
          en: 'The document contains JavaScript or additional actions, which PDF/A forbids.',
          fr: 'Le document contient du JavaScript ou des actions supplémentaires, ce que PDF/A interdit.',
        },
        lang,
      ),
    ];
  }
  return [];
}

function fontEmbedded(file: PdfFile, font: ReturnType<PdfFile['dict']>): boolean {
  if (!font) return true;
  const subtype = nameOf(font.get('Subtype'));
  if (subtype === 'Type3') return true;
  let target = font;
  if (subtype === 'Type0') {
    const desc = file.dict(arrayOf(file.deref(font.get('DescendantFonts')))?.[0]);
    if (!desc) return false;
    target = desc;
  }
  const fd = file.dict(target.get('FontDescriptor'));
  return Boolean(fd && (fd.has('FontFile') || fd.has('FontFile2') || fd.has('FontFile3')));
}

export function checkFonts(file: PdfFile, lang: Lang): { findings: Finding[]; pageCount: number } {
  const walk = walkPages(file);
  const findings: Finding[] = [];
  for (const { key, font } of walk.fonts) {
    if (fontEmbedded(file, font)) continue;
    const base = nameOf(font.get('BaseFont')) ?? key;
    findings.push(
      pdfFinding(
        'PDFA-6.2.11.4',
        'fatal',
        `pdf.fonts["${base}"]`,
        {
          en: `The font ${base} is not embedded; PDF/A requires every font used to be embedded.`,
          fr: `La police ${base} n’est pas embarquée ; PDF/A exige que toute police utilisée le soit.`,
        },
        lang,
        base,
      ),
    );
  }
  if (walk.truncated) {
    findings.push(
      pdfFinding(
        'PDF-LIMIT',
        'warning',
        'pdf.pages',
        {
          en: 'The page tree is too large to check completely; fonts were checked on the first pages only.',
          fr: 'L’arbre des pages est trop grand pour être vérifié en entier ; les polices n’ont été vérifiées que sur les premières pages.',
        },
        lang,
      ),
    );
  }
  return { findings, pageCount: walk.pageCount };
}

/**
 * Info dictionary entries that differ from their XMP counterparts. PDF/A-1 (ISO 19005-1 6.7.3)
 * requires them to be equivalent; for PDF/A-2/3 we report a mismatch as a warning only (decision
 * 0086): viewers show one or the other, so they should agree, but it is not a clause we can cite.
 */
export function checkInfoMatchesXmp(file: PdfFile, xmp: XmpInfo | undefined, lang: Lang): Finding[] {
  if (!xmp?.wellFormed) return [];
  const info = file.dict(file.trailer.get('Info'));
  if (!info) return [];
  const pairs: [string, string, string][] = [
    ['Title', 'http://purl.org/dc/elements/1.1/', 'title'],
    ['Author', 'http://purl.org/dc/elements/1.1/', 'creator'],
    ['Subject', 'http://purl.org/dc/elements/1.1/', 'description'],
    ['Producer', 'http://ns.adobe.com/pdf/1.3/', 'Producer'],
    ['Creator', 'http://ns.adobe.com/xap/1.0/', 'CreatorTool'],
    ['Keywords', 'http://ns.adobe.com/pdf/1.3/', 'Keywords'],
  ];
  const out: Finding[] = [];
  for (const [key, ns, name] of pairs) {
    const infoValue = textOf(file.deref(info.get(key)));
    if (infoValue === undefined) continue;
    const xmpValue = xmp.get(ns, name);
    if (xmpValue === undefined || xmpValue.trim() !== infoValue.trim()) {
      out.push(
        pdfFinding(
          'PDF-INFO-XMP',
          'warning',
          `pdf.info.${key}`,
          {
            en: `Info /${key} "${infoValue}" has no equal XMP counterpart (found ${xmpValue === undefined ? 'none' : `"${xmpValue}"`}).`,
            fr: `L’entrée Info /${key} « ${infoValue} » n’a pas d’équivalent identique dans le XMP (trouvé : ${xmpValue === undefined ? 'rien' : `« ${xmpValue} »`}).`,
          },
          lang,
        ),
      );
    }
  }
  return out;
}
