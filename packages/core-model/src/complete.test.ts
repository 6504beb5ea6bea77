import { describe, expect, it } from '@jest/globals';
import { fixtureNames, loadFixture } from '../../../fixtures/load.js';
import { computeTotals, computeVatBreakdown } from './calculate.js';
import { complete } from './complete.js';
import type { Invoice } from './model.js';

describe('complete() on the hand-worked fixtures', () => {
  it('has the fixtures the brief lists', () => {
    expect(fixtureNames()).toEqual(
      expect.arrayContaining([
        'fr-b2b-simple',
        'fr-multi-rate',
        'fr-credit-note',
        'fr-allowances-charges',
        'fr-exempt',
        'fr-reverse-charge',
        'eu-intra-community-supply',
        'export-outside-eu',
        'fr-usd-invoice',
        'large-10000-lines',
      ]),
    );
  });

  for (const name of fixtureNames()) {
    it(`${name}: totals and VAT breakdown equal the hand-worked values`, () => {
      const fx = loadFixture(name);
      const before = JSON.stringify(fx.invoice);
      const done = complete(fx.invoice);
      expect(JSON.stringify(fx.invoice)).toBe(before);
      expect(done.totals).toEqual(fx.expected.totals);
      expect(done.vatBreakdown).toEqual(fx.expected.vatBreakdown);
      if (fx.expected.lineNetAmounts) {
        expect(done.lines?.map((l) => l.netAmount)).toEqual(fx.expected.lineNetAmounts);
      }
      for (const line of done.lines ?? []) expect(line.vatCategory).toBeDefined();
    });
  }
});

describe('complete() derivations', () => {
  const line = { id: '1', description: 'x', quantity: 3, unitCode: 'C62', unitPrice: 47.0866, vatRate: 20 };

  it('rounds the line net amount half-up to 2 decimals (3 × 47.0866 = 141.2598 → 141.26)', () => {
    const done = complete({ lines: [line] });
    expect(done.lines?.[0]?.netAmount).toBe(141.26);
  });

  it('divides the price by the base quantity (250 × 12.50 / 100 = 31.25)', () => {
    const done = complete({ lines: [{ ...line, quantity: 250, unitPrice: 12.5, baseQuantity: 100 }] });
    expect(done.lines?.[0]?.netAmount).toBe(31.25);
  });

  it('keeps a given line net amount, total and breakdown even when they are wrong', () => {
    const inv: Invoice = {
      lines: [{ ...line, netAmount: 999 }],
      totals: { lineNetTotal: 1, taxInclusiveAmount: 5 },
      vatBreakdown: [{ category: 'S', rate: 20, taxableAmount: 3, taxAmount: 0.6 }],
    };
    const done = complete(inv);
    expect(done.lines?.[0]?.netAmount).toBe(999);
    expect(done.totals?.lineNetTotal).toBe(1);
    expect(done.totals?.taxInclusiveAmount).toBe(5);
    expect(done.vatBreakdown).toEqual(inv.vatBreakdown);
    // the missing ones derive from the effective (given) values: BT-109 from the given BT-106
    expect(done.totals?.taxExclusiveAmount).toBe(1);
    expect(done.totals?.vatTotal).toBe(0.6);
    expect(done.totals?.amountDue).toBe(5);
  });

  it('sets category S only for a positive rate; a zero rate without category stays without one', () => {
    const done = complete({
      lines: [line, { ...line, id: '2', vatRate: 0 }, { ...line, id: '3', vatCategory: 'Z', vatRate: 0 }],
    });
    expect(done.lines?.map((l) => l.vatCategory)).toEqual(['S', undefined, 'Z']);
  });

  it('derives allowance amounts from percentage × base and subtracts them from the line', () => {
    const done = complete({
      lines: [
        {
          ...line,
          quantity: 1,
          unitPrice: 0.15,
          allowances: [{ percentage: 10, baseAmount: 0.15, reason: 'r' }],
        },
      ],
    });
    expect(done.lines?.[0]?.allowances?.[0]?.amount).toBe(0.02);
    expect(done.lines?.[0]?.netAmount).toBe(0.13);
  });

  it('carries the line exemption reason to BT-120/BT-121 of its breakdown', () => {
    const done = complete({
      lines: [
        {
          ...line,
          vatRate: 0,
          vatCategory: 'E',
          vatExemptionReason: 'Exonéré',
          vatExemptionReasonCode: 'VATEX-EU-132',
        },
      ],
    });
    expect(done.vatBreakdown?.[0]).toMatchObject({
      category: 'E',
      exemptionReason: 'Exonéré',
      exemptionReasonCode: 'VATEX-EU-132',
    });
  });

  it('derives the SIREN (BT-30, scheme 0002) of a French party from its SIRET, only when absent', () => {
    const seller = { siret: '12345678200010', address: { country: 'FR' } };
    expect(complete({ seller }).seller?.legalRegistrationId).toEqual({ id: '123456782', scheme: '0002' });
    expect(complete({ buyer: seller }).buyer?.legalRegistrationId).toEqual({
      id: '123456782',
      scheme: '0002',
    });
    const given = { ...seller, legalRegistrationId: { id: '999999999', scheme: '0002' } };
    expect(complete({ seller: given }).seller?.legalRegistrationId?.id).toBe('999999999');
    expect(
      complete({ seller: { ...seller, address: { country: 'BE' } } }).seller?.legalRegistrationId,
    ).toBeUndefined();
    expect(complete({ seller: { ...seller, siret: '1234' } }).seller?.legalRegistrationId).toBeUndefined();
  });

  it('BT-115 = BT-112 − BT-113 + BT-114', () => {
    const done = complete({ lines: [line], totals: { prepaidAmount: 100, roundingAmount: 0.01 } });
    // 141.26 + 28.25 = 169.51; − 100 + 0.01 = 69.52
    expect(done.totals).toMatchObject({ vatTotal: 28.25, taxInclusiveAmount: 169.51, amountDue: 69.52 });
  });

  it('never mutates its input and returns a new object', () => {
    const inv: Invoice = {
      seller: { siret: '12345678200010', address: { country: 'FR' } },
      lines: [{ ...line }],
    };
    const snapshot = structuredClone(inv);
    const done = complete(inv);
    expect(inv).toEqual(snapshot);
    expect(done).not.toBe(inv);
    expect(done.lines).not.toBe(inv.lines);
  });

  it('returns non-invoices unchanged instead of throwing', () => {
    for (const v of [null, undefined, 3, 'x', [], true]) {
      expect(() => complete(v as unknown as Invoice)).not.toThrow();
    }
  });
});

describe('derivation steps', () => {
  it('computeTotals explains every total of the allowances/charges fixture', () => {
    const fx = loadFixture('fr-allowances-charges');
    const { totals, steps } = computeTotals(fx.invoice);
    expect(totals).toEqual(fx.expected.totals);
    const byTerm = Object.fromEntries(steps.map((s) => [s.term, s]));
    expect(byTerm['BT-109']).toMatchObject({
      formula: 'BT-106 − BT-107 + BT-108',
      computation: '711.25 − 32.56 + 25.00 = 703.69',
      value: 703.69,
      source: 'computed',
    });
    expect(byTerm['BT-113']).toMatchObject({ source: 'given', value: 100 });
    expect(byTerm['BT-115']?.computation).toBe('835.73 − 100.00 + 0.27 = 736.00');
  });

  it('computeVatBreakdown explains each taxable amount and VAT amount', () => {
    const fx = loadFixture('fr-allowances-charges');
    const { vatBreakdown, steps } = computeVatBreakdown(fx.invoice);
    expect(vatBreakdown).toEqual(fx.expected.vatBreakdown);
    expect(steps.map((s) => s.computation)).toEqual([
      '651.25 + 25.00 − 32.56 = 643.69',
      'round(643.69 × 20 / 100) = 128.74',
      '60.00 + 0.00 − 0.00 = 60.00',
      'round(60.00 × 5.5 / 100) = 3.30',
    ]);
  });

  it('computeVatBreakdown ignores a given breakdown unless asked to keep it', () => {
    const inv: Invoice = {
      lines: [{ quantity: 1, unitPrice: 10, vatRate: 20 }],
      vatBreakdown: [{ category: 'S', rate: 20, taxableAmount: 1, taxAmount: 1 }],
    };
    expect(computeVatBreakdown(inv).vatBreakdown[0]?.taxableAmount).toBe(10);
    expect(computeVatBreakdown(inv, { keepGiven: true }).vatBreakdown[0]?.taxableAmount).toBe(1);
  });

  it('a category given as an empty string is kept, not replaced by S', () => {
    const done = complete({ lines: [{ quantity: 1, unitPrice: 10, vatRate: 20, vatCategory: '' }] });
    expect(done.lines?.[0]?.vatCategory).toBe('');
    expect(done.vatBreakdown?.[0]?.category).toBe('');
  });
});
