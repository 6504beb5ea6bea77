/**
 * embed() and attach(): put a Factur-X XML into an existing PDF with pdf-lib.
 * embed() does the mechanical part; attach() first checks that the user's PDF can become PDF/A-3 at
 * all (nothing we can fix: encryption, unembedded fonts, JavaScript) and afterwards preflights the
 * result, so the caller gets either a conformant file or the exact reasons why not — never a
 * failing file.
 */
import { EXTENDED_CTC_FR, type Finding, GUIDELINE_IDS, isProfile, type Profile } from '@einv/core-model';
import { parseXml } from '@einv/xml';
import { invoiceAttachments, openPdf, readXmp } from './extract.js';
import { type Lang, pdfFinding } from './findings.js';
import { guidelineIdOf, profileOfGuideline } from './guideline.js';
import { embedWithPdfLib } from './pdfa/pdflib-embed.js';
import { preflight } from './preflight/index.js';
import { checkActions, checkFonts, checkOutputIntent } from './preflight/structure.js';
import { listEmbeddedFiles } from './reader/attachments.js';
import type { PdfFile } from './reader/document.js';
import { toDate } from './render/render-pdf.js';

export interface EmbedOptions {
  /** Profile of the XML; read from its guideline id (BT-24) when absent */
  profile?: Profile;
  now: Date | string;
  filename?: string;
  lang?: Lang;
  /**
   * The PDF already carries an invoice XML (factur-x.xml, zugferd-invoice.xml, xrechnung.xml…):
   * replace it (true) instead of refusing (default). One invoice per file: two would let every
   * reader pick the old one.
   */
  replace?: boolean;
}

export interface EmbedResult {
  pdf?: Uint8Array;
  findings: Finding[];
}

function xmlBytes(xml: string | Uint8Array): Uint8Array {
  return typeof xml === 'string' ? new TextEncoder().encode(xml) : xml;
}

function resolveProfile(
  xml: Uint8Array,
  given: Profile | undefined,
  lang: Lang,
  findings: Finding[],
): Profile | undefined {
  if (given) return given;
  const found = profileOfGuideline(guidelineIdOf(new TextDecoder().decode(xml.subarray(0, 8192))));
  if (found && isProfile(found)) return found;
  if (found === EXTENDED_CTC_FR) {
    // decision 0078: Factur-X 1.09.2 has no conformance level that describes this XML
    findings.push(
      pdfFinding(
        'FX-PROFILE',
        'fatal',
        'xml',
        {
          en: `The XML declares EXTENDED-CTC-FR, which Factur-X 1.09.2 has no conformance level for: embed it with the Factur-X EXTENDED guideline id (${GUIDELINE_IDS.EXTENDED}), as generate() does.`,
          fr: `Le XML déclare l’EXTENDED-CTC-FR, pour lequel Factur-X 1.09.2 n’a pas de niveau de conformité : joignez-le avec l’identifiant Factur-X EXTENDED (${GUIDELINE_IDS.EXTENDED}), comme le fait generate().`,
        },
        lang,
      ),
    );
    return undefined;
  }
  findings.push(
    pdfFinding(
      'FX-PROFILE',
      'fatal',
      'xml',
      {
        en: 'The XML declares no Factur-X profile (BT-24 guideline id) and none was given.',
        fr: 'Le XML ne déclare aucun profil Factur-X (identifiant BT-24) et aucun n’a été fourni.',
      },
      lang,
    ),
  );
  return undefined;
}

/** Names of the invoice XML files the PDF already carries (empty when it cannot be read: pdf-lib will say why) */
function embeddedInvoiceNames(file: PdfFile | undefined): string[] {
  if (!file) return [];
  return invoiceAttachments(file, listEmbeddedFiles(file), readXmp(file)).map((f) => f.name);
}

/**
 * One invoice per file: refuses (fatal FX-INVOICE-PRESENT) when the PDF already holds an invoice XML
 * and `replace` is not set; with `replace`, says what is replaced. Returns the names to remove.
 */
function checkExistingInvoice(
  existing: string[],
  options: EmbedOptions,
  lang: Lang,
  findings: Finding[],
): string[] | undefined {
  if (existing.length === 0) return [];
  const names = existing.join(', ');
  const path = `pdf.attachments["${existing[0]}"]`;
  if (!options.replace) {
    findings.push(
      pdfFinding(
        'FX-INVOICE-PRESENT',
        'fatal',
        path,
        {
          en: `The PDF already carries an invoice XML (${names}). Adding another would put two invoices in one file, and readers would return the old one. Pass replace: true to replace it.`,
          fr: `Le PDF contient déjà une facture XML (${names}). En ajouter une autre mettrait deux factures dans le même fichier, et les lecteurs rendraient l’ancienne. Passez replace: true pour la remplacer.`,
        },
        lang,
        existing,
      ),
    );
    return undefined;
  }
  findings.push(
    pdfFinding(
      'FX-INVOICE-REPLACED',
      'information',
      path,
      {
        en: `The invoice XML already embedded (${names}) was removed and replaced by the one given.`,
        fr: `La facture XML déjà jointe (${names}) a été retirée et remplacée par celle fournie.`,
      },
      lang,
      existing,
    ),
  );
  return existing;
}

/**
 * Embeds the XML as factur-x.xml with the Factur-X XMP; adds an sRGB output intent if missing.
 * Refuses a PDF that already holds an invoice XML unless `replace` is set.
 */
export async function embed(
  pdf: Uint8Array,
  xml: string | Uint8Array,
  options: EmbedOptions,
): Promise<EmbedResult> {
  const lang = options.lang ?? 'en';
  const findings: Finding[] = [];
  const remove = checkExistingInvoice(embeddedInvoiceNames(openPdf(pdf, lang).file), options, lang, findings);
  if (!remove) return { findings };
  return embedChecked(pdf, xml, options, remove, findings);
}

async function embedChecked(
  pdf: Uint8Array,
  xml: string | Uint8Array,
  options: EmbedOptions,
  remove: string[],
  findings: Finding[],
): Promise<EmbedResult> {
  const lang = options.lang ?? 'en';
  const bytes = xmlBytes(xml);
  const profile = resolveProfile(bytes, options.profile, lang, findings);
  if (!profile) return { findings };
  try {
    const out = await embedWithPdfLib(pdf, bytes, {
      profile,
      now: toDate(options.now),
      addOutputIntent: true,
      remove,
      ...(options.filename ? { filename: options.filename } : {}),
    });
    return { pdf: out, findings };
  } catch (e) {
    findings.push(
      pdfFinding(
        'PDF-WRITE',
        'fatal',
        'pdf',
        {
          en: `The PDF could not be rewritten: ${(e as Error).message}`,
          fr: `Le PDF n’a pas pu être réécrit : ${(e as Error).message}`,
        },
        lang,
      ),
    );
    return { findings };
  }
}

/** Turns a user's PDF into Factur-X, or explains exactly why it cannot be PDF/A-3. */
export async function attach(
  pdf: Uint8Array,
  xml: string | Uint8Array,
  options: EmbedOptions,
): Promise<EmbedResult> {
  const lang = options.lang ?? 'en';
  const { file, findings } = openPdf(pdf, lang);
  if (!file || findings.some((f) => f.severity === 'fatal')) return { findings };
  const remove = checkExistingInvoice(embeddedInvoiceNames(file), options, lang, findings);
  if (!remove) return { findings };
  const bytes = xmlBytes(xml);
  const parsed = parseXml(bytes);
  if (!parsed.ok) {
    findings.push(
      pdfFinding(
        'FX-XML',
        'fatal',
        'xml',
        {
          en: `The XML to attach is not well-formed: ${parsed.error.message}.`,
          fr: `Le XML à joindre n’est pas bien formé : ${parsed.error.message}.`,
        },
        lang,
      ),
    );
    return { findings };
  }
  // Blockers we cannot repair: the content itself would have to change.
  findings.push(...checkFonts(file, lang).findings, ...checkActions(file, lang));
  if (findings.some((f) => f.severity === 'fatal')) return { findings };
  const intent = checkOutputIntent(file, lang);
  if (intent.length > 0) {
    findings.push(
      pdfFinding(
        'PDFA-6.2.3',
        'information',
        'pdf.catalog.OutputIntents',
        {
          en: 'The PDF had no PDF/A output intent: an sRGB one was added (right for RGB and grey content; CMYK content would need a CMYK profile).',
          fr: 'Le PDF n’avait pas d’« output intent » PDF/A : un sRGB a été ajouté (correct pour un contenu RVB ou gris ; un contenu CMJN demanderait un profil CMJN).',
        },
        lang,
      ),
    );
  }
  const result = await embedChecked(pdf, bytes, options, remove, []);
  findings.push(...result.findings);
  if (!result.pdf) return { findings };
  const after = preflight(result.pdf, { lang });
  const fatal = after.filter((f) => f.severity === 'fatal');
  if (fatal.length > 0) {
    findings.push(...fatal);
    return { findings };
  }
  findings.push(...after);
  return { pdf: result.pdf, findings };
}
