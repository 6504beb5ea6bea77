/**
 * The Factur-X profile an XML declares (BT-24 guideline id), read with a quick scan: preflight and
 * detectAndRead need it before (or without) a full parse. Covers Factur-X 1.0x and ZUGFeRD 2.x ids.
 */
import { type Profile, XMP_CONFORMANCE_LEVELS } from '@einv/core-model';

export function guidelineIdOf(xml: string): string | undefined {
  const m =
    /GuidelineSpecifiedDocumentContextParameter>\s*<(?:[\w-]+:)?ID[^>]*>\s*([^<]+?)\s*</.exec(xml) ??
    /<(?:[\w-]+:)?CustomizationID[^>]*>\s*([^<]+?)\s*</.exec(xml);
  return m?.[1];
}

export function profileOfGuideline(id: string | undefined): Profile | 'XRECHNUNG' | undefined {
  if (!id) return undefined;
  const s = id.toLowerCase();
  if (s.includes('xrechnung')) return 'XRECHNUNG';
  if (s.includes('minimum')) return 'MINIMUM';
  if (s.includes('basicwl')) return 'BASIC-WL';
  if (s.includes('extended')) return 'EXTENDED';
  if (/:basic$/.test(s) || s.includes('1p0:basic') || s.includes('2p0:basic')) return 'BASIC';
  if (s.startsWith('urn:cen.eu:en16931:2017')) return 'EN16931';
  return undefined;
}

/** fx:ConformanceLevel expected for a profile */
export function conformanceLevelOf(profile: Profile | 'XRECHNUNG'): string {
  return profile === 'XRECHNUNG' ? 'XRECHNUNG' : XMP_CONFORMANCE_LEVELS[profile];
}

/** AFRelationship required by Factur-X for each profile (1.0.7+: Alternative for BASIC and up, Data below). */
export function afRelationshipFor(profile: Profile): 'Alternative' | 'Data' {
  return profile === 'MINIMUM' || profile === 'BASIC-WL' ? 'Data' : 'Alternative';
}
