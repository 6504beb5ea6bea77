/**
 * validateDocument: everything the public validator does with a file, as one library call so both
 * services (and any TypeScript user) get the same verdict. Detects the format by content, runs the
 * structure and syntax check, reads the invoice, runs every applicable rule set, and for a PDF adds
 * the PDF/A-3 + Factur-X preflight. `valid` is false exactly when any of them has a fatal finding.
 */
import type { Finding, Profile, RuleSetRef } from '@einv/core-model';
import { type FrenchStandardVersion, validate } from '@einv/rules';
import { detectReadAndCheck } from '../detect.js';
import { preflight } from '../preflight/index.js';
import { checkXml } from './check-xml.js';

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
}

export interface DocumentReport {
  valid: boolean;
  format: 'CII' | 'UBL' | 'FACTURX-PDF' | undefined;
  syntax?: 'CII' | 'UBL';
  profile?: Profile;
  ruleSets: RuleSetRef[];
  errors: Finding[];
  warnings: Finding[];
  pdf?: { findings: Finding[]; embedded?: { filename: string; size: number } };
}

const STRUCTURE_SETS: Record<'CII' | 'UBL', RuleSetRef> = {
  CII: { name: 'CII-STRUCTURE', version: 'Factur-X 1.09.2 XSD + EN 16931 CII syntax rules 1.3.16' },
  UBL: { name: 'UBL-STRUCTURE', version: 'UBL 2.1 XSD + EN 16931 UBL syntax rules 1.3.16' },
};

export function validateDocument(bytes: Uint8Array, options: ValidateDocumentOptions = {}): DocumentReport {
  const lang = options.lang ?? 'en';
  // one pass: a CII document (or a PDF's embedded CII) is parsed once for the reader and the check
  const limit = options.maxPdfBytes ? { maxPdfBytes: options.maxPdfBytes } : {};
  const read = detectReadAndCheck(
    bytes,
    { lang, ...limit },
    options.profile ? { profile: options.profile } : {},
  );
  if (!read.format) {
    return {
      valid: false,
      format: undefined,
      ruleSets: [],
      errors: read.diagnostics.filter((d) => d.severity === 'fatal'),
      warnings: [],
    };
  }
  const syntax = read.syntax ?? (read.format === 'UBL' ? 'UBL' : 'CII');
  const profile = options.profile ?? read.profile;
  const embedded = read.pdf?.embedded;
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
  ]);
  const errors = all.filter((f) => f.severity === 'fatal');
  const warnings = all.filter((f) => f.severity !== 'fatal');
  return {
    valid: errors.length === 0 && !pdfFindings.some((f) => f.severity === 'fatal'),
    format: read.format,
    syntax,
    ...(profile ? { profile } : {}),
    ruleSets: [STRUCTURE_SETS[syntax], ...rules.ruleSets],
    errors,
    warnings,
    ...(read.format === 'FACTURX-PDF'
      ? {
          pdf: {
            findings: pdfFindings,
            ...(embedded
              ? {
                  embedded: {
                    filename: embedded.filename,
                    size: new TextEncoder().encode(embedded.xml).length,
                  },
                }
              : {}),
          },
        }
      : {}),
  };
}

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
