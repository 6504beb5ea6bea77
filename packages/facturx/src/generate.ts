/**
 * generate(): invoice JSON → { xml, pdf, validation }. complete() fills the derived amounts, the rules
 * run for the requested profile, and only a valid invoice is written (CII for the profile) and
 * rendered (PDF/A-3b with the XML embedded in the same pdfkit pass).
 */

import { guidelineFor, writeCii } from '@einv/cii';
import { complete, type Finding, type Invoice, type Profile, type ValidationResult } from '@einv/core-model';
import { type FrenchEdition, validate } from '@einv/rules';
import type { FontBytes } from './assets.js';
import type { Lang } from './render/labels.js';
import { renderPdf } from './render/render-pdf.js';

export interface GenerateOptions {
  profile?: Profile;
  lang?: Lang;
  frenchEdition?: FrenchEdition;
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
  const profile = options.profile ?? 'EN16931';
  const lang = options.lang ?? 'fr';
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
  });
  if (!validation.valid) return { validation };
  const written = writeCii(completed, { profile });
  const withWarnings: ValidationResult = {
    ...validation,
    warnings: [...validation.warnings, ...written.warnings],
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
