import { describe, expect, it } from '@jest/globals';
import { isPlainNumber, plainNumberValue } from './source-facts.js';

/** Every string of up to `max` characters over `alphabet` */
function* strings(alphabet: string, max: number): Generator<string> {
  let level = [''];
  yield '';
  for (let n = 1; n <= max; n++) {
    const next: string[] = [];
    for (const s of level) for (const c of alphabet) next.push(s + c);
    yield* next;
    level = next;
  }
}

describe('plainNumberValue', () => {
  // the reader records a number's lexical form exactly when this says "not plain" (read.ts readValue)
  it('reads exactly the texts isPlainNumber accepts, as Number does', () => {
    let plain = 0;
    for (const t of strings('019.-+e ', 5)) {
      const v = plainNumberValue(t);
      expect([t, v !== undefined]).toEqual([t, isPlainNumber(t)]);
      if (v !== undefined) {
        expect([t, v]).toEqual([t, Number(t)]);
        plain++;
      }
    }
    expect(plain).toBeGreaterThan(100);
  });

  it('answers as Number does for plain forms of every length (digits: exact up to 15, Number beyond)', () => {
    // seeded: the same forms every run
    let seed = 17;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (let k = 0; k < 20000; k++) {
      const intDigits = 1 + next(19);
      let t = next(2) === 0 ? '-' : '';
      t += intDigits === 1 ? String(next(10)) : String(1 + next(9));
      for (let d = 1; d < intDigits; d++) t += String(next(10));
      const decimals = next(3);
      if (decimals > 0) t += '.';
      for (let d = 0; d < decimals; d++) t += String(next(10));
      expect([t, isPlainNumber(t)]).toEqual([t, true]);
      expect([t, plainNumberValue(t)]).toEqual([t, Number(t)]);
    }
    expect(Object.is(plainNumberValue('-0'), -0)).toBe(true);
    expect(Object.is(plainNumberValue('-0.00'), -0)).toBe(true);
    expect(plainNumberValue('9007199254740993')).toBe(Number('9007199254740993'));
    expect(plainNumberValue('999999999999999.99')).toBe(Number('999999999999999.99'));
  });

  it('leaves a plain form too large for a number to the general path', () => {
    expect(plainNumberValue(`1${'0'.repeat(400)}`)).toBeUndefined();
  });
});
