/**
 * The generated code lists are exactly what scripts/gen-code-lists.mjs extracts from the official
 * 1.3.16 artefacts in ../shared, and the membership test mirrors the official one.
 */
import { describe, expect, it } from '@jest/globals';
// @ts-expect-error -- a plain .mjs dev script without type declarations
import { extractCodeLists } from '../../../../scripts/gen-code-lists.mjs';
import { describeIfShared, SHARED } from '../../../../tests/support/shared.js';
import * as generated from './generated.js';
import { ISO_4217, isCode, UNECE_REC_20_21, UNTDID_5305 } from './index.js';

describeIfShared('generated code lists (../shared present)', () => {
  it('equal what gen-code-lists.mjs extracts from rules-cii.tsv / rules-ubl.tsv', () => {
    const extracted = extractCodeLists(SHARED) as Record<string, string[]>;
    const ours = Object.fromEntries(
      Object.entries(generated)
        .filter(([, v]) => v instanceof Set)
        .map(([k, v]) => [k, [...(v as Set<string>)].sort()]),
    );
    expect(ours).toEqual(extracted);
  });
});

describe('isCode', () => {
  it('accepts codes of the list, whitespace-normalised', () => {
    expect(isCode(ISO_4217, 'EUR')).toBe(true);
    expect(isCode(ISO_4217, ' EUR ')).toBe(true);
    expect(isCode(UNTDID_5305, 'AE')).toBe(true);
    expect(isCode(UNECE_REC_20_21, 'C62')).toBe(true);
  });
  it('refuses unknown codes, wrong case, inner spaces and the empty string', () => {
    expect(isCode(ISO_4217, 'EURO')).toBe(false);
    expect(isCode(ISO_4217, 'eur')).toBe(false);
    expect(isCode(UNTDID_5305, 'A E')).toBe(false);
    expect(isCode(ISO_4217, '')).toBe(false);
  });
  it('holds the full lists (sizes of the 1.3.16 artefacts)', () => {
    expect(ISO_4217.size).toBe(178);
    expect(UNECE_REC_20_21.size).toBe(2162);
    expect(UNTDID_5305.size).toBe(10);
  });
});
