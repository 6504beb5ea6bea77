/**
 * judgeInvoice: the verdict on a JSON invoice is the verdict on the document einv writes from it.
 * complete() fills the derived amounts, BT-24 is set to the profile's guideline, writeCii(profile)
 * writes the XML (dropping what the profile cannot hold), and that XML goes through validateDocument,
 * the one path every XML or PDF takes; the contract findings of JSON input (BR-01 at invoice.number,
 * the BR-FR-09 "no SIRET" advisory) are added on top (decision 0112). generate() and the generation
 * service's /api/v1/validate use it, so generator and validator cannot disagree.
 */
import { guidelineFor, writeCii } from '@einv/cii';
import {
  complete,
  type DocumentProfile,
  type Invoice,
  toValidationResult,
  type ValidationResult,
  validateInvoiceShape,
} from '@einv/core-model';
import { type FrenchEdition, type FrenchStandardVersion, withContractFindings } from '@einv/rules';
import type { Lang } from './findings.js';
import { validateDocument } from './report/validate-document.js';

export interface JudgeInvoiceOptions {
  /** Factur-X profile to write (default EN16931), or EXTENDED-CTC-FR */
  profile?: DocumentProfile;
  lang?: Lang;
  frenchEdition?: FrenchEdition;
  /** Release of the standard edition (default: the newest, 1.4.0.04) */
  frenchVersion?: FrenchStandardVersion;
  /** The reform's processing type (B2B, B2BINT, B2C…), for invoices without a BAR note */
  processingType?: string;
}

export interface JudgedInvoice {
  validation: ValidationResult;
  /** The completed invoice the document was written from (absent when the shape is wrong) */
  completed?: Invoice;
  /** The CII document the verdict is about (absent when the shape is wrong) */
  xml?: string;
}

export function judgeInvoice(invoice: Invoice, options: JudgeInvoiceOptions = {}): JudgedInvoice {
  const lang = options.lang ?? 'fr';
  const profile = options.profile ?? 'EN16931';
  // A value that does not have the model's shape (a number where text is expected…) is reported
  // as such, field by field, before anything is written from it.
  const shape = validateInvoiceShape(invoice, { lang });
  if (shape.some((f) => f.severity === 'fatal')) {
    return { validation: toValidationResult(shape, [{ name: 'INVOICE-SHAPE', version: 'einv model' }]) };
  }
  const base = complete(invoice);
  const completed: Invoice = {
    ...base,
    specificationIdentifier: guidelineFor(profile, base.specificationIdentifier),
  };
  const written = writeCii(completed, { profile });
  const report = validateDocument(new TextEncoder().encode(written.xml), {
    lang,
    ...(options.frenchEdition ? { frenchEdition: options.frenchEdition } : {}),
    ...(options.frenchVersion ? { frenchVersion: options.frenchVersion } : {}),
    ...(options.processingType ? { processingType: options.processingType } : {}),
  });
  const frenchRules = report.ruleSets.some((r) => r.name === 'BR-FR');
  const findings = withContractFindings(
    completed,
    [...report.errors, ...report.warnings, ...written.warnings],
    { lang, frenchRules },
  );
  const validation: ValidationResult = {
    ...toValidationResult(findings, report.ruleSets),
    ...(report.notices ? { notices: report.notices } : {}),
  };
  return { validation, completed, xml: written.xml };
}
