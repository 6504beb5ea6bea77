/** collapse: the scan that skips the regex gives what the regex replace and trim() give; codePoints. */
import { describe, expect, it } from '@jest/globals';
import { codePoints, collapse } from './strings.js';

describe('collapse (XSD collapse, XPath normalize-space)', () => {
  it('equals replace(/[\\t\\n\\r ]+/g, " ").trim() on plain, spaced and unusual values', () => {
    const pieces = [
      'a',
      'b',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '\u00a0',
      '\u000b',
      '\u3000',
      '\ufeff',
      'é',
      '1.50',
    ];
    const values = [''];
    for (const x of pieces) for (const y of pieces) for (const z of pieces) values.push(x + y + z);
    for (const v of values) expect([v, collapse(v)]).toEqual([v, v.replace(/[\t\n\r ]+/g, ' ').trim()]);
  });
  it('returns the very string when there is nothing to collapse', () => {
    const v = ['FR', '12345678901234'].join('-');
    expect(collapse(v)).toBe(v);
  });
  it('codePoints counts characters as [...s].length does (surrogate pairs once, lone halves once each)', () => {
    for (const s of ['', 'abc', '\u{1F600}', 'a\u{1F600}b', '\ud800', '\udc00x', '\ud800\ud800\udc00'])
      expect([s, codePoints(s)]).toEqual([s, [...s].length]);
  });
});
