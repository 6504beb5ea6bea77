/** readCii and writeCii never throw, whatever they are given (fast-check). */
import type { Invoice } from '@einv/core-model';
import { parseXml } from '@einv/xml';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { readCii, writeCii } from './index.js';

const SAMPLE = writeCii({
  number: 'F-1',
  issueDate: '2025-01-31',
  typeCode: '380',
  currency: 'EUR',
  seller: { name: 'S', vatNumber: 'FR12345678901', address: { country: 'FR' } },
  buyer: { name: 'B' },
  lines: [
    {
      id: '1',
      description: 'x',
      quantity: 1,
      unitCode: 'C62',
      unitPrice: 10,
      netAmount: 10,
      vatCategory: 'S',
      vatRate: 20,
    },
  ],
  totals: { lineNetTotal: 10, taxExclusiveAmount: 10, vatTotal: 2, taxInclusiveAmount: 12, amountDue: 12 },
}).xml;

describe('robustness', () => {
  it('readCii never throws on a mutated invoice (cut, inserted and replaced text)', () => {
    fc.assert(
      fc.property(fc.nat(SAMPLE.length), fc.nat(40), fc.string({ maxLength: 20 }), (at, cut, insert) => {
        const xml = SAMPLE.slice(0, at) + insert + SAMPLE.slice(Math.min(SAMPLE.length, at + cut));
        const r = readCii(xml);
        expect(Array.isArray(r.diagnostics)).toBe(true);
        expect(typeof r.invoice).toBe('object');
      }),
      { numRuns: 300 },
    );
  });

  it('writeCii never throws when the invoice itself is not an object', () => {
    // as an untyped JavaScript caller would call it
    const writeAnything = writeCii as (invoice: unknown) => ReturnType<typeof writeCii>;
    for (const v of [null, undefined, 42, 'x', []]) {
      const r = writeAnything(v);
      expect(r.warnings[0]?.rule).toBe('CII-VALUE');
      expect(parseXml(r.xml).ok).toBe(true);
    }
  });

  it('writeCii never throws on wrongly shaped models and always writes well-formed XML', () => {
    fc.assert(
      fc.property(
        fc.record({
          number: fc.anything(),
          issueDate: fc.anything(),
          seller: fc.anything(),
          lines: fc.anything(),
          totals: fc.anything(),
          notes: fc.array(fc.record({ text: fc.string({ unit: 'binary' }) })),
        }),
        (garbage) => {
          // deliberately wrong shapes, as an untyped caller could send
          const { xml } = writeCii(garbage as Invoice);
          expect(parseXml(xml).ok).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});
