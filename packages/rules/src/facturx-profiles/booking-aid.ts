/**
 * MINIMUM and BASIC-WL: Factur-X profiles that are booking aids, not invoices under EN 16931 nor under
 * the French reform. A document declaring one of them is judged by that profile's official rules
 * (the BR-* its schematron asserts, its FX-SCH-A code lists; its XSD is checkCii's), never by the
 * whole EN 16931 set, and the report carries a notice saying what the profile is (decision 0113).
 */
import type { Notice } from '@einv/core-model';
import type { Lang, RuleDefinition } from '../define.js';
import { rules as en16931Rules } from '../en16931/index.js';
import { PROFILE_BUSINESS_RULES } from './generated-profile-rules.js';

export type BookingAidProfile = keyof typeof PROFILE_BUSINESS_RULES;

export function isBookingAid(profile: string | undefined): profile is BookingAidProfile {
  return profile === 'MINIMUM' || profile === 'BASIC-WL';
}

const cache = new Map<BookingAidProfile, readonly RuleDefinition[]>();

/**
 * Rules whose profile copy does not filter VAT breakdowns by tax type code: the BASIC-WL schematron
 * tests `(ram:CategoryCode)` where CEN tests `(.[upper-case(ram:TypeCode) = 'VAT']/ram:CategoryCode)`
 * (BR-47, and BR-48 likewise). booking-aid.test.ts checks this list against both schematrons.
 */
export const TYPE_CODE_BLIND_RULES: readonly string[] = ['BR-47', 'BR-48'];

/** The rule judging every VAT breakdown, whatever tax type code the reader recorded on it */
function typeCodeBlind(rule: RuleDefinition): RuleDefinition {
  return {
    ...rule,
    check(invoice, report, ctx) {
      const breakdown = invoice.vatBreakdown;
      const vatOnly = Array.isArray(breakdown)
        ? { ...invoice, vatBreakdown: breakdown.map(({ taxScheme: _t, ...b }) => b) }
        : invoice;
      rule.check(vatOnly, report, ctx);
    },
  };
}

/** The EN 16931 rules the profile's schematron asserts, each with the profile's own test */
export function businessRulesOf(profile: BookingAidProfile): readonly RuleDefinition[] {
  let cached = cache.get(profile);
  if (!cached) {
    const ids = new Set<string>(PROFILE_BUSINESS_RULES[profile]);
    cached = en16931Rules
      .filter((r) => ids.has(r.id))
      .map((r) => (TYPE_CODE_BLIND_RULES.includes(r.id) ? typeCodeBlind(r) : r));
    cache.set(profile, cached);
  }
  return cached;
}

/** Code of the notice a booking-aid document gets */
export const BOOKING_AID_NOTICE = 'FX-BOOKING-AID';

export function bookingAidNotice(profile: BookingAidProfile, lang: Lang): Notice {
  return {
    code: BOOKING_AID_NOTICE,
    message:
      lang === 'fr'
        ? `Profil Factur-X ${profile} : une aide à la comptabilisation, pas une facture au sens de l’EN 16931 ni de la réforme française de la facturation électronique. Le document est jugé selon les règles officielles du profil ${profile} (Factur-X 1.09.2) ; pour facturer, utilisez au moins le profil BASIC (EN 16931 pour la réforme).`
        : `Factur-X profile ${profile}: a booking aid, not an invoice under EN 16931 nor under the French e-invoicing reform. The document is judged by the official ${profile} rules (Factur-X 1.09.2); to invoice, use at least the BASIC profile (EN 16931 for the reform).`,
  };
}
