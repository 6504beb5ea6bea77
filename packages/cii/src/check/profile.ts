/**
 * The Factur-X profile a CII document declares in its guideline identifier (BT-24), including the
 * ZUGFeRD 2.x and XRechnung spellings found in the wild. XRechnung is a CIUS of EN 16931 and is
 * checked against the EN16931 XSD; its "extension" variant against EXTENDED.
 */
import { GUIDELINE_IDS, type Profile } from '@einv/core-model';

export interface DetectedProfile {
  profile: Profile | undefined;
  /** Why no profile could be detected */
  reason: string;
}

export function detectProfile(guidelineId: string | undefined): DetectedProfile {
  if (guidelineId === undefined || guidelineId === '') {
    return { profile: undefined, reason: 'the document has no guideline identifier (BT-24)' };
  }
  for (const [profile, id] of Object.entries(GUIDELINE_IDS))
    if (id === guidelineId) return { profile: profile as Profile, reason: '' };
  const id = guidelineId.toLowerCase();
  if (id.includes('extended') || id.includes(':extension:')) return { profile: 'EXTENDED', reason: '' };
  if (id.includes('basicwl') || id.includes('basic-wl')) return { profile: 'BASIC-WL', reason: '' };
  if (id.includes('basic')) return { profile: 'BASIC', reason: '' };
  if (id.includes('minimum')) return { profile: 'MINIMUM', reason: '' };
  if (id.startsWith('urn:cen.eu:en16931:2017')) return { profile: 'EN16931', reason: '' };
  return {
    profile: undefined,
    reason: `the guideline identifier (BT-24) "${guidelineId}" names no known profile`,
  };
}
