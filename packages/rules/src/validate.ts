/**
 * validate(): runs the rule sets over one Invoice and returns a ValidationResult.
 *
 * - EN16931 always; BR-FR when the seller's country is FR and the edition is not `off`; the
 *   Factur-X rules of a profile when `profile` is given. `ruleSets` narrows this further.
 * - Never throws and never mutates its input: each predicate runs in its own try/catch; a predicate
 *   that throws becomes an EINV-RULE-ERROR finding (fatal: a rule we could not evaluate cannot be
 *   called passed), and the other rules still run. See docs/decisions/0051-*.md.
 * - Hot path: the rule lists are resolved once per (edition, profile) and cached; one `report`
 *   closure per call; findings are only allocated when a rule fires.
 */
import type {
  DocumentProfile,
  Finding,
  Invoice,
  Locations,
  Profile,
  RuleSetRef,
  Severity,
  SourceFacts,
  ValidationResult,
} from '@einv/core-model';
import { EXTENDED_CTC_FR, packedMap, structureProfile, toValidationResult } from '@einv/core-model';
import { advisoryRules } from './advisory/rules.js';
import { withContractFindings } from './aliases.js';
import { rules as brFrRules } from './br-fr/index.js';
import { type Computed, derivationText, foundOf } from './computed.js';
import type { FrenchVersion, Lang, Report, RuleContext, RuleDefinition, Syntax, Text } from './define.js';
import { closeDocumentScope, openDocumentScope } from './document-scope.js';
import { rules as en16931Rules } from './en16931/index.js';
import { extendedCtcFrRules } from './extended-ctc-fr/index.js';
import {
  type BookingAidProfile,
  bookingAidNotice,
  businessRulesOf,
  isBookingAid,
} from './facturx-profiles/booking-aid.js';
import { rules as facturxRules } from './facturx-profiles/index.js';
import { locate } from './paths.js';
import { rulePlan, severityOf } from './rule-plan.js';
import {
  ADVISORY_VERSION,
  BR_FR_STANDARD_VERSIONS,
  BR_FR_VERSIONS,
  EN16931_VERSION,
  EXTENDED_CTC_FR_VERSION,
  FACTURX_VERSION,
  type FrenchStandardVersion,
} from './ruleset-versions.js';
import { sourceContext } from './source-context.js';

export type FrenchEdition = 'transition' | 'standard' | 'off';

export interface ValidateOptions {
  /** Names of the rule sets allowed to run (EN16931, BR-FR, FACTUR-X, EINV-ADVISORY); default: every applicable one */
  ruleSets?: readonly string[];
  /** Edition of the French rules; default `transition`; `off` disables BR-FR */
  frenchEdition?: FrenchEdition;
  /** Release of the standard edition: `1.4.0.04` (default) or `1.4.0.03`; the transition edition is 1.4.0.02 */
  frenchVersion?: FrenchStandardVersion;
  /**
   * The reform's processing type (cadre de facturation: B2B, B2BINT, B2C, B2G…); the BR-FR rules
   * read it where they read the BAR note, when the invoice has no BAR note of its own
   */
  processingType?: string;
  /** Syntax the invoice was read from; leave undefined for a JSON invoice */
  syntax?: Syntax;
  lang?: Lang;
  /**
   * Factur-X profile to check the profile rules of; EXTENDED-CTC-FR runs its official set in place of
   * EN 16931 (decision 0079)
   */
  profile?: DocumentProfile;
  /**
   * Model path → XML location, from readCii/readUbl (their `locationTable`, else `locations`); adds
   * `xpath` and `line` to findings
   */
  locations?: Locations;
  /** What the reader saw in the XML (readCii/readUbl `source`): the rules judging XML nodes use it */
  source?: SourceFacts;
  /**
   * Also report the contract findings (BR-01 at invoice.number, the BR-FR-09 "no SIRET" advisory;
   * aliases.ts). Default: only for a JSON invoice (no `syntax`); an XML document is judged with
   * official ids and meanings only (decision 0112).
   */
  contractAliases?: boolean;
}

/** Id of the finding reported when a rule's predicate throws */
export const RULE_ERROR = 'EINV-RULE-ERROR';
/** Id of the finding reported when the value given is not an object at all */
export const NOT_AN_INVOICE = 'EINV-NOT-AN-INVOICE';

const EMPTY_INVOICE: Invoice = Object.freeze({}) as Invoice;

const ruleErrorText: Text = {
  en: 'Rule {rule} could not be evaluated on this invoice ({error}); the invoice cannot be declared valid.',
  fr: "La règle {rule} n'a pas pu être évaluée sur cette facture ({error}) ; la facture ne peut pas être déclarée valide.",
};
const notAnInvoiceText: Text = {
  en: 'The invoice must be a JSON object; nothing else can be validated.',
  fr: 'La facture doit être un objet JSON ; rien d’autre ne peut être validé.',
};

interface ActiveSet {
  ref: RuleSetRef;
  rules: readonly RuleDefinition[];
  edition: 'transition' | 'standard' | undefined;
  /** BR-FR only: the release run */
  frenchVersion?: FrenchVersion;
}

/** The release a BR-FR run uses: 1.4.0.02 for the transition edition, the pinned or default standard one */
export function frenchVersionOf(edition: 'transition' | 'standard', version: unknown): FrenchVersion {
  if (edition === 'transition') return BR_FR_VERSIONS.transition;
  return (BR_FR_STANDARD_VERSIONS as readonly unknown[]).includes(version)
    ? (version as FrenchStandardVersion)
    : BR_FR_VERSIONS.standard;
}

const facturxCache = new Map<Profile, readonly RuleDefinition[]>();
function facturxRulesFor(profile: Profile): readonly RuleDefinition[] {
  let cached = facturxCache.get(profile);
  if (!cached) {
    cached = facturxRules.filter((r) => !r.profiles || r.profiles.includes(profile));
    facturxCache.set(profile, cached);
  }
  return cached;
}

const bookingAidCache = new Map<BookingAidProfile, readonly RuleDefinition[]>();
/** A booking aid's set: its business rules, then its code lists (one list per profile, kept) */
function bookingAidRules(profile: BookingAidProfile): readonly RuleDefinition[] {
  let cached = bookingAidCache.get(profile);
  if (!cached) {
    cached = [...businessRulesOf(profile), ...facturxRulesFor(profile)];
    bookingAidCache.set(profile, cached);
  }
  return cached;
}

function isFrench(party: Invoice['seller']): boolean {
  const country = party?.address?.country;
  return typeof country === 'string' && country.trim().toUpperCase() === 'FR';
}
const sellerIsFrench = (invoice: Invoice) => isFrench(invoice.seller);

function allowed(names: readonly string[] | undefined, name: string): boolean {
  if (!names) return true;
  for (const n of names) if (n === name || (name.startsWith('FACTUR-X') && n === 'FACTUR-X')) return true;
  return false;
}

function activeSets(invoice: Invoice, options: ValidateOptions): ActiveSet[] {
  const sets: ActiveSet[] = [];
  const names = options.ruleSets;
  const profile = options.profile;
  if (isBookingAid(profile)) {
    // MINIMUM / BASIC-WL are booking aids: only their profile's official rules apply, neither the
    // whole EN 16931 set nor BR-FR (decision 0113)
    if (allowed(names, `FACTUR-X-${profile}`)) {
      sets.push({
        ref: { name: `FACTUR-X-${profile}`, version: FACTURX_VERSION },
        rules: bookingAidRules(profile),
        edition: undefined,
      });
    }
    return sets;
  }
  if (profile === EXTENDED_CTC_FR) {
    // the official EXTENDED-CTC-FR set is the EN 16931 set as the French extension rewrites it: it
    // replaces EN 16931 and, being no Factur-X level, has no FACTUR-X code-list set (decision 0079)
    if (allowed(names, EXTENDED_CTC_FR)) {
      sets.push({
        ref: { name: EXTENDED_CTC_FR, version: EXTENDED_CTC_FR_VERSION },
        rules: extendedCtcFrRules(options.syntax),
        edition: undefined,
      });
    }
  } else if (allowed(names, 'EN16931')) {
    sets.push({
      ref: { name: 'EN16931', version: EN16931_VERSION },
      rules: en16931Rules,
      edition: undefined,
    });
  }
  const edition = options.frenchEdition ?? 'transition';
  if (edition !== 'off' && allowed(names, 'BR-FR') && sellerIsFrench(invoice)) {
    const frenchVersion = frenchVersionOf(edition, options.frenchVersion);
    sets.push({
      ref: { name: 'BR-FR', version: `${frenchVersion} (${edition})` },
      rules: brFrRules,
      edition,
      frenchVersion,
    });
  }
  if (profile && profile !== EXTENDED_CTC_FR && allowed(names, `FACTUR-X-${profile}`)) {
    sets.push({
      ref: { name: `FACTUR-X-${profile}`, version: FACTURX_VERSION },
      rules: facturxRulesFor(profile),
      edition: undefined,
    });
  }
  // einv's own checks of French identifiers and bank details: warnings only, never a verdict (decision 0074)
  const frenchParty = sellerIsFrench(invoice) || isFrench(invoice.buyer);
  if (edition !== 'off' && allowed(names, 'EINV-ADVISORY') && frenchParty) {
    sets.push({
      ref: { name: 'EINV-ADVISORY', version: ADVISORY_VERSION },
      rules: advisoryRules,
      edition: undefined,
    });
  }
  return sets;
}

/** found / expected / derivation of a calculation finding, from what its rule computed */
function withComputed(finding: Finding, computed: Computed, value: unknown, lang: Lang): void {
  const found = computed.found ?? foundOf(value);
  if (found !== undefined) finding.found = found;
  finding.expected = computed.expected;
  const derivation = derivationText(computed, found, lang);
  if (derivation) finding.derivation = derivation;
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message.slice(0, 200);
  return 'unknown error';
}

export { severityOf };

export function validate(invoice: Invoice, options: ValidateOptions = {}): ValidationResult {
  // what the rules keep per document lives as long as this call (decision 0233)
  const outer = openDocumentScope();
  try {
    return validateInScope(invoice, options);
  } finally {
    closeDocumentScope(outer);
  }
}

function validateInScope(invoice: Invoice, options: ValidateOptions): ValidationResult {
  const opts: ValidateOptions = typeof options === 'object' && options !== null ? options : {};
  const lang: Lang = opts.lang === 'fr' ? 'fr' : 'en';
  const syntax = opts.syntax === 'CII' || opts.syntax === 'UBL' ? opts.syntax : undefined;
  const locations =
    typeof opts.locations === 'object' && opts.locations !== null ? opts.locations : undefined;
  const withAliases = opts.contractAliases ?? syntax === undefined;
  const errors: Finding[] = [];
  const warnings: Finding[] = [];

  const isInvoice = typeof invoice === 'object' && invoice !== null && !Array.isArray(invoice);
  const subject = isInvoice ? invoice : EMPTY_INVOICE;
  if (!isInvoice) {
    errors.push({
      rule: NOT_AN_INVOICE,
      message: notAnInvoiceText[lang],
      path: 'invoice',
      severity: 'fatal',
    });
  }

  let sets: ActiveSet[];
  try {
    sets = activeSets(subject, opts);
  } catch {
    // A hostile getter on seller.address: run the EN 16931 rules only
    sets = [{ ref: { name: 'EN16931', version: EN16931_VERSION }, rules: en16931Rules, edition: undefined }];
  }

  const context: RuleContext = {
    syntax,
    lang,
    profile: opts.profile ? structureProfile(opts.profile) : undefined,
    source: sourceContext(opts.source, locations),
    processingType:
      typeof opts.processingType === 'string' && opts.processingType.trim() !== ''
        ? opts.processingType.trim()
        : undefined,
  };
  let current: RuleDefinition | undefined;
  let currentSeverity: Severity = 'fatal';

  const push = (finding: Finding) => {
    const loc = locations && finding.xpath === undefined ? locate(locations, finding.path) : undefined;
    if (loc) {
      finding.xpath = loc.xpath;
      if (typeof loc.line === 'number') finding.line = loc.line;
    }
    (finding.severity === 'fatal' ? errors : warnings).push(finding);
  };

  const report: Report = (path, detail) => {
    const rule = current;
    if (!rule) return;
    const p = typeof path === 'string' && path !== '' ? path : 'invoice';
    const finding: Finding = {
      rule: rule.id,
      message: (detail?.message ?? rule.message)[lang],
      path: p,
      // A rule may set one finding's severity (detail.severity) instead of the rule's own
      severity: detail?.severity ?? currentSeverity,
    };
    const bt = detail?.bt ?? rule.terms[0];
    if (bt) finding.bt = bt;
    if (detail && detail.value !== undefined) finding.value = detail.value;
    if (detail?.computed) withComputed(finding, detail.computed, detail.value, lang);
    // a source node carries its own place (the model path may be an ancestor's)
    if (typeof detail?.xpath === 'string') {
      finding.xpath = detail.xpath;
      if (typeof detail.line === 'number') finding.line = detail.line;
    }
    push(finding);
  };

  const source = context.source;
  for (const set of sets) {
    const { rules, ids, checks, severities } = rulePlan(set.rules, syntax, set.edition);
    // XML input: the official validator fires a rule once per node its context selects, so a
    // rule whose official context is absent from the document is silent (decision 0111)
    const counted = source?.contextCounts(ids);
    const at = counted?.at;
    const counts = counted?.counts;
    context.edition = set.edition;
    context.frenchVersion = set.frenchVersion;
    for (let i = 0; i < checks.length; i++) {
      if (at !== undefined && (at[i] as number) >= 0 && (counts as ArrayLike<number>)[at[i] as number] === 0)
        continue;
      current = rules[i];
      currentSeverity = severities[i] as Severity;
      try {
        (checks[i] as RuleDefinition['check'])(subject, report, context);
      } catch (error) {
        push({
          rule: RULE_ERROR,
          message: ruleErrorText[lang]
            .replace('{rule}', ids[i] as string)
            .replace('{error}', errorText(error)),
          path: 'invoice',
          severity: 'fatal',
          value: ids[i] as string,
        });
      }
    }
  }
  current = undefined;
  // packed in every tier, for judgeDocument's reads (decisions 0259, 0269)
  const ruleSets: RuleSetRef[] = packedMap(sets, (s) => s.ref);
  const notices = isBookingAid(opts.profile) ? { notices: [bookingAidNotice(opts.profile, lang)] } : {};
  if (withAliases) {
    const frenchRules = ruleSets.some((r) => r.name === 'BR-FR');
    try {
      const all = withContractFindings(subject, [...errors, ...warnings], { lang, frenchRules });
      return { ...toValidationResult(all, ruleSets), ...notices };
    } catch {
      // a hostile getter on seller.siret: the official findings stand alone
    }
  }
  return { valid: errors.length === 0, errors, warnings, ruleSets, ...notices };
}
