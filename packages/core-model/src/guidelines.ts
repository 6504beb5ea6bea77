/**
 * BT-24 guideline identifier → Factur-X profile: the one map every package uses (the CII reader,
 * checkCii's structure selection, the Factur-X attachment and XMP checks).
 *
 * In order: the published Factur-X 1.0x / ZUGFeRD 2.x ids; ZUGFeRD 1.0 levels (still in the CEN
 * examples); an id that names its level (…:minimum, …:basicwl, …:extended, …:extension:…, …:basic);
 * then the CEN forms: a CIUS (`#compliant#`) restricts EN 16931, an extension (`#conformant#`)
 * needs the EXTENDED structure. Everything after the exact list is `inferred`.
 */
import type { Profile } from './profiles.js';

const KNOWN: Readonly<Record<string, Profile>> = {
  'urn:factur-x.eu:1p0:minimum': 'MINIMUM',
  'urn:zugferd.de:2p0:minimum': 'MINIMUM',
  'urn:factur-x.eu:1p0:basicwl': 'BASIC-WL',
  'urn:zugferd.de:2p0:basicwl': 'BASIC-WL',
  'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic': 'BASIC',
  'urn:cen.eu:en16931:2017#compliant#urn:zugferd.de:2p0:basic': 'BASIC',
  'urn:cen.eu:en16931:2017': 'EN16931',
  'urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended': 'EXTENDED',
  'urn:cen.eu:en16931:2017#conformant#urn:zugferd.de:2p0:extended': 'EXTENDED',
  // XP Z12-012 EXTENDED-CTC-FR: the EXTENDED structure (decision 0078)
  'urn:cen.eu:en16931:2017#conformant#urn.cpro.gouv.fr:1p0:extended-ctc-fr': 'EXTENDED',
};

export interface GuidelineProfile {
  profile: Profile | undefined;
  /** true when the profile was inferred (not one of the published Factur-X / ZUGFeRD 2.x ids) */
  inferred: boolean;
}

const inferred = (profile: Profile): GuidelineProfile => ({ profile, inferred: true });

export function profileOfGuideline(id: string | undefined): GuidelineProfile {
  const t = id?.trim();
  if (!t) return { profile: undefined, inferred: false };
  const known = KNOWN[t];
  if (known) return { profile: known, inferred: false };
  const ferd = /^urn:ferd:CrossIndustryDocument:invoice:1p0:(basic|comfort|extended)$/.exec(t)?.[1];
  if (ferd) return inferred(ferd === 'basic' ? 'BASIC' : ferd === 'comfort' ? 'EN16931' : 'EXTENDED');
  const lower = t.toLowerCase();
  if (lower.includes('minimum')) return inferred('MINIMUM');
  if (lower.includes('basicwl') || lower.includes('basic-wl')) return inferred('BASIC-WL');
  if (lower.includes('extended') || lower.includes(':extension:')) return inferred('EXTENDED');
  if (lower.includes('basic')) return inferred('BASIC');
  if (t.startsWith('urn:cen.eu:en16931:2017#conformant#')) return inferred('EXTENDED');
  if (t.startsWith('urn:cen.eu:en16931:2017')) return inferred('EN16931');
  return { profile: undefined, inferred: false };
}
