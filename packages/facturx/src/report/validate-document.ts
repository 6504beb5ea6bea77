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
import {
  type DocumentProfile,
  EXTENDED_CTC_FR,
  type Finding,
  type Notice,
  type RuleSetRef,
  releaseSourceFacts,
  structureProfile,
} from '@einv/core-model';
import { type FrenchStandardVersion, structureFindingAppliesInExtendedCtcFr, validate } from '@einv/rules';
import { statusLabel, statusLabelSource } from '../cdar/labels.js';
import { validateCdar } from '../cdar/validate.js';
import { type DetectAndCheckResult, isCdarHead, publishedRead, readDocument, sniffHead } from '../detect.js';
import { localizeFinding } from '../i18n/localize.js';
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
  profile?: DocumentProfile;
  /** Largest PDF accepted, and largest decoded stream inside it (default: the reader's 50 MiB) */
  maxPdfBytes?: number;
  /**
   * Largest XML invoice accepted, in bytes (default: the parser's 20 MiB, the services' limit). A
   * library user with larger invoices (a 10,000-line CII is ~24 MB) raises it here.
   */
  maxXmlBytes?: number;
}

/** A rule set that did not run, and why (the page and the receipt say so) */
export interface SkippedRuleSet {
  name: 'BR-FR';
  reason: 'edition-off' | 'seller-not-french' | 'booking-aid';
  message: string;
}

export interface DocumentReport {
  /** false exactly when `errors` is not empty */
  valid: boolean;
  /** What the document is: an invoice, or a lifecycle status message (CDAR, judged by BR-FR-CDV) */
  kind: 'invoice' | 'status-message';
  format: 'CII' | 'UBL' | 'FACTURX-PDF' | 'CDAR' | undefined;
  syntax?: 'CII' | 'UBL';
  /** For a status message: the status it carries and the invoice it is about */
  statusMessage?: {
    status?: string;
    label?: string;
    /** Where `label` comes from: official (French), einv (einv's wording), none (the code itself) */
    labelSource?: 'official' | 'einv' | 'none';
    invoiceNumber?: string;
    phase?: string;
  };
  /** The profile judged: the one given, else the one the document declares (EXTENDED-CTC-FR included) */
  profile?: DocumentProfile;
  ruleSets: RuleSetRef[];
  /** Every fatal finding: structure, reading, rules and the PDF's */
  errors: Finding[];
  /** Every other finding */
  warnings: Finding[];
  /** What to know about the document as a whole (a booking-aid profile) */
  notices?: Notice[];
  /** Rule sets that did not run and why: the French rules for a seller outside France, or when off */
  skippedRuleSets?: SkippedRuleSet[];
  /** For a PDF: the findings about the container (also in errors / warnings) and the embedded file */
  pdf?: { findings: Finding[]; embedded?: { filename: string; size: number } };
}

/** The report and what reading found (the model, for /api/v1/parse) */
export interface JudgedDocument {
  report: DocumentReport;
  read: DetectAndCheckResult;
}

const STRUCTURE_SETS: Record<'en' | 'fr', Record<'CII' | 'UBL', RuleSetRef>> = {
  en: {
    CII: { name: 'CII-STRUCTURE', version: 'Factur-X 1.09.2 XSD + EN 16931 CII syntax rules 1.3.16' },
    UBL: { name: 'UBL-STRUCTURE', version: 'UBL 2.1 XSD + EN 16931 UBL syntax rules 1.3.16' },
  },
  fr: {
    CII: { name: 'CII-STRUCTURE', version: 'XSD Factur-X 1.09.2 + règles syntaxiques CII EN 16931 1.3.16' },
    UBL: { name: 'UBL-STRUCTURE', version: 'XSD UBL 2.1 + règles syntaxiques UBL EN 16931 1.3.16' },
  },
};

export function validateDocument(bytes: Uint8Array, options: ValidateDocumentOptions = {}): DocumentReport {
  return judge(bytes, options, false).report;
}

/** validateDocument, also returning what the reader found (one pass) */
export function judgeDocument(bytes: Uint8Array, options: ValidateDocumentOptions = {}): JudgedDocument {
  return judge(bytes, options, true) as JudgedDocument;
}

/**
 * The report, and with `publish` the read result as callers see it. validateDocument drops the read
 * result: it is judged unpublished (its `locations` the reader's table) and the public copy is not
 * made (decision 0284).
 */
function judge(
  bytes: Uint8Array,
  options: ValidateDocumentOptions,
  publish: boolean,
): { report: DocumentReport; read?: DetectAndCheckResult } {
  const lang = options.lang ?? 'en';
  // the head is sniffed once for both questions: a status message, and else the format (decision 0257)
  const head = sniffHead(bytes);
  if (isCdarHead(head)) return judgeStatusMessage(bytes, options, lang);
  // one pass: a CII document (or a PDF's embedded CII) is parsed once for the reader and the check
  const limit = {
    ...(options.maxPdfBytes ? { maxPdfBytes: options.maxPdfBytes } : {}),
    ...(options.maxXmlBytes ? { maxXmlBytes: options.maxXmlBytes } : {}),
  };
  const read = readDocument(
    bytes,
    { lang, ...limit },
    options.profile
      ? {
          profile: structureProfile(options.profile),
          // a document judged as EXTENDED-CTC-FR gets the set's asserts on its XML (decision 0125)
          extendedCtcFr: options.profile === EXTENDED_CTC_FR,
        }
      : {},
    head,
  );
  // a PDF's format is set; an XML document's is its syntax, set when the result is published
  const format = read.format ?? read.syntax;
  const shown = () => (publish ? { read: publishedRead(read) } : {});
  const embedded = read.pdf?.embedded;
  const embeddedInfo = embedded
    ? { embedded: { filename: embedded.filename, size: new TextEncoder().encode(embedded.xml).length } }
    : {};
  const unreadable = unreadableCause(read, lang);
  const cause = unreadable && localizeFinding(unreadable, lang);
  if (cause) {
    const report: DocumentReport = {
      valid: false,
      kind: 'invoice',
      format,
      ...(read.syntax ? { syntax: read.syntax } : {}),
      ruleSets: [],
      errors: [cause],
      warnings: [],
      ...(format === 'FACTURX-PDF'
        ? { pdf: { findings: isAboutPdf(cause) ? [cause] : [], ...embeddedInfo } }
        : {}),
    };
    return { report, ...shown() };
  }
  const syntax = read.syntax ?? (format === 'UBL' ? 'UBL' : 'CII');
  const profile = options.profile ?? read.documentProfile ?? read.profile;
  // an embedded XML that is neither CII nor UBL was not checked by the reader's pass: say why here
  const structure =
    read.structure ??
    (embedded ? checkXml(embedded.xml, profile ? { profile: structureProfile(profile) } : {}) : undefined);
  const rules = validate(read.invoice, {
    syntax,
    lang,
    frenchEdition: options.frenchEdition ?? 'transition',
    ...(options.frenchVersion ? { frenchVersion: options.frenchVersion } : {}),
    ...(options.processingType ? { processingType: options.processingType } : {}),
    ...(profile ? { profile } : {}),
    // the reader's table, as locationsOf gives it from the published copy
    locations: read.locations,
    ...(read.source ? { source: read.source } : {}),
  });
  // the rules were the last to read the counts and marks kept beside the facts (decision 0233)
  if (read.source) releaseSourceFacts(read.source);
  const pdfFindings =
    format === 'FACTURX-PDF'
      ? dedupe([
          ...(read.pdf?.findings ?? []),
          ...preflight(bytes, { lang, ...(options.maxPdfBytes ? { maxBytes: options.maxPdfBytes } : {}) }),
        ])
      : [];
  // every finding once, in this order, split by severity: pushed by loops rather than spread into one
  // array and filtered twice (decision 0258)
  const found = new ReportFindings();
  if (structure) {
    // EXTENDED-CTC-FR disables some EN 16931 syntax rules (decision 0079): their findings do not apply
    const all = profile !== EXTENDED_CTC_FR;
    // the structure check and the readers write English; the rules and the PDF side the asked language
    for (const list of [structure.errors, structure.warnings])
      for (let i = 0; i < list.length; i++) {
        const f = list[i] as Finding;
        if (all || structureFindingAppliesInExtendedCtcFr(f, syntax, read.invoice))
          found.add(localizeFinding(f, lang));
      }
  }
  for (let i = 0; i < read.diagnostics.length; i++)
    found.add(localizeFinding(read.diagnostics[i] as Finding, lang));
  found.addAll(rules.errors);
  found.addAll(rules.warnings);
  found.addAll(pdfFindings);
  const { errors, warnings } = found;
  const report: DocumentReport = {
    valid: errors.length === 0,
    kind: 'invoice',
    format,
    syntax,
    ...(profile ? { profile } : {}),
    ruleSets: [STRUCTURE_SETS[lang][syntax], ...rules.ruleSets],
    errors,
    warnings,
    ...(rules.notices ? { notices: rules.notices } : {}),
    ...frenchRulesSkipped(rules.ruleSets, read.invoice, options, profile, lang),
    ...(format === 'FACTURX-PDF' ? { pdf: { findings: pdfFindings, ...embeddedInfo } } : {}),
  };
  return { report, ...shown() };
}

/**
 * A lifecycle status message: BR-FR-CDV in the edition and release asked for (the same options as
 * the invoices' BR-FR), reported as `kind: 'status-message'`. `read` says it is no invoice, so the
 * invoice-only callers (/api/v1/parse) answer as for any other non-invoice.
 */
function judgeStatusMessage(
  bytes: Uint8Array,
  options: ValidateDocumentOptions,
  lang: 'en' | 'fr',
): JudgedDocument {
  const cdar = validateCdar(bytes, {
    lang,
    frenchEdition: options.frenchEdition ?? 'transition',
    ...(options.frenchVersion ? { frenchVersion: options.frenchVersion } : {}),
  });
  const ref = cdar.message?.references?.[0];
  const status = ref?.processCode;
  const report: DocumentReport = {
    valid: cdar.valid,
    kind: 'status-message',
    format: cdar.message ? 'CDAR' : undefined,
    ruleSets: cdar.ruleSets,
    errors: cdar.errors,
    warnings: cdar.warnings,
    ...(cdar.message
      ? {
          statusMessage: {
            ...(status
              ? { status, label: statusLabel(status, lang), labelSource: statusLabelSource(status, lang) }
              : {}),
            ...(ref?.invoiceNumber ? { invoiceNumber: ref.invoiceNumber } : {}),
            ...(cdar.message.typeCode ? { phase: cdar.message.typeCode } : {}),
          },
        }
      : {}),
  };
  const message =
    lang === 'fr'
      ? 'Le document est un message de cycle de vie (CDAR), pas une facture.'
      : 'The document is a lifecycle status message (CDAR), not an invoice.';
  const read: DetectAndCheckResult = {
    invoice: {},
    profile: undefined,
    diagnostics: [{ rule: 'FORMAT', severity: 'fatal', path: 'invoice', message }],
    locations: {},
  };
  return { report, read };
}

const SKIPPED_TEXT = {
  en: {
    'edition-off': 'The French rules (BR-FR) were not run: they were turned off (frenchRules=off).',
    'booking-aid':
      'The French rules (BR-FR) were not run: a MINIMUM or BASIC-WL document is a booking aid, judged by its profile’s rules only.',
    'seller-not-french': (country: string) =>
      `The French rules (BR-FR) were not run: they apply to a seller in France, and the seller’s country (BT-40) is ${country}.`,
  },
  fr: {
    'edition-off':
      'Les règles françaises (BR-FR) n’ont pas été appliquées : elles ont été désactivées (frenchRules=off).',
    'booking-aid':
      'Les règles françaises (BR-FR) n’ont pas été appliquées : un document MINIMUM ou BASIC-WL est une aide à la saisie, jugée selon les seules règles de son profil.',
    'seller-not-french': (country: string) =>
      `Les règles françaises (BR-FR) n’ont pas été appliquées : elles visent un vendeur établi en France, et le pays du vendeur (BT-40) est ${country}.`,
  },
};

/** Why BR-FR did not run, when it did not (the edition, the profile or the seller's country) */
function frenchRulesSkipped(
  ran: readonly RuleSetRef[],
  invoice: { seller?: { address?: { country?: unknown } } },
  options: ValidateDocumentOptions,
  profile: DocumentProfile | undefined,
  lang: 'en' | 'fr',
): { skippedRuleSets?: SkippedRuleSet[] } {
  if (ran.some((r) => r.name === 'BR-FR')) return {};
  const t = SKIPPED_TEXT[lang];
  if (options.frenchEdition === 'off')
    return { skippedRuleSets: [{ name: 'BR-FR', reason: 'edition-off', message: t['edition-off'] }] };
  if (profile === 'MINIMUM' || profile === 'BASIC-WL')
    return { skippedRuleSets: [{ name: 'BR-FR', reason: 'booking-aid', message: t['booking-aid'] }] };
  const country = invoice.seller?.address?.country;
  const shown =
    typeof country === 'string' && country.trim() !== '' ? country : lang === 'fr' ? 'absent' : 'missing';
  return {
    skippedRuleSets: [{ name: 'BR-FR', reason: 'seller-not-french', message: t['seller-not-french'](shown) }],
  };
}

const isAboutPdf = (f: Finding) => f.path === 'pdf' || f.path.startsWith('pdf.');

/** The key by which a finding is said once (dedupe) */
const onceKey = (f: Finding): string => `${f.rule}|${f.line ?? ''}|${f.xpath ?? f.path}|${f.message}`;

/**
 * The report's findings as they are added: each said once (the first of a key, as dedupe), the
 * fatal ones in `errors`, the others in `warnings`, in the order added (decision 0258)
 */
class ReportFindings {
  readonly errors: Finding[] = [];
  readonly warnings: Finding[] = [];
  private readonly seen = new Set<string>();

  add(f: Finding): void {
    const key = onceKey(f);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    (f.severity === 'fatal' ? this.errors : this.warnings).push(f);
  }

  addAll(list: readonly Finding[]): void {
    for (let i = 0; i < list.length; i++) this.add(list[i] as Finding);
  }
}

/** The reader and the structure check both report a document that is not well-formed: say it once */
function dedupe(findings: Finding[]): Finding[] {
  const seen = new Set<string>();
  return findings.filter((f) => {
    const key = onceKey(f);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
