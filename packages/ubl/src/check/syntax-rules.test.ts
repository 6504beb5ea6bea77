/** Every generated UBL syntax rule compiles with the XPath subset (no ../shared needed). */

import { compilePattern, type PatternData } from '@einv/xml-check';
import { describe, expect, it } from '@jest/globals';
import { UBL_SYNTAX_RULES_DATA } from './generated/syntax-rules.js';

describe('UBL syntax rules', () => {
  it('all 756 UBL-SR / UBL-CR / UBL-DT asserts and their 16 contexts compile', () => {
    const data: PatternData = JSON.parse(UBL_SYNTAX_RULES_DATA);
    expect(compilePattern(data).rules).toHaveLength(16);
    expect(data.rules.reduce((n, r) => n + r[1].length, 0)).toBe(756);
  });
});
