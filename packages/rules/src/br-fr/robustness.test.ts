import type { Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import type { Syntax } from '../define.js';
import { runRules } from './__tests__/run-rules.js';
import { rules } from './index.js';

/** Invoices of the right shape with arbitrary (often absurd) values */
const text = fc.oneof(
  fc.string(),
  fc.constantFrom(
    '',
    ' ',
    '#BAR#B2B',
    '#PMT#',
    'B2B',
    '0002',
    '0009',
    '0225',
    '0231',
    'AFL',
    '2026-02-30',
    '20260230',
    '-1e21',
  ),
);
const num = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, 1e21, 0.1 + 0.2, Number.NaN, Number.POSITIVE_INFINITY),
);
const id = fc.record({ id: text, scheme: fc.option(text, { nil: undefined }) }, { requiredKeys: ['id'] });
const party = fc.record({
  siret: text,
  identifiers: fc.array(id, { maxLength: 3 }),
  legalRegistrationId: id,
  electronicAddress: id,
  address: fc.record({ country: text }),
});
const invoiceArb = fc.record(
  {
    number: text,
    issueDate: text,
    dueDate: text,
    typeCode: text,
    currency: text,
    taxCurrency: text,
    businessProcessType: text,
    notes: fc.array(
      fc.record({ subjectCode: fc.option(text, { nil: undefined }), text }, { requiredKeys: ['text'] }),
      { maxLength: 5 },
    ),
    seller: party,
    buyer: party,
    precedingInvoices: fc.array(fc.record({ number: text, issueDate: text }), { maxLength: 2 }),
    attachments: fc.array(fc.record({ description: text }), { maxLength: 3 }),
    vatBreakdown: fc.array(fc.record({ category: text, rate: num, taxableAmount: num, taxAmount: num }), {
      maxLength: 2,
    }),
    totals: fc.record({ vatTotal: num, taxInclusiveAmount: num, prepaidAmount: num, amountDue: num }),
    lines: fc.array(
      fc.record({
        vatCategory: text,
        vatRate: num,
        quantity: num,
        unitPrice: num,
        netAmount: num,
        objectIdentifier: id,
        attributes: fc.array(fc.record({ name: text, value: text }), { maxLength: 2 }),
      }),
      { maxLength: 3 },
    ),
  },
  { requiredKeys: [] },
);

describe('BR-FR rules never throw', () => {
  it('on any invoice of the model shape with arbitrary values, in every syntax and edition', () => {
    fc.assert(
      fc.property(
        invoiceArb,
        fc.constantFrom<Syntax | undefined>('CII', 'UBL', undefined),
        fc.constantFrom('transition' as const, 'standard' as const),
        (invoice, syntax, edition) => {
          const findings = runRules(rules, invoice as Invoice, syntax ? { syntax, edition } : { edition });
          for (const f of findings) expect(f.path.startsWith('invoice')).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('on an empty invoice and on an invoice with only a French seller', () => {
    expect(() => runRules(rules, {})).not.toThrow();
    const ids = new Set(runRules(rules, { seller: { address: { country: 'FR' } } }).map((f) => f.rule));
    expect([...ids].sort()).toEqual(['BR-FR-05', 'BR-FR-08', 'BR-FR-10', 'BR-FR-12', 'BR-FR-13']);
  });
});
