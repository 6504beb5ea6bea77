import { describe, expect, it } from '@jest/globals';
import { LexicalForms } from './lexical-forms.js';

describe('LexicalForms (decision 0274)', () => {
  const filled = () => {
    const r = new LexicalForms();
    r.record('invoice.lines[0]', 'price.netAmount', 'netAmount', '0.00880');
    r.record('invoice.lines[1]', 'quantity', 'quantity', '+3');
    r.record('invoice', '', 'ignored', '1.000');
    return r;
  };

  it('is the Map a reader filling it at once would give, in the same order', () => {
    const expected = new Map([
      ['invoice.lines[0].price.netAmount', '0.00880'],
      ['invoice.lines[1].quantity', '+3'],
      ['invoice', '1.000'],
    ]);
    expect([...filled()]).toEqual([...expected]);
    expect([...filled().keys()]).toEqual([...expected.keys()]);
    expect([...filled().values()]).toEqual([...expected.values()]);
    expect([...filled().entries()]).toEqual([...expected.entries()]);
    expect(filled().size).toBe(3);
    expect(filled().get('invoice.lines[1].quantity')).toBe('+3');
    expect(filled().has('invoice.lines[0].price.netAmount')).toBe(true);
    expect(filled().get('invoice.lines[0].price')).toBeUndefined();
    expect(filled()).toBeInstanceOf(Map);
    const seen: string[] = [];
    filled().forEach((v, k) => {
      seen.push(`${k}=${v}`);
    });
    expect(seen).toEqual([...expected].map(([k, v]) => `${k}=${v}`));
  });

  it('answers hasAny and hasName without joining, and after any change', () => {
    const r = filled();
    expect(r.hasAny()).toBe(true);
    expect(r.hasName('netAmount')).toBe(true);
    expect(r.hasName('invoice')).toBe(true);
    expect(r.hasName('amount')).toBe(false);
    r.set('invoice.totals.amount', '1.000');
    expect(r.hasName('amount')).toBe(true);
    r.delete('invoice.lines[0].price.netAmount');
    expect(r.hasName('netAmount')).toBe(false);
    expect(r.size).toBe(3);
    r.record('invoice.lines[2]', 'price.netAmount', 'netAmount', '1.0000');
    expect(r.hasName('netAmount')).toBe(true);
    expect(r.get('invoice.lines[2].price.netAmount')).toBe('1.0000');
    r.clear();
    expect(r.hasAny()).toBe(false);
    expect(r.size).toBe(0);
    expect(r.hasName('quantity')).toBe(false);
    expect(new LexicalForms().hasAny()).toBe(false);
  });
});
