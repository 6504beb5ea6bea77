/**
 * generate(): invoice JSON → { xml, pdf, validation }. The verdict is judgeInvoice's: the CII written
 * for the profile goes through validateDocument, the contract findings of JSON input on top. Only a
 * valid document is rendered (PDF/A-3b with the XML embedded in the same pdfkit pass).
 */

import type { Finding, Invoice, Profile, ValidationResult } from '@einv/core-model';
import type { FrenchEdition, FrenchStandardVersion } from '@einv/rules';
import type { FontBytes } from './assets.js';
import { judgeInvoice } from './judge-invoice.js';
import { glyphFindings } from './render/glyph-findings.js';
import type { Lang } from './render/labels.js';
import { renderPdf } from './render/render-pdf.js';

export interface GenerateOptions {
  profile?: Profile;
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
    const pdf = renderPdf(
      completed,
      { lang, now: options.now, ...(options.fonts ? { fonts: options.fonts } : {}) },
      { xml, profile },
    );
    return { xml, pdf, validation, invoice: completed };
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
