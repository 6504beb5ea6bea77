import { isPlainNumber } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { plainNumberValue } from './values.js';

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

  it('leaves a plain form too large for a number to the general path', () => {
    expect(plainNumberValue(`1${'0'.repeat(400)}`)).toBeUndefined();
  });
});
