/**
 * BT-24 guideline identifiers → Factur-X profiles. Accepts Factur-X 1.0x and ZUGFeRD 2.x spellings
 * and the CIUS built on EN 16931 (XRechnung…), which use the EN16931 structure.
 */
import { GUIDELINE_IDS, type Profile } from '@einv/core-model';

const KNOWN: Record<string, Profile> = {
  'urn:factur-x.eu:1p0:minimum': 'MINIMUM',
  'urn:zugferd.de:2p0:minimum': 'MINIMUM',
  'urn:factur-x.eu:1p0:basicwl': 'BASIC-WL',
  'urn:zugferd.de:2p0:basicwl': 'BASIC-WL',
  'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic': 'BASIC',
  'urn:cen.eu:en16931:2017#compliant#urn:zugferd.de:2p0:basic': 'BASIC',
  'urn:cen.eu:en16931:2017': 'EN16931',
  'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended': 'EXTENDED',
  'urn:cen.eu:en16931:2017#conformant#urn:zugferd.de:2p0:extended': 'EXTENDED',
};

export interface GuidelineProfile {
  profile: Profile | undefined;
  /** true when the profile was inferred from a CIUS/extension rather than a Factur-X id */
  inferred: boolean;
}

export function profileOfGuideline(id: string | undefined): GuidelineProfile {
  if (id === undefined) return { profile: undefined, inferred: false };
  const known = KNOWN[id.trim()];
  if (known) return { profile: known, inferred: false };
  const t = id.trim();
  // ZUGFeRD 1.0 levels, still found in the CEN examples: BASIC, COMFORT (≈ EN 16931), EXTENDED
  const ferd = /^urn:ferd:CrossIndustryDocument:invoice:1p0:(basic|comfort|extended)$/.exec(t)?.[1];
  if (ferd)
    return {
      profile: ferd === 'basic' ? 'BASIC' : ferd === 'comfort' ? 'EN16931' : 'EXTENDED',
      inferred: true,
    };
  // an extension of EN 16931 (e.g. XRechnung extension) needs the EXTENDED structure
  if (t.startsWith('urn:cen.eu:en16931:2017#') && t.includes('#conformant#'))
    return { profile: 'EXTENDED', inferred: true };
  // a CIUS (core invoice usage specification) is a restriction of EN 16931
  if (t.startsWith('urn:cen.eu:en16931:2017#compliant#')) return { profile: 'EN16931', inferred: true };
  return { profile: undefined, inferred: false };
}

/** The guideline id to write for a profile: the invoice's own when it maps to that profile, else the Factur-X one */
export function guidelineFor(profile: Profile, own: string | undefined): string {
  if (own !== undefined && profileOfGuideline(own).profile === profile) return own;
  return GUIDELINE_IDS[profile];
}
