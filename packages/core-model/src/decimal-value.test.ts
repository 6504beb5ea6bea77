import { describe, expect, it } from '@jest/globals';
import { decimalValue } from './decimal-value.js';

/** What the readers did before decision 0287: the xs:decimal pattern, then Number() */
const PATTERN = /^[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)$/;
const reference = (t: string): number | undefined =>
  PATTERN.test(t) && Number.isFinite(Number(t)) ? Number(t) : undefined;

describe('decimalValue', () => {
  it('answers as the pattern and Number() on every string of 0-5 characters over 0 1 9 . + - e and spaces', () => {
    const alphabet = ['0', '1', '9', '.', '+', '-', 'e', ' ', '\u00a0'];
    let texts = [''];
    for (let length = 0; length <= 5; length++) {
      for (const t of texts) expect(decimalValue(t)).toBe(reference(t));
      texts = texts.flatMap((t) => alphabet.map((c) => t + c));
    }
  });
  it('reads up to 15 digits by its digits as Number() does, and longer ones by Number()', () => {
    // digit counts 1-18 (past 15: Number's path), every place of the '.', both signs
    let seed = 87;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let k = 0; k < 20000; k++) {
      const count = 1 + Math.floor(random() * 18);
      let digits = '';
      for (let d = 0; d < count; d++) digits += String(Math.floor(random() * 10));
      const at = Math.floor(random() * (count + 1));
      const sign = ['', '-', '+'][Math.floor(random() * 3)] as string;
      for (const text of [`${sign}${digits.slice(0, at)}.${digits.slice(at)}`, `${sign}${digits}`])
        expect(decimalValue(text)).toBe(reference(text));
    }
    const samples = [
      '0.00880',
      '-0.0',
      '-0',
      '+.5',
      '5.',
      '999999999999999',
      '0.000000000000001',
      '123456789.012345',
    ];
    for (const text of samples) expect(decimalValue(text)).toBe(Number(text));
    expect(decimalValue(`1${'0'.repeat(400)}`)).toBeUndefined();
    expect(decimalValue(' 1')).toBeUndefined();
    expect(decimalValue('1e3')).toBeUndefined();
  });
});
