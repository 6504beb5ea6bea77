/**
 * readUbl recognises an EXTENDED-CTC-FR invoice by its CustomizationID (decision 0078); writeUbl
 * writes a CII BT-8 code as its UBL code.
 */
import { EXTENDED_CTC_FR_ID, type Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { readUbl } from './read-ubl.js';
import { writeUbl } from './write-ubl.js';

const invoice: Invoice = {
  number: 'F-1',
  issueDate: '2026-11-24',
  typeCode: '380',
  currency: 'EUR',
  specificationIdentifier: EXTENDED_CTC_FR_ID,
  taxPointDateCode: '72',
  invoicingPeriod: { startDate: '2026-11-01', endDate: '2026-11-30' },
  seller: { name: 'Vendeur', address: { country: 'FR' } },
  buyer: { name: 'Acheteur', address: { country: 'FR' } },
  lines: [{ id: '1', description: 'Article', quantity: 1, unitPrice: 10, netAmount: 10 }],
};

describe('EXTENDED-CTC-FR in UBL', () => {
  it('reads the profile from cbc:CustomizationID', () => {
    const { xml } = writeUbl(invoice);
    expect(xml).toContain(`<cbc:CustomizationID>${EXTENDED_CTC_FR_ID}</cbc:CustomizationID>`);
    expect(readUbl(xml).documentProfile).toBe('EXTENDED-CTC-FR');
    expect(
      readUbl(writeUbl({ ...invoice, specificationIdentifier: 'urn:cen.eu:en16931:2017' }).xml)
        .documentProfile,
    ).toBeUndefined();
  });

  it('writes a CII BT-8 code (72, paid to date) as its UBL code (432)', () => {
    expect(writeUbl(invoice).xml).toContain('<cbc:DescriptionCode>432</cbc:DescriptionCode>');
  });
});
