/** ChildMemo: an entry only for the same name at the same position, and only the first 32 positions */
import { describe, expect, it } from '@jest/globals';
import { ChildMemo } from './child-memo.js';

describe('ChildMemo', () => {
  it('gives back what was set for the same name at the same position, nothing else', () => {
    const memo = new ChildMemo<{ name: string }>();
    const id = { name: 'ID' };
    expect(memo.at(0, 'ID')).toBeUndefined();
    expect(memo.set(0, 'ID', id)).toBe(id);
    expect(memo.at(0, 'ID')).toBe(id);
    expect(memo.at(1, 'ID')).toBeUndefined();
    expect(memo.at(0, 'Name')).toBeUndefined();
    const name = { name: 'Name' };
    memo.set(0, 'Name', name);
    expect(memo.at(0, 'Name')).toBe(name);
    expect(memo.at(0, 'ID')).toBeUndefined();
  });

  it('remembers nothing past its first 32 positions', () => {
    const memo = new ChildMemo<number>();
    expect(memo.set(31, 'A', 1)).toBe(1);
    expect(memo.at(31, 'A')).toBe(1);
    expect(memo.set(32, 'A', 2)).toBe(2);
    expect(memo.at(32, 'A')).toBeUndefined();
  });
});
