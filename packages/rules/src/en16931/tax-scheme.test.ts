/**
 * A tax category whose scheme is not VAT (readers set `taxScheme`) is no VAT category for the
 * official presence tests: BR-CO-04, BR-32, BR-37, BR-47, BR-48 select TaxCategory[TaxScheme/ID =
 * 'VAT'] (UBL) / [TypeCode = 'VAT'] (CII), and BR-CO-17 then reads no rate.
 */
import type { Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { validate } from '../index.js';

const fired = (inv: Invoice, syntax: 'CII' | 'UBL') =>
  new Set(validate(inv, { syntax, frenchEdition: 'off' }).errors.map((f) => f.rule));

const base = (scheme?: string): Invoice => {
  const other = scheme === undefined ? {} : { taxScheme: scheme };
  return {
    lines: [
      { id: '1', quantity: 1, netAmount: 100, unitPrice: 100, vatCategory: 'S', vatRate: 20, ...other },
    ],
    allowances: [{ amount: 10, reason: 'discount', vatCategory: 'S', vatRate: 20, ...other }],
    charges: [{ amount: 10, reason: 'freight', vatCategory: 'S', vatRate: 20, ...other }],
    vatBreakdown: [{ taxableAmount: 100, taxAmount: 20, category: 'S', rate: 20, ...other }],
  };
};

describe('tax categories of another scheme than VAT', () => {
  for (const syntax of ['CII', 'UBL'] as const) {
    it(`BR-CO-04, BR-32, BR-37, BR-47, BR-48 and BR-CO-17 fire when taxScheme is set (${syntax})`, () => {
      const vat = fired(base(), syntax);
      for (const r of ['BR-CO-04', 'BR-32', 'BR-37', 'BR-47', 'BR-48', 'BR-CO-17'])
        expect(vat.has(r)).toBe(false);
      const other = fired(base('GST'), syntax);
      for (const r of ['BR-CO-04', 'BR-32', 'BR-37', 'BR-47', 'BR-48', 'BR-CO-17'])
        expect(other.has(r)).toBe(true);
    });
  }

  it('BR-CO-17 passes a non-VAT breakdown whose tax amount rounds to zero (the official "no rate" branch)', () => {
    const inv = base('');
    inv.vatBreakdown = [{ taxableAmount: 100, taxAmount: 0.4, category: 'S', rate: 20, taxScheme: '' }];
    expect(fired(inv, 'CII').has('BR-CO-17')).toBe(false);
  });

  it('UBL BR-E-01 counts only breakdowns of scheme VAT (the official exactly-one test); CII counts every one', () => {
    const inv: Invoice = {
      lines: [{ id: '1', quantity: 1, netAmount: 100, unitPrice: 100, vatCategory: 'E', vatRate: 0 }],
      vatBreakdown: [
        { taxableAmount: 100, taxAmount: 0, category: 'E', rate: 0, exemptionReason: 'x', taxScheme: 'FR' },
      ],
    };
    expect(fired(inv, 'UBL').has('BR-E-01')).toBe(true);
    expect(fired(inv, 'CII').has('BR-E-01')).toBe(false);
    delete inv.vatBreakdown?.[0]?.taxScheme;
    expect(fired(inv, 'UBL').has('BR-E-01')).toBe(false);
  });
});
