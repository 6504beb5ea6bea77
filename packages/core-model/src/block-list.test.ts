import { describe, expect, it } from '@jest/globals';
import { BlockList, BlockRows } from './block-list.js';

/** Sizes around every block boundary for first blocks of 1, 64, 256 and 1,024 items */
const SIZES = [
  0, 1, 2, 3, 63, 64, 65, 127, 128, 255, 256, 257, 511, 512, 513, 1023, 1024, 1025, 2047, 2048, 5000,
];

describe('BlockList (decisions 0180, 0195, 0212)', () => {
  it('gives back every item at its index across the growing and the full-size blocks', () => {
    for (const first of [1, 64, 256, 1024])
      for (const n of SIZES) {
        const list = new BlockList<number>(first);
        for (let i = 0; i < n; i++) expect(list.push(i * 3)).toBe(i);
        expect(list.length).toBe(n);
        const back: number[] = [];
        for (let i = 0; i < n; i++) back.push(list.at(i));
        expect({ first, n, back }).toEqual({ first, n, back: Array.from({ length: n }, (_, i) => i * 3) });
        if (n > 0) {
          list.set(n - 1, -1);
          expect(list.at(n - 1)).toBe(-1);
        }
      }
  });

  it('refuses a first block that is not a power of two up to 1,024', () => {
    for (const first of [0, 3, 100, 2048]) expect(() => new BlockList(first)).toThrow(RangeError);
  });
});

describe('BlockRows (decisions 0197, 0212, 0230)', () => {
  it('keeps every row and object across the blocks', () => {
    for (const first of [32, 256])
      for (const n of [0, 31, 32, 33, 255, 256, 257, 1024, 3 * 1024 + 5]) {
        const rows = new BlockRows<string>(first);
        for (let i = 0; i < n; i++)
          expect(rows.push(i, -1 - i, i * 7, i % 3 === 0 ? `o${i}` : undefined)).toBe(i);
        expect(rows.length).toBe(n);
        for (let i = 0; i < n; i++) {
          expect([rows.int(i, 0), rows.int(i, 1), rows.int(i, 2)]).toEqual([i, -1 - i, i * 7]);
          expect(rows.object(i)).toBe(i % 3 === 0 ? `o${i}` : undefined);
        }
        if (n > 2000) {
          rows.setObject(2000, 'set');
          expect(rows.object(2000)).toBe('set');
        }
      }
  });

  it('keeps the rows of lists grown side by side apart (their small blocks share slabs)', () => {
    const lists = [128, 256, 32, 1024].map((first) => new BlockRows<undefined>(first));
    const n = 1500;
    // interleaved pushes: each list's blocks are carved from the slabs between the others'
    for (let i = 0; i < n; i++)
      lists.forEach((rows, l) => {
        rows.push(i, l, -1 - i, undefined);
      });
    lists.forEach((rows, l) => {
      for (let i = 0; i < n; i++)
        expect([rows.int(i, 0), rows.int(i, 1), rows.int(i, 2)]).toEqual([i, l, -1 - i]);
    });
    // a new list's rows start at zero: its blocks are fresh, never another list's
    const fresh = new BlockRows<undefined>(64);
    fresh.push(0, 0, 0, undefined);
    expect([fresh.int(0, 0), fresh.int(0, 1), fresh.int(0, 2)]).toEqual([0, 0, 0]);
  });
});
