/**
 * Several payment terms in CII (decision 0089): read without loss, written back in EXTENDED, the
 * first only (with a warning) in the other profiles.
 */
import fs from 'node:fs';
import type { Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { describeIfShared, sharedPath } from '../../../tests/support/shared.js';
import { readCii } from './read.js';
import { writeCii } from './write.js';

const invoice: Invoice = {
  number: 'F-1',
  issueDate: '2026-11-24',
  typeCode: '380',
  currency: 'EUR',
  paymentTerms: 'Acompte de 30 % à la commande',
  dueDate: '2026-12-01',
  paymentSchedule: [
    { description: 'Acompte de 30 % à la commande', dueDate: '2026-12-01', amount: 300 },
    { description: 'Solde à 30 jours', dueDate: '2026-12-31', amount: 700 },
  ],
  seller: { name: 'Vendeur', address: { country: 'FR' } },
  buyer: { name: 'Acheteur', address: { country: 'FR' } },
  lines: [
    { id: '1', description: 'Article', quantity: 1, unitCode: 'C62', unitPrice: 1000, netAmount: 1000 },
  ],
};

describe('payment schedule in CII', () => {
  it('writes every payment terms element in EXTENDED and reads the same schedule back', () => {
    const { xml, warnings } = writeCii(invoice, { profile: 'EXTENDED' });
    expect(xml.match(/<ram:SpecifiedTradePaymentTerms>/g)?.length).toBe(2);
    expect(xml).toContain('<ram:PartialPaymentAmount>700.00</ram:PartialPaymentAmount>');
    expect(warnings).toEqual([]);
    const back = readCii(xml);
    expect(back.invoice.paymentSchedule).toEqual(invoice.paymentSchedule);
    expect(back.invoice.dueDate).toBe('2026-12-01');
    expect(back.diagnostics.filter((d) => d.severity !== 'information')).toEqual([]);
  });

  it('keeps the first payment terms in EN16931 and says the rest was not written', () => {
    const { xml, warnings } = writeCii(invoice, { profile: 'EN16931' });
    expect(xml.match(/<ram:SpecifiedTradePaymentTerms>/g)?.length).toBe(1);
    expect(xml).not.toContain('PartialPaymentAmount');
    expect(warnings.map((w) => w.path)).toEqual(
      expect.arrayContaining(['invoice.paymentSchedule', 'invoice.paymentSchedule[0].amount']),
    );
  });

  it('reads one payment terms element without amount as before (no schedule)', () => {
    const { paymentSchedule: _schedule, ...single } = invoice;
    expect(readCii(writeCii(single, { profile: 'EXTENDED' }).xml).invoice.paymentSchedule).toBeUndefined();
  });
});

describeIfShared('payment schedule of a published EXTENDED invoice', () => {
  it('reads the two due dates of the ZUGFeRD EXTENDED foreign-currency example without loss', () => {
    const file = sharedPath(
      'corpus/stephanstapel_ZUGFeRD-csharp/documentation/zugferd240de/Beispiele/4. EXTENDED/EXTENDED_Fremdwaehrung/EXTENDED_Fremdwaehrung.xml',
    );
    const read = readCii(fs.readFileSync(file));
    expect(read.invoice.paymentSchedule?.map((e) => e.dueDate)).toEqual(['2024-12-01', '2025-12-31']);
    expect(
      read.diagnostics.filter((d) => d.rule === 'CII-REPEATED' && /BT-(9|20)\b/.test(d.bt ?? '')),
    ).toEqual([]);
    const again = readCii(writeCii(read.invoice, { profile: 'EXTENDED' }).xml);
    expect(again.invoice.paymentSchedule).toEqual(read.invoice.paymentSchedule);
  });
});
