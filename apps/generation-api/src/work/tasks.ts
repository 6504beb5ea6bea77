/**
 * What the generation service runs in its worker threads (decision 0096): each named export is one
 * task of the pool, called with a structured-clone input and returning plain data. Pure library
 * calls; the routes keep the HTTP, the quota and the answers.
 */
import type { Invoice, Profile } from '@einv/core-model';
import { complete, toValidationResult } from '@einv/core-model';
import { checkXml as check, detectAndRead, generate as generateInvoice } from '@einv/facturx';
import { type FrenchEdition, type FrenchStandardVersion, validate } from '@einv/rules';

export interface InvoiceOptions {
  profile: Profile;
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

export function validateInvoice({ invoice, options }: { invoice: Invoice; options: InvoiceOptions }) {
  return validate(complete(invoice), { ...french(options), lang: options.lang });
}

/** detectAndRead + the rules of the syntax it found; `read: false` with the findings when no invoice */
export function parse({ bytes, options }: { bytes: Uint8Array; options: InvoiceOptions }) {
  const read = detectAndRead(bytes);
  if (!read.format) return { read: false as const, findings: read.diagnostics };
  const syntax = read.format === 'UBL' ? 'UBL' : 'CII';
  const rules = validate(read.invoice, {
    syntax,
    lang: options.lang,
    ...french(options),
    ...(read.profile ? { profile: read.profile } : {}),
    locations: read.locations,
    ...(read.source ? { source: read.source } : {}),
  });
  return {
    read: true as const,
    answer: {
      format: syntax,
      ...(read.format === 'FACTURX-PDF' ? { container: 'FACTURX-PDF' } : {}),
      ...(read.profile ? { profile: read.profile } : {}),
      invoice: read.invoice,
      validation: toValidationResult(
        [...read.diagnostics, ...rules.errors, ...rules.warnings],
        rules.ruleSets,
      ),
    },
  };
}

export function checkXml({ xml }: { xml: string }) {
  return check(xml);
}
