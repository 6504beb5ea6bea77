/** The rules' lists built by loops instead of `map` are what `map` gave (decision 0259). */
import type { Invoice, SourceValue } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { breakdownNodes, categoryOf } from './vat-common.js';
import { categoryNodes } from './vat-presence-ubl.js';

const byMap = (invoice: Invoice) =>
  (invoice.vatBreakdown ?? []).map((entry, index) => ({
    path: `invoice.vatBreakdown[${index}]`,
    index,
    entry,
    category: categoryOf(entry.category),
  }));

/** What a call gives: its value (holes as holes), or its error's message */
const outcome = (f: () => unknown[] | readonly unknown[]) => {
  try {
    const list = f();
    return { length: list.length, keys: Object.keys(list), json: JSON.stringify(list) };
  } catch (error) {
    return { error: (error as Error).message };
  }
};

describe('lists built by loops (decision 0259)', () => {
  // holes at 1 and 3 (a trailing one included)
  const sparse: unknown[] = [{ category: 'S' }];
  sparse[2] = { category: ' Z ' };
  sparse.length = 4;
  const cases: unknown[] = [
    undefined,
    [],
    [{ category: 'S', taxableAmount: 1 }, { category: 'E' }],
    sparse,
    [{ category: 'S' }, null],
    [undefined],
    'not a list',
    { length: 1 },
  ];
  it('breakdownNodes gives what map gave: values, holes, length and errors', () => {
    for (const vatBreakdown of cases) {
      const invoice = { vatBreakdown } as unknown as Invoice;
      expect([vatBreakdown, outcome(() => breakdownNodes(invoice))]).toEqual([
        vatBreakdown,
        outcome(() => byMap(invoice)),
      ]);
    }
  });

  it('categoryNodes gives what map gave, holes included', () => {
    const node = (tag: string, value?: string): SourceValue =>
      ({ xpath: '/x', line: 1, tag, ...(value === undefined ? {} : { value }) }) as SourceValue;
    const holey: SourceValue[] = [node('breakdown')];
    holey.length = 3;
    const lists: SourceValue[][] = [
      [],
      [node('line+VAT', ' S '), node('allowance:true:document', 'Z')],
      holey,
    ];
    for (const nodes of lists) {
      const list = categoryNodes(nodes);
      expect(list.length).toBe(nodes.length);
      expect(Object.keys(list)).toEqual(Object.keys(nodes));
      expect(list.map((n) => [n.code, n.written, n.place, n.charge, n.vat, n.document, n.source])).toEqual(
        nodes.map((n) => [
          n.value === undefined ? undefined : n.value.replace(/[ \t\r\n]+/g, ' ').trim(),
          n.value,
          (n.tag ?? '').split('+')[0]?.split(':')[0],
          (n.tag ?? '').split('+')[0]?.split(':')[1] === 'true'
            ? true
            : (n.tag ?? '').split('+')[0]?.split(':')[1] === 'false'
              ? false
              : undefined,
          (n.tag ?? '').split('+')[1] === 'VAT',
          (n.tag ?? '').split('+')[0]?.split(':')[2] === 'document',
          n,
        ]),
      );
    }
  });
});
