import type { SourceValue } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { ciiPlaceCounts, placeCountsOf } from './vat-rules.js';

/** A node as the CII reader files VAT-CATEGORY: the category code as written, its place (+ the tax type) */
const node = fc.record(
  {
    value: fc.option(fc.constantFrom('S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M', 'B', ' S', ''), {
      nil: undefined,
    }),
    tag: fc.option(
      fc.constantFrom(
        'line',
        'allowance',
        'breakdown',
        'line+VAT',
        'allowance+X',
        'lines',
        'breakdownx',
        'other',
        '',
      ),
      { nil: undefined },
    ),
    xpath: fc.constant('/x'),
    line: fc.nat(),
  },
  { requiredKeys: ['value', 'xpath', 'line'] },
) as fc.Arbitrary<SourceValue>;

describe('the CII VAT presence tally (BR-x-01, one pass per document)', () => {
  it('gives every code the counts a walk of the nodes for that code gives', () => {
    fc.assert(
      fc.property(fc.array(node, { maxLength: 30 }), (nodes) => {
        const tally = ciiPlaceCounts(nodes);
        expect(tally).toBeDefined();
        for (const code of ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M', 'B', ' S', ''])
          expect(tally?.get(code) ?? [0, 0, 0]).toEqual(placeCountsOf(nodes, code));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves a list with a hole to each family, which fails on it as before', () => {
    const nodes: SourceValue[] = [{ value: 'S', tag: 'line', xpath: '/x', line: 1 }];
    nodes[2] = { value: 'S', tag: 'breakdown', xpath: '/y', line: 2 };
    expect(ciiPlaceCounts(nodes)).toBeUndefined();
    expect(() => placeCountsOf(nodes, 'S')).toThrow("Cannot read properties of undefined (reading 'value')");
  });
});
