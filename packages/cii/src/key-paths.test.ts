import { describe, expect, it } from '@jest/globals';
import { ModelPath } from './key-paths.js';
import { joinPath } from './model-path.js';

describe('ModelPath (the model paths kept across documents, decisions 0249, 0252)', () => {
  it('answers joinPath(base, key) by slot, the same path when asked again', () => {
    const base = new ModelPath('invoice.lines[3]');
    const first = base.under(2, 'item.price');
    expect(first.path).toBe(joinPath('invoice.lines[3]', 'item.price'));
    expect(base.under(2, 'item.price')).toBe(first);
    expect(base.under(0, 'period').path).toBe('invoice.lines[3].period');
  });

  it('gives the empty key a path of its own with the same text', () => {
    const base = new ModelPath('invoice.lines[0]');
    const own = base.under(1, '');
    expect(own.path).toBe('invoice.lines[0]');
    expect(own).not.toBe(base);
  });

  it("answers each item's path, in order, out of order and per list", () => {
    const lines = new ModelPath('invoice.lines');
    const attributes = new ModelPath('invoice.lines[2].attributes');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 5; i++) expect(lines.item(i).path).toBe(`invoice.lines[${i}]`);
      expect(lines.item(40).path).toBe('invoice.lines[40]');
      expect(attributes.item(1).path).toBe('invoice.lines[2].attributes[1]');
    }
  });

  it('still answers every path once the cache is full', () => {
    // more paths than the process keeps (MAX_PATHS, 65,536): the later ones are made per call
    const list = new ModelPath('invoice.notes');
    for (let i = 0; i < 70_000; i++)
      expect(list.item(i).under(0, 'key').path).toBe(`invoice.notes[${i}].key`);
    expect(list.item(0).path).toBe('invoice.notes[0]');
    expect(list.item(69_999).under(0, 'key').path).toBe('invoice.notes[69999].key');
  });
});
