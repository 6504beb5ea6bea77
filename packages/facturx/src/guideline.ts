/**
 * The Factur-X profile an XML declares (BT-24 guideline id), read with a quick scan: preflight and
 * detectAndRead need it before (or without) a full parse. Covers Factur-X 1.0x and ZUGFeRD 2.x ids.
 */
import {
  declaresExtendedCtcFr,
  EXTENDED_CTC_FR,
  type Profile,
  profileOfGuideline as sharedProfileOf,
  XMP_CONFORMANCE_LEVELS,
} from '@einv/core-model';

/** What the attachment and XMP checks tell apart: the Factur-X levels, XRechnung and EXTENDED-CTC-FR */
export type XmlProfile = Profile | 'XRECHNUNG' | typeof EXTENDED_CTC_FR;

export function guidelineIdOf(xml: string): string | undefined {
  const m =
    /GuidelineSpecifiedDocumentContextParameter>\s*<(?:[\w-]+:)?ID[^>]*>\s*([^<]+?)\s*</.exec(xml) ??
    /<(?:[\w-]+:)?CustomizationID[^>]*>\s*([^<]+?)\s*</.exec(xml);
  return m?.[1];
}

/**
 * The profile for the attachment and XMP checks: XRechnung has its own fx:ConformanceLevel, every
 * other id goes through the shared map of @einv/core-model.
 */
export function profileOfGuideline(id: string | undefined): XmlProfile | undefined {
  if (!id) return undefined;
  if (id.toLowerCase().includes('xrechnung')) return 'XRECHNUNG';
  if (declaresExtendedCtcFr(id)) return EXTENDED_CTC_FR;
  return sharedProfileOf(id).profile;
}

/**
 * fx:ConformanceLevel expected for a profile; undefined for EXTENDED-CTC-FR, which Factur-X 1.09.2
 * has no level for (decision 0078: a Factur-X PDF embeds it with the EXTENDED id)
 */
export function conformanceLevelOf(profile: XmlProfile): string | undefined {
  if (profile === EXTENDED_CTC_FR) return undefined;
  return profile === 'XRECHNUNG' ? 'XRECHNUNG' : XMP_CONFORMANCE_LEVELS[profile];
}

/** AFRelationship required by Factur-X for each profile (1.0.7+: Alternative for BASIC and up, Data below). */
export function afRelationshipFor(profile: Profile | typeof EXTENDED_CTC_FR): 'Alternative' | 'Data' {
  return profile === 'MINIMUM' || profile === 'BASIC-WL' ? 'Data' : 'Alternative';
}
