/**
 * preflight(pdf): what keeps a PDF from being a valid Factur-X PDF/A-3 file, as findings whose rule
 * code names the clause (PDFA-6.x of ISO 19005-3, FX-* of the Factur-X 1.0 specification). It is a
 * focused check of the points that matter for e-invoices, not a full veraPDF replacement.
 */
import type { Finding } from '@einv/core-model';
import { parseXml } from '@einv/xml';
import { chooseInvoiceAttachment, openPdf, readXmp } from '../extract.js';
import { type Lang, pdfFinding } from '../findings.js';
import { listEmbeddedFiles } from '../reader/attachments.js';
import { PdfStream } from '../reader/objects.js';
import { checkEmbeddedFiles, checkFacturx } from './attachments-check.js';
import { checkGlyphs } from './glyphs.js';
import {
  checkActions,
  checkFonts,
  checkHeaderAndTrailer,
  checkInfoMatchesXmp,
  checkOutputIntent,
} from './structure.js';
import { checkXmp } from './xmp-check.js';

export interface PreflightOptions {
  lang?: Lang;
  maxBytes?: number;
}

export function preflight(pdf: Uint8Array, options: PreflightOptions = {}): Finding[] {
  const lang = options.lang ?? 'en';
  const { file, findings } = openPdf(pdf, lang, options.maxBytes);
  if (!file || findings.some((f) => f.severity === 'fatal' && f.rule !== 'PDF-ENCRYPTED')) return findings;
  const out = findings.filter((f) => f.rule !== 'PDF-ENCRYPTED');
  out.push(...checkHeaderAndTrailer(file, lang));
  if (file.trailer.has('Encrypt')) return out;
  out.push(...checkOutputIntent(file, lang));
  out.push(...checkActions(file, lang));
  out.push(...checkFonts(file, lang).findings);
  out.push(...checkGlyphs(file, lang));
  const xmpText = readXmp(file);
  const { findings: xmpFindings, info } = checkXmp(xmpText, lang);
  out.push(...xmpFindings);
  out.push(...checkInfoMatchesXmp(file, info, lang));
  const files = listEmbeddedFiles(file);
  out.push(...checkEmbeddedFiles(files, lang));
  const invoice = chooseInvoiceAttachment(file, files, xmpText);
  if (!invoice) {
    out.push(
      pdfFinding(
        'FX-NO-INVOICE',
        'fatal',
        'pdf.attachments',
        {
          en: 'No invoice XML is embedded (expected factur-x.xml).',
          fr: 'Aucune facture XML n’est jointe (attendu : factur-x.xml).',
        },
        lang,
      ),
    );
    return out;
  }
  let xml: string | undefined;
  const stream = file.deref(invoice.stream);
  if (stream instanceof PdfStream) {
    try {
      xml = new TextDecoder().decode(file.decode(stream)).replace(/^\uFEFF/, '');
    } catch {
      xml = undefined;
    }
  }
  if (xml === undefined) {
    out.push(
      pdfFinding(
        'FX-XML',
        'fatal',
        `pdf.attachments["${invoice.name}"]`,
        {
          en: `The embedded ${invoice.name} cannot be read.`,
          fr: `Le fichier joint ${invoice.name} est illisible.`,
        },
        lang,
      ),
    );
  } else {
    const parsed = parseXml(xml);
    if (!parsed.ok) {
      out.push(
        pdfFinding(
          'FX-XML',
          'fatal',
          `pdf.attachments["${invoice.name}"]`,
          {
            en: `The embedded ${invoice.name} is not well-formed XML: ${parsed.error.message}${parsed.error.line ? ` (line ${parsed.error.line})` : ''}.`,
            fr: `Le fichier joint ${invoice.name} n’est pas un XML bien formé : ${parsed.error.message}${parsed.error.line ? ` (ligne ${parsed.error.line})` : ''}.`,
          },
          lang,
        ),
      );
    }
  }
  out.push(...checkFacturx(invoice, xml, info, lang));
  return out;
}
