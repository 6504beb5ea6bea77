/**
 * extract(pdf): finds the invoice XML inside a Factur-X / ZUGFeRD / XRechnung / Order-X PDF.
 * The XMP's fx:DocumentFileName decides among several attachments; otherwise the usual names are
 * tried, then any XML attachment whose root looks like an invoice. Reads only what it needs with our
 * own light reader (decision 0082): no full load, no rewrite.
 */
import type { Finding } from '@einv/core-model';
import { type Lang, pdfFinding } from './findings.js';
import { type EmbeddedFile, listEmbeddedFiles } from './reader/attachments.js';
import { DEFAULT_LIMITS, PdfFile } from './reader/document.js';
import { PdfStream } from './reader/objects.js';

/** Attachment names used in the wild, in order of preference */
export const INVOICE_FILE_NAMES = [
  'factur-x.xml',
  'zugferd-invoice.xml',
  'ZUGFeRD-invoice.xml',
  'xrechnung.xml',
  'order-x.xml',
];

export interface ExtractOptions {
  lang?: Lang;
  /** Refuse files larger than this (default 50 MiB) */
  maxBytes?: number;
}

export interface ExtractResult {
  xml?: string;
  filename?: string;
  xmp?: string;
  /** Every embedded file's name, for the caller's information */
  attachments: string[];
  /** The names of every attachment that is an invoice XML; `filename` is the one returned */
  invoiceAttachments: string[];
  findings: Finding[];
}

export function readXmp(file: PdfFile): string | undefined {
  const catalog = file.catalog();
  const meta = file.deref(catalog?.get('Metadata'));
  if (!(meta instanceof PdfStream)) return undefined;
  try {
    return new TextDecoder().decode(file.decode(meta));
  } catch {
    return undefined;
  }
}

/** fx:DocumentFileName (any prefix bound to a Factur-X/ZUGFeRD namespace), element or attribute form */
export function xmpDocumentFileName(xmp: string | undefined): string | undefined {
  if (!xmp) return undefined;
  const m =
    /<(?:[\w.-]+:)?DocumentFileName>\s*([^<]+?)\s*<\//.exec(xmp) ??
    /(?:[\w.-]+:)?DocumentFileName="([^"]+)"/.exec(xmp);
  return m?.[1];
}

function decodeText(bytes: Uint8Array): string {
  const text = new TextDecoder('utf-8').decode(bytes);
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function looksLikeInvoiceXml(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 2048));
  return /<(?:[\w-]+:)?(CrossIndustryInvoice|CrossIndustryDocument|Invoice|CreditNote|SCRDMCCBDACIOMessageStructure)[\s>]/.test(
    head,
  );
}

/** Opens the bytes as a PDF, or explains why not. Shared by extract, preflight and detectAndRead. */
export function openPdf(
  pdf: Uint8Array,
  lang: Lang,
  maxBytes = DEFAULT_LIMITS.maxFileBytes,
): { file?: PdfFile; findings: Finding[] } {
  const findings: Finding[] = [];
  if (pdf.byteLength > maxBytes) {
    findings.push(
      pdfFinding(
        'PDF-SIZE',
        'fatal',
        'pdf',
        {
          en: `The file is ${pdf.byteLength} bytes; at most ${maxBytes} are accepted.`,
          fr: `Le fichier fait ${pdf.byteLength} octets ; au plus ${maxBytes} sont acceptés.`,
        },
        lang,
      ),
    );
    return { findings };
  }
  // a decoded stream never exceeds the file limit: the caller's upload limit also bounds the work a
  // small Flate-compressed file can ask for (a 144 kB file once inflated to 19 MB of XML, issue 14)
  const file = new PdfFile(pdf, {
    ...DEFAULT_LIMITS,
    maxFileBytes: maxBytes,
    maxStreamBytes: Math.min(DEFAULT_LIMITS.maxStreamBytes, maxBytes),
  });
  if (file.headerOffset < 0) {
    findings.push(
      pdfFinding(
        'PDF-HEADER',
        'fatal',
        'pdf',
        {
          en: 'This is not a PDF file: it does not start with %PDF-.',
          fr: 'Ce fichier n’est pas un PDF : il ne commence pas par %PDF-.',
        },
        lang,
      ),
    );
    return { findings };
  }
  if (file.rebuilt) {
    findings.push(
      pdfFinding(
        'PDF-XREF',
        'warning',
        'pdf.xref',
        {
          en: `The cross-reference table is damaged (${file.problems.map((p) => p.message).join('; ') || 'unreadable'}); objects were recovered by scanning the file.`,
          fr: `La table des références croisées est endommagée (${file.problems.map((p) => p.message).join(' ; ') || 'illisible'}) ; les objets ont été retrouvés en parcourant le fichier.`,
        },
        lang,
      ),
    );
  }
  if (!file.catalog()) {
    findings.push(
      pdfFinding(
        'PDF-CATALOG',
        'fatal',
        'pdf.catalog',
        {
          en: 'No document catalog could be read: the file is truncated or corrupt.',
          fr: 'Aucun catalogue de document lisible : le fichier est tronqué ou corrompu.',
        },
        lang,
      ),
    );
    return { findings };
  }
  if (file.trailer.has('Encrypt')) {
    findings.push(
      pdfFinding(
        'PDF-ENCRYPTED',
        'fatal',
        'pdf.trailer.Encrypt',
        {
          en: 'The PDF is encrypted: its attachments cannot be read, and PDF/A forbids encryption.',
          fr: 'Le PDF est chiffré : ses pièces jointes sont illisibles, et PDF/A interdit le chiffrement.',
        },
        lang,
      ),
    );
    return { file, findings };
  }
  return { file, findings };
}

function isXmlAttachment(f: EmbeddedFile): boolean {
  return /\.xml$/i.test(f.name) || f.mimeType === 'text/xml' || f.mimeType === 'application/xml';
}

function hasInvoiceContent(file: PdfFile, f: EmbeddedFile): boolean {
  if (!isXmlAttachment(f)) return false;
  const s = file.deref(f.stream);
  if (!(s instanceof PdfStream)) return false;
  try {
    return looksLikeInvoiceXml(file.decode(s));
  } catch {
    return false; // unreadable: not an invoice we could return
  }
}

/**
 * Every attachment that is an invoice XML, in the order a reader picks them: the XMP's
 * fx:DocumentFileName first, then the well-known names, then any other XML whose root is an invoice.
 * More than one means the file carries several invoices (attach() and extract() say so).
 */
export function invoiceAttachments(
  file: PdfFile,
  files: EmbeddedFile[],
  xmp: string | undefined,
): EmbeddedFile[] {
  const out: EmbeddedFile[] = [];
  const add = (f: EmbeddedFile | undefined) => {
    if (f && f.stream !== undefined && !out.includes(f)) out.push(f);
  };
  const named = (n: string) => files.filter((f) => f.name.toLowerCase() === n.toLowerCase());
  const declared = xmpDocumentFileName(xmp);
  if (declared) for (const f of named(declared)) add(f);
  for (const n of INVOICE_FILE_NAMES) for (const f of named(n)) add(f);
  for (const f of files) if (!out.includes(f) && hasInvoiceContent(file, f)) add(f);
  return out;
}

/** Picks the invoice among the attachments: XMP file name first, then well-known names, then content. */
export function chooseInvoiceAttachment(
  file: PdfFile,
  files: EmbeddedFile[],
  xmp: string | undefined,
): EmbeddedFile | undefined {
  return invoiceAttachments(file, files, xmp)[0];
}

export function extract(pdf: Uint8Array, options: ExtractOptions = {}): ExtractResult {
  const lang = options.lang ?? 'en';
  const { file, findings } = openPdf(pdf, lang, options.maxBytes);
  const result: ExtractResult = { attachments: [], invoiceAttachments: [], findings };
  if (!file || findings.some((f) => f.severity === 'fatal')) return result;
  const xmp = readXmp(file);
  if (xmp !== undefined) result.xmp = xmp;
  const files = listEmbeddedFiles(file);
  result.attachments = files.map((f) => f.name);
  const invoices = invoiceAttachments(file, files, xmp);
  result.invoiceAttachments = invoices.map((f) => f.name);
  const chosen = invoices[0];
  if (chosen && invoices.length > 1) {
    const names = result.invoiceAttachments.join(', ');
    findings.push(
      pdfFinding(
        'FX-SEVERAL-INVOICES',
        'warning',
        'pdf.attachments',
        {
          en: `The PDF carries ${invoices.length} invoice XML files (${names}); ${chosen.name} was returned (named by the XMP or first by the usual names). Other readers may pick another one.`,
          fr: `Le PDF contient ${invoices.length} factures XML (${names}) ; ${chosen.name} a été retenue (nommée par le XMP ou première selon les noms usuels). D’autres lecteurs peuvent en choisir une autre.`,
        },
        lang,
        result.invoiceAttachments,
      ),
    );
  }
  if (!chosen) {
    findings.push(
      pdfFinding(
        'FX-NO-INVOICE',
        'fatal',
        'pdf.attachments',
        {
          en:
            files.length === 0
              ? 'The PDF has no embedded files: it is a plain PDF, not a Factur-X/ZUGFeRD invoice.'
              : `None of the embedded files (${result.attachments.join(', ')}) is an invoice XML (expected factur-x.xml or the name in the XMP fx:DocumentFileName).`,
          fr:
            files.length === 0
              ? 'Le PDF ne contient aucun fichier joint : c’est un PDF simple, pas une facture Factur-X/ZUGFeRD.'
              : `Aucun des fichiers joints (${result.attachments.join(', ')}) n’est une facture XML (attendu : factur-x.xml ou le nom donné par fx:DocumentFileName dans le XMP).`,
        },
        lang,
      ),
    );
    return result;
  }
  const stream = file.deref(chosen.stream);
  if (!(stream instanceof PdfStream)) {
    findings.push(
      pdfFinding(
        'FX-ATTACHMENT-UNREADABLE',
        'fatal',
        `pdf.attachments["${chosen.name}"]`,
        {
          en: `The embedded file ${chosen.name} has no readable content stream.`,
          fr: `Le fichier joint ${chosen.name} n’a pas de contenu lisible.`,
        },
        lang,
      ),
    );
    return result;
  }
  try {
    result.xml = decodeText(file.decode(stream));
    result.filename = chosen.name;
  } catch (e) {
    findings.push(
      pdfFinding(
        'FX-ATTACHMENT-UNREADABLE',
        'fatal',
        `pdf.attachments["${chosen.name}"]`,
        {
          en: `The embedded file ${chosen.name} cannot be decoded: ${(e as Error).message}.`,
          fr: `Le fichier joint ${chosen.name} ne peut pas être décodé : ${(e as Error).message}.`,
        },
        lang,
      ),
    );
  }
  return result;
}
