/**
 * EXTENDED-CTC-FR as a document profile (decision 0078) and the BT-8 code translation between the
 * CII and UBL code lists.
 */
import { describe, expect, it } from '@jest/globals';
import { profileOfGuideline } from './guidelines.js';
import {
  DOCUMENT_PROFILES,
  declaresExtendedCtcFr,
  EXTENDED_CTC_FR,
  EXTENDED_CTC_FR_ID,
  isDocumentProfile,
  isProfile,
  PROFILES,
  structureProfile,
  taxPointDateCodeFor,
} from './profiles.js';

describe('EXTENDED-CTC-FR profile', () => {
  it('is a document profile with the EXTENDED structure, not a Factur-X level', () => {
    expect(isDocumentProfile(EXTENDED_CTC_FR)).toBe(true);
    expect(isProfile(EXTENDED_CTC_FR)).toBe(false);
    expect(DOCUMENT_PROFILES).toEqual([...PROFILES, 'EXTENDED-CTC-FR']);
    expect(structureProfile('EXTENDED-CTC-FR')).toBe('EXTENDED');
    expect(structureProfile('BASIC')).toBe('BASIC');
    expect(isDocumentProfile('EXTENDED-CTC')).toBe(false);
  });

  it('is declared by its own BT-24 only, which maps to the EXTENDED structure (published, not inferred)', () => {
    expect(declaresExtendedCtcFr(EXTENDED_CTC_FR_ID)).toBe(true);
    expect(declaresExtendedCtcFr(` ${EXTENDED_CTC_FR_ID} `)).toBe(true);
    expect(declaresExtendedCtcFr('urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended')).toBe(
      false,
    );
    expect(declaresExtendedCtcFr(undefined)).toBe(false);
    expect(profileOfGuideline(EXTENDED_CTC_FR_ID)).toEqual({ profile: 'EXTENDED', inferred: false });
  });
});

describe('BT-8 codes across syntaxes', () => {
  it('translates the UBL codes 3, 35, 432 to the CII codes 5, 29, 72 and back', () => {
    expect(['3', '35', '432'].map((c) => taxPointDateCodeFor('CII', c))).toEqual(['5', '29', '72']);
    expect(['5', '29', '72'].map((c) => taxPointDateCodeFor('UBL', c))).toEqual(['3', '35', '432']);
  });

  it('keeps a code of its own syntax and an unknown code as given', () => {
    expect(taxPointDateCodeFor('CII', '5')).toBe('5');
    expect(taxPointDateCodeFor('UBL', '432')).toBe('432');
    expect(taxPointDateCodeFor('CII', '999')).toBe('999');
  });
});
