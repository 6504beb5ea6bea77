/**
 * The Factur-X profile whose structure checkCii applies: the one the guideline identifier (BT-24)
 * names, through the shared map of @einv/core-model (ZUGFeRD and XRechnung spellings included),
 * with the reason when there is none.
 */
import { type Profile, profileOfGuideline } from '@einv/core-model';

export interface DetectedProfile {
  profile: Profile | undefined;
  /** Why no profile could be detected */
  reason: string;
}

export function detectProfile(guidelineId: string | undefined): DetectedProfile {
  if (guidelineId === undefined || guidelineId.trim() === '') {
    return { profile: undefined, reason: 'the document has no guideline identifier (BT-24)' };
  }
  const { profile } = profileOfGuideline(guidelineId);
  if (profile) return { profile, reason: '' };
  return {
    profile: undefined,
    reason: `the guideline identifier (BT-24) "${guidelineId}" names no known profile`,
  };
}
