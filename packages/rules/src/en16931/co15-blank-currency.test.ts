import type { Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { validate } from '../index.js';

const fires = (inv: Invoice) =>
  validate(inv, { syntax: 'CII', frenchEdition: 'off' }).errors.some((f) => f.rule === 'BR-CO-15');

describe('BR-CO-15 and the invoice currency', () => {
  it('fires on a blank currency when the reader found no BT-110 in it (the official test selects @currencyID = "")', () => {
    expect(fires({ currency: '', totals: { taxExclusiveAmount: 100, taxInclusiveAmount: 120 } })).toBe(true);
  });

  it('does not run without a currency element, and passes a consistent total', () => {
    expect(fires({ totals: { taxExclusiveAmount: 100, taxInclusiveAmount: 120 } })).toBe(false);
    expect(
      fires({ currency: 'EUR', totals: { taxExclusiveAmount: 100, vatTotal: 20, taxInclusiveAmount: 120 } }),
    ).toBe(false);
  });
});
