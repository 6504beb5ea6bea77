import { describe, expect, it } from '@jest/globals';
import { KeyPaths } from './key-paths.js';
import { joinPath } from './model-path.js';

describe('KeyPaths (the model paths kept across documents, decision 0249)', () => {
  it('answers joinPath(base, key), also when asked again', () => {
    const paths = new KeyPaths('item.price');
    for (let round = 0; round < 2; round++) {
      expect(paths.under('invoice')).toBe('invoice.item.price');
      expect(paths.under('invoice.lines[3]')).toBe(joinPath('invoice.lines[3]', 'item.price'));
    }
  });

  it('leaves the base as it is for the empty key', () => {
    expect(new KeyPaths('').under('invoice.lines[0]')).toBe('invoice.lines[0]');
  });

  it("answers each item's path, in order, out of order and per list", () => {
    const paths = new KeyPaths('lines');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5; i++) expect(paths.item('invoice.lines', i)).toBe(`invoice.lines[${i}]`);
      expect(paths.item('invoice.lines', 40)).toBe('invoice.lines[40]');
      expect(paths.item('invoice.lines[2].attributes', 1)).toBe('invoice.lines[2].attributes[1]');
    }
  });

  it('still answers every path once the cache is full', () => {
    const paths = new KeyPaths('key');
    // more paths than the process keeps (MAX_PATHS, 65,536): the later ones are composed per call
    for (let i = 0; i < 70_000; i++) expect(paths.under(`b${i}`)).toBe(`b${i}.key`);
    expect(paths.item('invoice.notes', 0)).toBe('invoice.notes[0]');
    expect(paths.item('invoice.notes', 1)).toBe('invoice.notes[1]');
    expect(paths.under('b69999')).toBe('b69999.key');
  });
});
