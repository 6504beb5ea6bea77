import { describe, expect, it } from '@jest/globals';
import { profileOfGuideline } from './guidelines.js';
import { GUIDELINE_IDS, PROFILES } from './profiles.js';

describe('profileOfGuideline', () => {
  it('maps every published Factur-X id to its profile, not inferred', () => {
    for (const p of PROFILES)
      expect(profileOfGuideline(GUIDELINE_IDS[p])).toEqual({ profile: p, inferred: false });
    expect(profileOfGuideline(' urn:zugferd.de:2p0:basicwl ')).toEqual({
      profile: 'BASIC-WL',
      inferred: false,
    });
  });

  it.each([
    ['urn:ferd:CrossIndustryDocument:invoice:1p0:comfort', 'EN16931'],
    ['urn:ferd:CrossIndustryDocument:invoice:1p0:basic', 'BASIC'],
    ['urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0', 'EN16931'],
    ['urn:cen.eu:en16931:2017#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0', 'EXTENDED'],
    ['urn:cen.eu:en16931:2017#conformant#urn:example:own-extension', 'EXTENDED'],
    ['urn:factur-x.eu:1p0:EXTENDED', 'EXTENDED'],
    ['urn:example:minimum', 'MINIMUM'],
  ])('infers %s as %s', (id, profile) => {
    expect(profileOfGuideline(id)).toEqual({ profile, inferred: true });
  });

  it('names no profile for a missing, blank or foreign id', () => {
    for (const id of [undefined, '', '  ', 'urn:example:invoice'])
      expect(profileOfGuideline(id)).toEqual({ profile: undefined, inferred: false });
  });
});
