/**
 * renderPdf: the readable invoice as a PDF/A-3b file (optionally with the Factur-X XML embedded in
 * the same pass, which is how generate() builds its output).
 */
import type { Invoice, Profile } from '@einv/core-model';
import { XMP_CONFORMANCE_LEVELS } from '@einv/core-model';
import { type FontBytes, loadFonts } from '../assets.js';
import { afRelationshipFor } from '../guideline.js';
import { createPdfaDocument, type PdfkitAttachment } from '../pdfa/pdfkit-document.js';
import { facturxXmpFor } from '../pdfa/xmp.js';
import { canvasOn, newPage } from './canvas.js';
import { fontChainFor } from './font-chain.js';
import { drawHeader } from './header.js';
import { documentTitle, LABELS, type Lang } from './labels.js';
import { drawLinesTable } from './lines-table.js';
import { sanitizeForRender } from './sanitize.js';
import {
  drawAllowancesCharges,
  drawFooters,
  drawMentions,
  drawPayment,
  drawVatAndTotals,
} from './summary.js';

export interface RenderOptions {
  lang?: Lang;
  /** Creation/modification date written in the PDF (libraries never read the clock) */
  now: Date | string;
  /** TTF bytes of a regular and a bold font (browsers); default: the bundled DejaVu Sans */
  fonts?: FontBytes;
}

/** What generate()/embed pass to write the Factur-X XML in the same pdfkit pass */
export interface FacturxEmbedding {
  xml: string | Uint8Array;
  profile: Profile;
  filename?: string;
}

export function toDate(now: Date | string): Date {
  const d = now instanceof Date ? now : new Date(now);
  if (Number.isNaN(d.getTime())) throw new RangeError(`now is not a valid date: ${String(now)}`);
  return d;
}

export function renderPdf(input: Invoice, options: RenderOptions, embedding?: FacturxEmbedding): Uint8Array {
  const invoice = sanitizeForRender(input);
  const lang: Lang = options.lang === 'en' ? 'en' : 'fr';
  const l = LABELS[lang];
  const now = toDate(options.now);
  // The number may hold anything at run time (JSON input): only a string or a number is printed.
  const number =
    typeof invoice.number === 'string' || typeof invoice.number === 'number' ? String(invoice.number) : '';
  const title = `${documentTitle(invoice.typeCode, l)} ${number}`.trim();
  const seller = invoice.seller?.name;
  const buyer = invoice.buyer?.name;
  const xmlBytes =
    embedding === undefined
      ? undefined
      : typeof embedding.xml === 'string'
        ? new TextEncoder().encode(embedding.xml)
        : embedding.xml;
  const filename = embedding?.filename ?? 'factur-x.xml';
  const pdfa = createPdfaDocument({
    now,
    title,
    ...(seller ? { author: seller } : {}),
    ...(seller && buyer ? { subject: `${title} – ${seller} → ${buyer}` } : {}),
    idSeed: xmlBytes ?? new TextEncoder().encode(JSON.stringify(invoice)),
    ...(embedding ? { facturx: facturxXmpFor(embedding.profile, filename) } : {}),
    ...(options.fonts ? { fonts: options.fonts } : {}),
    language: lang === 'fr' ? 'fr-FR' : 'en',
  });
  const c = canvasOn(pdfa, {
    invoice,
    lang,
    l,
    chain: (fonts) => fontChainFor(loadFonts(options.fonts), fonts),
  });
  newPage(c);
  drawHeader(c);
  drawLinesTable(c);
  drawAllowancesCharges(c);
  drawVatAndTotals(c);
  drawPayment(c);
  drawMentions(c);
  drawFooters(c, embedding ? XMP_CONFORMANCE_LEVELS[embedding.profile] : undefined);
  if (embedding && xmlBytes) {
    const file: PdfkitAttachment = {
      name: filename,
      data: xmlBytes,
      mimeType: 'text/xml',
      relationship: afRelationshipFor(embedding.profile),
      description: 'Factur-X invoice',
    };
    pdfa.attach(file, now);
  }
  return pdfa.finish();
}
