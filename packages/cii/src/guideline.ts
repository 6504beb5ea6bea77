/**
 * BT-24 guideline identifiers of CII documents: the profile map itself is shared in
 * @einv/core-model (profileOfGuideline); this module adds what the writer needs.
 */
import {
  type DocumentProfile,
  declaresExtendedCtcFr,
  EXTENDED_CTC_FR,
  EXTENDED_CTC_FR_ID,
  GUIDELINE_IDS,
  profileOfGuideline,
} from '@einv/core-model';

export { type GuidelineProfile, profileOfGuideline } from '@einv/core-model';

/**
 * The guideline id to write for a profile: EXTENDED-CTC-FR's own id for that profile; otherwise the
 * invoice's own id when it maps to the profile, else the Factur-X one. The EXTENDED-CTC-FR id is
 * never kept for another profile: writing EXTENDED is a Factur-X EXTENDED document (decision 0078).
 */
export function guidelineFor(profile: DocumentProfile, own: string | undefined): string {
  if (profile === EXTENDED_CTC_FR) return EXTENDED_CTC_FR_ID;
  if (own !== undefined && !declaresExtendedCtcFr(own) && profileOfGuideline(own).profile === profile)
    return own;
  return GUIDELINE_IDS[profile];
}

/** The profile a CII document declares: its Factur-X level, or EXTENDED-CTC-FR by its own id */
export function documentProfileOf(
  own: string | undefined,
  profile: DocumentProfile | undefined,
): DocumentProfile | undefined {
  return declaresExtendedCtcFr(own) ? EXTENDED_CTC_FR : profile;
}
