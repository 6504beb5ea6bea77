/**
 * writeCii / readCii and EXTENDED-CTC-FR (decision 0078): its BT-24 is written with the EXTENDED
 * structure, the reader recognises it, and writing EXTENDED never keeps the EXTENDED-CTC-FR id.
 */
import { EXTENDED_CTC_FR_ID, GUIDELINE_IDS, type Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { guidelineFor } from './guideline.js';
import { readCii } from './read.js';
import { writeCii } from './write.js';

const invoice: Invoice = {
  number: 'F-1',
  issueDate: '2026-11-24',
  typeCode: '380',
  currency: 'EUR',
  taxPointDateCode: '35',
  seller: { name: 'Vendeur', address: { country: 'FR' } },
  buyer: { name: 'Acheteur', address: { country: 'FR' } },
  lines: [
    { id: '1', description: 'Groupe', frenchCtc: { subType: 'GROUP' } },
    {
      id: '2',
      description: 'Article',
      quantity: 1,
      unitCode: 'C62',
      unitPrice: 10,
      netAmount: 10,
      vatCategory: 'S',
      vatRate: 20,
      frenchCtc: { subType: 'DETAIL', parentLineId: '1' },
    },
  ],
};

describe('EXTENDED-CTC-FR in CII', () => {
  it('writes its BT-24 and the EXTENDED-only line structure, and reads back as EXTENDED-CTC-FR', () => {
    const { xml, warnings } = writeCii(invoice, { profile: 'EXTENDED-CTC-FR' });
    expect(xml).toContain(`<ram:ID>${EXTENDED_CTC_FR_ID}</ram:ID>`);
    expect(xml).toContain('<ram:LineStatusReasonCode>GROUP</ram:LineStatusReasonCode>');
    expect(warnings.filter((w) => w.rule === 'CII-PROFILE')).toEqual([]);
    const read = readCii(xml);
    expect(read.profile).toBe('EXTENDED');
    expect(read.documentProfile).toBe('EXTENDED-CTC-FR');
    expect(read.invoice.lines?.[1]?.frenchCtc).toEqual({ subType: 'DETAIL', parentLineId: '1' });
  });

  it('writes EXTENDED with the Factur-X id even when the invoice declares EXTENDED-CTC-FR', () => {
    const declared = { ...invoice, specificationIdentifier: EXTENDED_CTC_FR_ID };
    expect(guidelineFor('EXTENDED', EXTENDED_CTC_FR_ID)).toBe(GUIDELINE_IDS.EXTENDED);
    expect(guidelineFor('EXTENDED-CTC-FR', undefined)).toBe(EXTENDED_CTC_FR_ID);
    const read = readCii(writeCii(declared, { profile: 'EXTENDED' }).xml);
    expect(read.invoice.specificationIdentifier).toBe(GUIDELINE_IDS.EXTENDED);
    expect(read.documentProfile).toBe('EXTENDED');
  });

  it('says so when the profile is neither a Factur-X level nor EXTENDED-CTC-FR', () => {
    const { warnings } = writeCii(invoice, { profile: 'EXTENDED-FR' as never });
    expect(warnings.find((w) => w.rule === 'CII-PROFILE')?.message).toMatch(/EXTENDED-CTC-FR/);
  });

  it('writes a UBL BT-8 code (35, delivery date) as its CII code (29)', () => {
    const { xml } = writeCii(invoice, { profile: 'EXTENDED-CTC-FR' });
    expect(xml).toContain('<ram:DueDateTypeCode>29</ram:DueDateTypeCode>');
  });
});
