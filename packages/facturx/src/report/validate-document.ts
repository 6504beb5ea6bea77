/**
 * validateDocument: everything the public validator does with a file, as one library call so both
 * services (and any TypeScript user, and generate() on the document it wrote) get the same verdict.
 * Detects the format by content, runs the structure and syntax check, reads the invoice, runs every
 * applicable rule set, and for a PDF adds the PDF/A-3 + Factur-X preflight.
 *
 * - `valid` is false exactly when `errors` is not empty; `errors` and `warnings` hold every finding,
 *   the PDF's included (`pdf.findings` repeats those about the PDF container, as a view).
 * - A document that cannot be read gets one finding saying why and nothing derived from the empty
 *   model (unreadable.ts).
 * - Official rule ids with official meanings only: no contract alias (decision 0112).
 * - A MINIMUM or BASIC-WL document is judged by its profile's rules, with a notice (decision 0113).
 */
import type { Finding, Notice, Profile, RuleSetRef } from '@einv/core-model';
import { type FrenchStandardVersion, validate } from '@einv/rules';
import { type DetectAndCheckResult, detectReadAndCheck } from '../detect.js';
import { preflight } from '../preflight/index.js';
import { checkXml } from './check-xml.js';
import { unreadableCause } from './unreadable.js';

export interface ValidateDocumentOptions {
  lang?: 'en' | 'fr';
  frenchEdition?: 'transition' | 'standard' | 'off';
  /** Release of the standard edition (default: the newest, 1.4.0.04) */
  frenchVersion?: FrenchStandardVersion;
  /** The reform's processing type (B2B, B2BINT, B2C…), for invoices without a BAR note */
  processingType?: string;
  /** Check and validate against this profile instead of the one the document declares */
  profile?: Profile;
  /** Largest PDF accepted, and largest decoded stream inside it (default: the reader's 50 MiB) */
  maxPdfBytes?: number;
  /**
   * Largest XML invoice accepted, in bytes (default: the parser's 20 MiB, the services' limit). A
   * library user with larger invoices (a 10,000-line CII is ~24 MB) raises it here.
   */
  maxXmlBytes?: number;
}

export interface DocumentReport {
  /** false exactly when `errors` is not empty */
  valid: boolean;
  format: 'CII' | 'UBL' | 'FACTURX-PDF' | undefined;
  syntax?: 'CII' | 'UBL';
  profile?: Profile;
  ruleSets: RuleSetRef[];
  /** Every fatal finding: structure, reading, rules and the PDF's */
  errors: Finding[];
  /** Every other finding */
  warnings: Finding[];
  /** What to know about the document as a whole (a booking-aid profile) */
  notices?: Notice[];
  /** For a PDF: the findings about the container (also in errors / warnings) and the embedded file */
  pdf?: { findings: Finding[]; embedded?: { filename: string; size: number } };
}

/** The report and what reading found (the model, for /api/v1/parse) */
export interface JudgedDocument {
  report: DocumentReport;
  read: DetectAndCheckResult;
}

const STRUCTURE_SETS: Record<'CII' | 'UBL', RuleSetRef> = {
  CII: { name: 'CII-STRUCTURE', version: 'Factur-X 1.09.2 XSD + EN 16931 CII syntax rules 1.3.16' },
  UBL: { name: 'UBL-STRUCTURE', version: 'UBL 2.1 XSD + EN 16931 UBL syntax rules 1.3.16' },
};

export function validateDocument(bytes: Uint8Array, options: ValidateDocumentOptions = {}): DocumentReport {
  return judgeDocument(bytes, options).report;
}

/** validateDocument, also returning what the reader found (one pass) */
export function judgeDocument(bytes: Uint8Array, options: ValidateDocumentOptions = {}): JudgedDocument {
  const lang = options.lang ?? 'en';
  // one pass: a CII document (or a PDF's embedded CII) is parsed once for the reader and the check
  const limit = {
    ...(options.maxPdfBytes ? { maxPdfBytes: options.maxPdfBytes } : {}),
    ...(options.maxXmlBytes ? { maxXmlBytes: options.maxXmlBytes } : {}),
  };
  const read = detectReadAndCheck(
    bytes,
    { lang, ...limit },
    options.profile ? { profile: options.profile } : {},
  );
  const embedded = read.pdf?.embedded;
  const embeddedInfo = embedded
    ? { embedded: { filename: embedded.filename, size: new TextEncoder().encode(embedded.xml).length } }
    : {};
  const cause = unreadableCause(read, lang);
  if (cause) {
    const report: DocumentReport = {
      valid: false,
      format: read.format,
      ...(read.syntax ? { syntax: read.syntax } : {}),
      ruleSets: [],
      errors: [cause],
      warnings: [],
      ...(read.format === 'FACTURX-PDF'
        ? { pdf: { findings: isAboutPdf(cause) ? [cause] : [], ...embeddedInfo } }
        : {}),
    };
    return { report, read };
  }
  const syntax = read.syntax ?? (read.format === 'UBL' ? 'UBL' : 'CII');
  const profile = options.profile ?? read.profile;
  // an embedded XML that is neither CII nor UBL was not checked by the reader's pass: say why here
  const structure =
    read.structure ?? (embedded ? checkXml(embedded.xml, profile ? { profile } : {}) : undefined);
  const rules = validate(read.invoice, {
    syntax,
    lang,
    frenchEdition: options.frenchEdition ?? 'transition',
    ...(options.frenchVersion ? { frenchVersion: options.frenchVersion } : {}),
    ...(options.processingType ? { processingType: options.processingType } : {}),
    ...(profile ? { profile } : {}),
    locations: read.locations,
    ...(read.source ? { source: read.source } : {}),
  });
  const pdfFindings =
    read.format === 'FACTURX-PDF'
      ? dedupe([
          ...(read.pdf?.findings ?? []),
          ...preflight(bytes, { lang, ...(options.maxPdfBytes ? { maxBytes: options.maxPdfBytes } : {}) }),
        ])
      : [];
  const all = dedupe([
    ...(structure ? [...structure.errors, ...structure.warnings] : []),
    ...read.diagnostics,
    ...rules.errors,
    ...rules.warnings,
    ...pdfFindings,
  ]);
  const errors = all.filter((f) => f.severity === 'fatal');
  const report: DocumentReport = {
    valid: errors.length === 0,
    format: read.format,
    syntax,
    ...(profile ? { profile } : {}),
    ruleSets: [STRUCTURE_SETS[syntax], ...rules.ruleSets],
    errors,
    warnings: all.filter((f) => f.severity !== 'fatal'),
    ...(rules.notices ? { notices: rules.notices } : {}),
    ...(read.format === 'FACTURX-PDF' ? { pdf: { findings: pdfFindings, ...embeddedInfo } } : {}),
  };
  return { report, read };
}

const isAboutPdf = (f: Finding) => f.path === 'pdf' || f.path.startsWith('pdf.');

/** The reader and the structure check both report a document that is not well-formed: say it once */
function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = `${f.rule}|${f.line ?? ''}|${f.xpath ?? f.path}|${f.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
