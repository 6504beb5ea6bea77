import { describe, expect, it } from '@jest/globals';
import { loadFixture } from '../../../fixtures/load.js';
import { complete } from './complete.js';
import type { Invoice } from './model.js';
import { validateInvoiceShape } from './schema.js';
import { expandShorthands, vatExemptionOf } from './shorthands.js';

const base = (): Invoice => {
  const inv = structuredClone(loadFixture('fr-b2b-simple').invoice);
  delete inv.businessProcessType;
  return inv;
};

describe('vatExemption', () => {
  it('VATEX-FR-FRANCHISE: category E, rate 0, the 293 B mention in the VAT breakdown', () => {
    const inv = base();
    inv.vatExemption = { code: 'VATEX-FR-FRANCHISE' };
    for (const l of inv.lines ?? []) delete l.vatRate;
    const done = complete(inv);
    expect(done.lines?.map((l) => [l.vatCategory, l.vatRate])).toEqual([
      ['E', 0],
      ['E', 0],
    ]);
    expect(done.vatBreakdown).toEqual([
      {
        category: 'E',
        rate: 0,
        taxableAmount: 1049.7,
        taxAmount: 0,
        exemptionReason: 'TVA non applicable, art. 293 B du CGI',
        exemptionReasonCode: 'VATEX-FR-FRANCHISE',
      },
    ]);
    expect(done.totals).toMatchObject({ vatTotal: 0, taxInclusiveAmount: 1049.7 });
  });

  it('leaves lines that name their own VAT alone; a line-level exemption wins over the invoice one', () => {
    const inv = base();
    inv.vatExemption = { code: 'VATEX-EU-G' };
    inv.lines = [
      { ...inv.lines![0]!, vatRate: 20 },
      {
        ...inv.lines![1]!,
        vatRate: undefined,
        vatExemption: { code: 'VATEX-EU-AE', reason: 'Autoliquidation (art. 283-2 du CGI)' },
      },
      { ...inv.lines![1]!, id: '3', vatRate: undefined },
    ].map((l) => JSON.parse(JSON.stringify(l)));
    const done = complete(inv);
    expect(
      done.lines?.map((l) => [l.vatCategory, l.vatRate, l.vatExemptionReasonCode, l.vatExemptionReason]),
    ).toEqual([
      ['S', 20, undefined, undefined],
      ['AE', 0, 'VATEX-EU-AE', 'Autoliquidation (art. 283-2 du CGI)'],
      ['G', 0, 'VATEX-EU-G', 'Exonération de TVA, article 262 I du CGI (exportation)'],
    ]);
    expect(done.vatBreakdown?.map((b) => b.category).sort()).toEqual(['AE', 'G', 'S']);
  });

  it('never overrides what is given: an explicit reason text or code stays', () => {
    const inv = base();
    inv.vatExemption = { code: 'VATEX-FR-FRANCHISE' };
    inv.lines = [{ ...inv.lines![0]!, vatRate: 0, vatExemptionReason: 'Mon texte' }];
    expect(complete(inv).lines?.[0]).toMatchObject({ vatCategory: 'E', vatExemptionReason: 'Mon texte' });
  });

  it('"not subject to VAT" (O) gets no rate at all (BR-O-05)', () => {
    const inv = base();
    inv.vatExemption = { code: 'VATEX-EU-O' };
    for (const l of inv.lines ?? []) delete l.vatRate;
    const line = complete(inv).lines?.[0];
    expect(line?.vatCategory).toBe('O');
    expect(line?.vatRate).toBeUndefined();
  });

  it('document allowances and charges without VAT get the exemption category', () => {
    const inv = base();
    inv.vatExemption = { code: 'VATEX-FR-FRANCHISE' };
    for (const l of inv.lines ?? []) delete l.vatRate;
    inv.charges = [{ amount: 10, reason: 'Frais de port' }];
    expect(complete(inv).charges?.[0]).toMatchObject({ vatCategory: 'E', vatRate: 0 });
  });

  it('mentions: in French for a French seller, in English otherwise; directive articles spelt out', () => {
    expect(vatExemptionOf('VATEX-EU-132-1I', 'fr')).toEqual({
      category: 'E',
      mention: 'Exonération de TVA, article 132, paragraphe 1, point i) de la directive 2006/112/CE',
    });
    expect(vatExemptionOf('VATEX-EU-132-1I', 'en').mention).toBe(
      'Exempt based on article 132, section 1 (i) of Council Directive 2006/112/EC',
    );
    expect(vatExemptionOf('VATEX-EU-IC', 'en').category).toBe('K');
    expect(vatExemptionOf('VATEX-FR-CGI261-1', 'fr')).toEqual({ category: 'E' });
    const inv = base();
    inv.seller = { ...inv.seller, address: { ...inv.seller?.address, country: 'DE' } };
    inv.vatExemption = { code: 'VATEX-EU-AE' };
    for (const l of inv.lines ?? []) delete l.vatRate;
    expect(complete(inv).vatBreakdown?.[0]?.exemptionReason).toBe('Reverse charge');
  });
});

describe('operationCategory', () => {
  it.each([
    ['goods', 'B1'],
    ['services', 'S1'],
    ['mixed', 'M1'],
  ] as const)('%s → BT-23 %s', (category, bt23) => {
    expect(complete({ ...base(), operationCategory: category }).businessProcessType).toBe(bt23);
  });

  it('a given businessProcessType wins', () => {
    expect(
      complete({ ...base(), businessProcessType: 'S4', operationCategory: 'goods' }).businessProcessType,
    ).toBe('S4');
  });

  it('an invoice without shorthands is returned as it is', () => {
    const inv = base();
    expect(expandShorthands(inv)).toBe(inv);
  });
});

describe('the shape check knows the shorthands', () => {
  it('accepts them, and names a wrong value with what was expected', () => {
    expect(
      validateInvoiceShape({ operationCategory: 'services', vatExemption: { code: 'VATEX-EU-G' } }),
    ).toEqual([]);
    const [cat] = validateInvoiceShape({ operationCategory: 'service' });
    expect(cat).toMatchObject({ path: 'invoice.operationCategory' });
    expect(cat?.message).toMatch(/goods, services, mixed/);
    const [code] = validateInvoiceShape({ vatExemption: { code: 'FRANCHISE' } }, { lang: 'fr' });
    expect(code?.message).toMatch(/code VATEX/);
    const [missing] = validateInvoiceShape({ lines: [{ vatExemption: {} }] });
    expect(missing?.path).toBe('invoice.lines[0].vatExemption.code');
  });
});
