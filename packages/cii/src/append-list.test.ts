import { describe, expect, it } from '@jest/globals';
import { AppendList } from './append-list.js';

describe('AppendList (decisions 0180, 0195)', () => {
  it('gives back every item at its index across the growing and the full-size blocks', () => {
    for (const n of [0, 1, 63, 64, 65, 127, 128, 511, 512, 1023, 1024, 1025, 2047, 2048, 5000]) {
      const list = new AppendList<number>();
      for (let i = 0; i < n; i++) list.push(i * 3);
      expect(list.length).toBe(n);
      const back: number[] = [];
      for (let i = 0; i < n; i++) back.push(list.at(i));
      expect(back).toEqual(Array.from({ length: n }, (_, i) => i * 3));
    }
  });
});
