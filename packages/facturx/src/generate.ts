/**
 * generate(): invoice JSON → { xml, pdf, validation }. complete() fills the derived amounts, the rules
 * run for the requested profile, and only a valid invoice is written (CII for the profile) and
 * rendered (PDF/A-3b with the XML embedded in the same pdfkit pass).
 */

import { guidelineFor, writeCii } from '@einv/cii';
import {
  complete,
  type Finding,
  type Invoice,
  type Profile,
  toValidationResult,
  type ValidationResult,
  validateInvoiceShape,
} from '@einv/core-model';
import { type FrenchEdition, type FrenchStandardVersion, validate } from '@einv/rules';
import type { FontBytes } from './assets.js';
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
  xml?: string;
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
  // A value that does not have the model's shape (a number where text is expected…) is reported
  // as such, field by field, before any rule or rendering looks at it.
  const shape = validateInvoiceShape(invoice, { lang });
  if (shape.some((f) => f.severity === 'fatal')) {
    return { validation: toValidationResult(shape, [{ name: 'INVOICE-SHAPE', version: 'einv model' }]) };
  }
  // BT-24 is what the profile's XML will declare (BR-01 requires it): set it before the rules run.
  const base = complete(invoice);
  const completed: Invoice = {
    ...base,
    specificationIdentifier: guidelineFor(profile, base.specificationIdentifier),
  };
  const validation = validate(completed, {
    profile,
    lang,
    syntax: 'CII',
    ...(options.frenchEdition ? { frenchEdition: options.frenchEdition } : {}),
    ...(options.frenchVersion ? { frenchVersion: options.frenchVersion } : {}),
    ...(options.processingType ? { processingType: options.processingType } : {}),
  });
  if (!validation.valid) return { validation };
  const written = writeCii(completed, { profile });
  const withWarnings: ValidationResult = {
    ...validation,
    // characters the PDF shows as a substitute (the XML keeps them): which field, which text
    warnings: [
      ...validation.warnings,
      ...written.warnings,
      ...glyphFindings(completed, { ...options, lang }),
    ],
  };
  try {
    const pdf = renderPdf(
      completed,
      { lang, now: options.now, ...(options.fonts ? { fonts: options.fonts } : {}) },
      { xml: written.xml, profile },
    );
    return { xml: written.xml, pdf, validation: withWarnings, invoice: completed };
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
    return { validation: { ...withWarnings, valid: false, errors: [...withWarnings.errors, f] } };
  }
}
