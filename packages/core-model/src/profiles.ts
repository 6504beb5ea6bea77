/**
 * Factur-X profiles are ordered levels: MINIMUM < BASIC-WL < BASIC < EN16931 < EXTENDED.
 * Compare them with atLeast(), never with string comparisons.
 * Also exported alone as `@einv/core-model/profiles` (no schema, no maths) for callers that only
 * need the list, such as the command line checking --profile before its workers load the libraries.
 */
export const PROFILES = ['MINIMUM', 'BASIC-WL', 'BASIC', 'EN16931', 'EXTENDED'] as const;
export type Profile = (typeof PROFILES)[number];

const RANK: Record<Profile, number> = { MINIMUM: 0, 'BASIC-WL': 1, BASIC: 2, EN16931: 3, EXTENDED: 4 };

export function isProfile(value: unknown): value is Profile {
  return typeof value === 'string' && (PROFILES as readonly string[]).includes(value);
}

/** true when `profile` carries at least what `minimum` carries */
export function atLeast(profile: Profile, minimum: Profile): boolean {
  return RANK[profile] >= RANK[minimum];
}

/** Guideline identifiers (BT-24) that Factur-X 1.0x / ZUGFeRD 2.x write for each profile. */
export const GUIDELINE_IDS: Record<Profile, string> = {
  MINIMUM: 'urn:factur-x.eu:1p0:minimum',
  'BASIC-WL': 'urn:factur-x.eu:1p0:basicwl',
  BASIC: 'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
  EN16931: 'urn:cen.eu:en16931:2017',
  EXTENDED: 'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended',
};

/** ConformanceLevel values of the Factur-X XMP extension schema (fx:ConformanceLevel). */
export const XMP_CONFORMANCE_LEVELS: Record<Profile, string> = {
  MINIMUM: 'MINIMUM',
  'BASIC-WL': 'BASIC WL',
  BASIC: 'BASIC',
  EN16931: 'EN 16931',
  EXTENDED: 'EXTENDED',
};

/**
 * The French reform's EXTENDED-CTC-FR profile (XP Z12-012 / FNFE-MPE): the EXTENDED structure
 * (Factur-X EXTENDED XSD in CII, UBL 2.1 in UBL) judged by its own official rule set instead of the
 * EN 16931 one. It is not a Factur-X level, so it is not in PROFILES: everything that needs a
 * structure (XSD, term availability, the XMP level) uses `structureProfile()` (decision 0078).
 */
export const EXTENDED_CTC_FR = 'EXTENDED-CTC-FR' as const;
export type DocumentProfile = Profile | typeof EXTENDED_CTC_FR;
export const DOCUMENT_PROFILES: readonly DocumentProfile[] = [...PROFILES, EXTENDED_CTC_FR];

/** BT-24 of an EXTENDED-CTC-FR invoice, in CII and UBL alike (Annexe B UBL examples, XP Z12-012) */
export const EXTENDED_CTC_FR_ID = 'urn:cen.eu:en16931:2017#conformant#urn.cpro.gouv.fr:1p0:extended-ctc-fr';

export function isDocumentProfile(value: unknown): value is DocumentProfile {
  return value === EXTENDED_CTC_FR || isProfile(value);
}

/** The Factur-X level whose structure a document profile uses (EXTENDED-CTC-FR → EXTENDED) */
export function structureProfile(profile: DocumentProfile): Profile {
  return profile === EXTENDED_CTC_FR ? 'EXTENDED' : profile;
}

/** true when the BT-24 value declares EXTENDED-CTC-FR (compared trimmed, as the readers keep it) */
export function declaresExtendedCtcFr(specificationIdentifier: string | undefined): boolean {
  return specificationIdentifier?.trim() === EXTENDED_CTC_FR_ID;
}

/**
 * BT-8 (VAT point date code) is written with a different code list in each syntax: UBL uses UNTDID
 * 2005 (3 issue date, 35 delivery date, 432 paid to date), CII UNTDID 2475 (5, 29, 72) for the same
 * three meanings. The model keeps the code as read; a writer translates a code of the other syntax,
 * so a UBL invoice written as CII (and back) keeps its meaning instead of failing BR-CL-06.
 */
const TAX_POINT_UBL_TO_CII: Readonly<Record<string, string>> = { '3': '5', '35': '29', '432': '72' };
const TAX_POINT_CII_TO_UBL: Readonly<Record<string, string>> = { '5': '3', '29': '35', '72': '432' };

export function taxPointDateCodeFor(syntax: 'CII' | 'UBL', code: string): string {
  const table = syntax === 'CII' ? TAX_POINT_UBL_TO_CII : TAX_POINT_CII_TO_UBL;
  return table[code.trim()] ?? code;
}
