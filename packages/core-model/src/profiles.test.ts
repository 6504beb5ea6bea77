import { describe, expect, it } from '@jest/globals';
import { atLeast, isProfile, PROFILES } from './profiles.js';

describe('profiles', () => {
  it('orders the five Factur-X profiles', () => {
    expect(PROFILES).toEqual(['MINIMUM', 'BASIC-WL', 'BASIC', 'EN16931', 'EXTENDED']);
    expect(atLeast('EN16931', 'BASIC')).toBe(true);
    expect(atLeast('BASIC-WL', 'BASIC')).toBe(false);
    expect(atLeast('EXTENDED', 'EXTENDED')).toBe(true);
  });
  it('recognises profile names only', () => {
    expect(isProfile('BASIC-WL')).toBe(true);
    expect(isProfile('BASIC WL')).toBe(false);
    expect(isProfile(3)).toBe(false);
  });
});
