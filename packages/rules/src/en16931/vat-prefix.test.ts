/**
 * BR-CO-09's prefix test as a set lookup gives what the official `contains(list, prefix)` gives:
 * every identifier of up to three characters over the letters, digits, space and a few others.
 */
import { describe, expect, it } from '@jest/globals';
import { hasCountryPrefix, VAT_PREFIXES_CII, VAT_PREFIXES_UBL } from './co-conditions.js';

describe('hasCountryPrefix', () => {
  it('accepts exactly what contains() over the official lists accepts', () => {
    const chars = ['', ' ', 'A', 'E', 'F', 'L', 'N', 'R', 'S', 'X', 'Z', '1', '2', 'a', '-', 'é'];
    let accepted = 0;
    for (const a of chars)
      for (const b of chars)
        for (const c of chars) {
          const vat = a + b + c;
          const prefix = vat.slice(0, 2);
          expect([vat, hasCountryPrefix(vat, 'CII')]).toEqual([
            vat,
            VAT_PREFIXES_CII.includes(` ${prefix} `),
          ]);
          expect([vat, hasCountryPrefix(vat, undefined)]).toEqual([
            vat,
            VAT_PREFIXES_CII.includes(` ${prefix} `),
          ]);
          expect([vat, hasCountryPrefix(vat, 'UBL')]).toEqual([vat, VAT_PREFIXES_UBL.includes(prefix)]);
          if (hasCountryPrefix(vat, 'CII')) accepted++;
        }
    expect(accepted).toBeGreaterThan(0);
    expect(hasCountryPrefix('SS123', 'UBL')).toBe(true);
    expect(hasCountryPrefix('SS123', 'CII')).toBe(false);
  });
});
