/**
 * Hostile input: readUbl never throws on damaged documents, writeUbl never throws on values of the
 * wrong type, and what writeUbl produces is always well-formed XML (fast-check properties).
 */
import { parseXml } from '@einv/xml';
import { expect, it } from '@jest/globals';
import fc from 'fast-check';
import { everyTermInvoice } from './__tests__/every-term.js';
import { readUbl, writeUbl } from './index.js';

const sample = writeUbl(everyTermInvoice('380')).xml;

it('readUbl never throws on truncated, spliced or byte-flipped documents', () => {
  fc.assert(
    fc.property(
      fc.nat(sample.length),
      fc.nat(sample.length),
      fc.string({ maxLength: 40 }),
      (a, b, insert) => {
        const [from, to] = a < b ? [a, b] : [b, a];
        for (const doc of [
          sample.slice(0, from),
          sample.slice(0, from) + insert + sample.slice(to),
          sample.slice(0, from) + sample.slice(to),
        ]) {
          const r = readUbl(doc);
          expect(r.diagnostics.some((d) => d.rule === 'UBL-READ-INTERNAL')).toBe(false);
        }
      },
    ),
    { numRuns: 300 },
  );
});

it('writeUbl never throws on values of the wrong type and always writes well-formed XML', () => {
  const anyValue = fc.oneof(
    fc.string(),
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.string(), { maxLength: 2 }),
    fc.object({ maxDepth: 1 }),
  );
  const keys = [
    'number',
    'currency',
    'notes',
    'seller',
    'buyer',
    'totals',
    'lines',
    'paymentMeans',
    'vatBreakdown',
    'allowances',
    'typeCode',
  ];
  fc.assert(
    fc.property(fc.dictionary(fc.constantFrom(...keys), anyValue), fc.string(), (junk, text) => {
      const base = everyTermInvoice();
      const invoice = {
        ...base,
        ...junk,
        buyerReference: text,
        seller: { ...base.seller, ...junk },
        lines: [{ ...base.lines?.[0], ...junk }],
      };
      const { xml } = writeUbl(invoice as Parameters<typeof writeUbl>[0]);
      expect(xml).not.toBe('');
      expect(parseXml(xml).ok).toBe(true);
    }),
    { numRuns: 300 },
  );
});
