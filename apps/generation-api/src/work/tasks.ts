/**
 * What the generation service runs in its worker threads (decision 0102): each named export is one
 * task of the pool, called with a structured-clone input and returning plain data. Pure library
 * calls; the routes keep the HTTP, the quota and the answers.
 */
import type { DocumentProfile, Invoice, ValidationResult } from '@einv/core-model';
import { checkXml as check, generate as generateInvoice, judgeDocument, judgeInvoice } from '@einv/facturx';
import type { FrenchEdition, FrenchStandardVersion } from '@einv/rules';

export interface InvoiceOptions {
  profile: DocumentProfile;
  lang: 'fr' | 'en';
  frenchEdition: FrenchEdition;
  /** Release of the standard edition (default: the newest) */
  frenchVersion?: FrenchStandardVersion;
  /** The reform's processing type, for invoices without a BAR note */
  processingType?: string;
}

/** The French rule choices of the options, as validate() takes them */
const french = (o: InvoiceOptions) => ({
  frenchEdition: o.frenchEdition,
  ...(o.frenchVersion ? { frenchVersion: o.frenchVersion } : {}),
  ...(o.processingType ? { processingType: o.processingType } : {}),
});

export function generate({
  invoice,
  options,
  now,
}: {
  invoice: Invoice;
  options: InvoiceOptions;
  now: Date;
}) {
  return generateInvoice(invoice, { ...options, now });
}

/** The verdict generate would give: on the document written for the profile (decision 0112) */
export function validateInvoice({ invoice, options }: { invoice: Invoice; options: InvoiceOptions }) {
  return judgeInvoice(invoice, { profile: options.profile, lang: options.lang, ...french(options) })
    .validation;
}

/**
 * validateDocument's verdict (official rule ids only, one cause when unreadable) and the model read;
 * `read: false` with the one finding when the content is no invoice at all
 */
export function parse({ bytes, options }: { bytes: Uint8Array; options: InvoiceOptions }) {
  const { report, read } = judgeDocument(bytes, { lang: options.lang, ...french(options) });
  const validation: ValidationResult = {
    valid: report.valid,
    errors: report.errors,
    warnings: report.warnings,
    ruleSets: report.ruleSets,
    ...(report.notices ? { notices: report.notices } : {}),
  };
  // a status message (CDAR) is no invoice to parse: the one finding says what it is
  const findings = report.kind === 'status-message' ? read.diagnostics : report.errors;
  if (!read.format) return { read: false as const, findings, validation };
  return {
    read: true as const,
    answer: {
      format: read.syntax ?? 'CII',
      ...(read.format === 'FACTURX-PDF' ? { container: 'FACTURX-PDF' } : {}),
      ...((read.documentProfile ?? read.profile) ? { profile: read.documentProfile ?? read.profile } : {}),
      invoice: read.invoice,
      validation,
    },
  };
}

/** The XML as text (JSON body) or as the bytes sent (raw body: its own encoding declaration decides) */
export function checkXml({ xml, lang }: { xml: string | Uint8Array; lang?: 'en' | 'fr' }) {
  return check(xml, lang ? { lang } : {});
}
export { statusMessage } from './status-task.js';
