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
