/**
 * BT-24 guideline identifiers of CII documents: the profile map itself is shared in
 * @einv/core-model (profileOfGuideline); this module adds what the writer needs.
 */
import { GUIDELINE_IDS, type Profile, profileOfGuideline } from '@einv/core-model';

export { type GuidelineProfile, profileOfGuideline } from '@einv/core-model';

/** The guideline id to write for a profile: the invoice's own when it maps to that profile, else the Factur-X one */
export function guidelineFor(profile: Profile, own: string | undefined): string {
  if (own !== undefined && profileOfGuideline(own).profile === profile) return own;
  return GUIDELINE_IDS[profile];
}
