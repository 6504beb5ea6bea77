/**
 * generate(): invoice JSON → { xml, pdf, validation }. The verdict is judgeInvoice's: the CII written
 * for the profile goes through validateDocument, the contract findings of JSON input on top. Only a
 * valid document is rendered (PDF/A-3b with the XML embedded in the same pdfkit pass).
 */

import { writeCii } from '@einv/cii';
import {
  type DocumentProfile,
  EXTENDED_CTC_FR,
  type Finding,
  GUIDELINE_IDS,
  type Invoice,
  structureProfile,
  type ValidationResult,
} from '@einv/core-model';
import type { FrenchEdition, FrenchStandardVersion } from '@einv/rules';
import type { FontBytes } from './assets.js';
import { judgeInvoice } from './judge-invoice.js';
import { glyphFindings } from './render/glyph-findings.js';
import type { Lang } from './render/labels.js';
import { renderPdf } from './render/render-pdf.js';

export interface GenerateOptions {
  /** Factur-X profile (default EN16931), or EXTENDED-CTC-FR (the PDF then carries Factur-X EXTENDED; decision 0078) */
  profile?: DocumentProfile;
  lang?: Lang;
  frenchEdition?: FrenchEdition;
  /** Release of the standard edition (default: the newest, 1.4.0.04) */
  frenchVersion?: FrenchStandardVersion;
  /** The reform's processing type (B2B, B2BINT, B2C…), for invoices without a BAR note */
  processingType?: string;
  now: Date | string;
  fonts?: FontBytes;
}

export interface GenerateResult {
  /** The CII document the verdict is about; present whenever the invoice could be written, valid or not */
  xml?: string;
  /**
   * EXTENDED-CTC-FR only: the CII the PDF embeds, `xml` with the Factur-X EXTENDED guideline id
   * (Factur-X 1.09.2 has no EXTENDED-CTC-FR conformance level; decision 0078)
   */
  pdfXml?: string;
  /** The Factur-X PDF: only when the document is valid */
  pdf?: Uint8Array;
  validation: ValidationResult;
  /** The completed invoice the XML and PDF were made from */
  invoice?: Invoice;
}

export function generate(invoice: Invoice, options: GenerateOptions): GenerateResult {
  const lang = options.lang ?? 'fr';
  try {
    return generateUnsafe(invoice, options, lang);
  } catch (e) {
    // Defensive: a bug anywhere below must come back as a finding, never as an exception.
    const f: Finding = {
      rule: 'FX-RENDER',
      severity: 'fatal',
      path: 'invoice',
      message:
        lang === 'fr'
          ? `La facture n’a pas pu être produite : ${(e as Error).message}`
          : `The invoice could not be produced: ${(e as Error).message}`,
    };
    return { validation: { valid: false, errors: [f], warnings: [], ruleSets: [] } };
  }
}

function generateUnsafe(invoice: Invoice, options: GenerateOptions, lang: Lang): GenerateResult {
  const profile = options.profile ?? 'EN16931';
  const judged = judgeInvoice(invoice, {
    profile,
    lang,
    ...(options.frenchEdition ? { frenchEdition: options.frenchEdition } : {}),
    ...(options.frenchVersion ? { frenchVersion: options.frenchVersion } : {}),
    ...(options.processingType ? { processingType: options.processingType } : {}),
  });
  const { completed, xml } = judged;
  if (!judged.validation.valid || xml === undefined || completed === undefined) {
    return { validation: judged.validation, ...(xml !== undefined ? { xml } : {}) };
  }
  const validation: ValidationResult = {
    ...judged.validation,
    // characters the PDF shows as a substitute (the XML keeps them): which field, which text
    warnings: [...judged.validation.warnings, ...glyphFindings(completed, { ...options, lang })],
  };
  try {
    const embedded = facturxXmlFor(completed, xml, profile);
    const pdf = renderPdf(
      completed,
      { lang, now: options.now, ...(options.fonts ? { fonts: options.fonts } : {}) },
      { xml: embedded, profile: structureProfile(profile) },
    );
    return {
      xml,
      ...(embedded !== xml ? { pdfXml: embedded } : {}),
      pdf,
      validation,
      invoice: completed,
    };
  } catch (e) {
    const f: Finding = {
      rule: 'FX-RENDER',
      severity: 'fatal',
      path: 'invoice',
      message:
        lang === 'fr'
          ? `Le PDF n’a pas pu être produit : ${(e as Error).message}`
          : `The PDF could not be produced: ${(e as Error).message}`,
    };
    return { validation: { ...validation, valid: false, errors: [...validation.errors, f] }, xml };
  }
}

/**
 * The CII a Factur-X PDF embeds: the judged XML itself, except for EXTENDED-CTC-FR, which Factur-X
 * 1.09.2 knows only as EXTENDED (its XMP levels stop there, and its EXTENDED schematron accepts only
 * the Factur-X / ZUGFeRD EXTENDED ids). The official Annexe B Factur-X (UC10) does the same: BT-24
 * `…:extended` with fx:ConformanceLevel EXTENDED. Everything but BT-24 is the judged document.
 */
function facturxXmlFor(completed: Invoice, xml: string, profile: DocumentProfile): string {
  if (profile !== EXTENDED_CTC_FR) return xml;
  return writeCii({ ...completed, specificationIdentifier: GUIDELINE_IDS.EXTENDED }, { profile: 'EXTENDED' })
    .xml;
}
