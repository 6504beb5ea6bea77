/** The clean French B2B invoice of the BR-FR rule tests and the helpers that change it. */
import type { Invoice } from '@einv/core-model';
import type { Syntax } from '../../define.js';

/** A small, clean French B2B invoice: no BR-FR rule fires on it. */
export const base: Invoice = {
  number: 'F2026-001',
  issueDate: '2026-09-15',
  typeCode: '380',
  currency: 'EUR',
  dueDate: '2026-10-15',
  businessProcessType: 'S1',
  notes: [
    { subjectCode: 'PMT', text: 'Indemnité forfaitaire pour frais de recouvrement : 40 €' },
    { subjectCode: 'PMD', text: 'Pénalités de retard : 3 fois le taux légal' },
    { subjectCode: 'AAB', text: 'Pas d’escompte pour paiement anticipé' },
    { subjectCode: 'BAR', text: 'B2B' },
  ],
  seller: {
    name: 'Vendeur SARL',
    siret: '10000000900017',
    legalRegistrationId: { id: '100000009', scheme: '0002' },
    vatNumber: 'FR88100000009',
    electronicAddress: { id: '100000009', scheme: '0225' },
    address: { street: '1 rue de la Paix', city: 'Paris', postalCode: '75002', country: 'FR' },
  },
  buyer: {
    name: 'Acheteur SA',
    siret: '20000000800014',
    legalRegistrationId: { id: '200000008', scheme: '0002' },
    electronicAddress: { id: '200000008', scheme: '0225' },
    address: { city: 'Lyon', postalCode: '69001', country: 'FR' },
  },
  lines: [
    {
      id: '1',
      description: 'Conseil',
      quantity: 2,
      unitCode: 'HUR',
      unitPrice: 50,
      netAmount: 100,
      vatCategory: 'S',
      vatRate: 20,
    },
  ],
  vatBreakdown: [{ taxableAmount: 100, taxAmount: 20, category: 'S', rate: 20 }],
  totals: {
    lineNetTotal: 100,
    taxExclusiveAmount: 100,
    vatTotal: 20,
    taxInclusiveAmount: 120,
    amountDue: 120,
  },
};

export type Change = (inv: Invoice) => void;
export const variant = (change: Change): Invoice => {
  const copy = structuredClone(base);
  change(copy);
  return copy;
};
export const line0 = (inv: Invoice) => {
  const l = inv.lines?.[0];
  if (!l) throw new Error('fixture has a line');
  return l;
};
export const setNotes = (inv: Invoice, notes: NonNullable<Invoice['notes']>) => {
  inv.notes = notes;
};
export const without =
  (code: string): Change =>
  (inv) =>
    setNotes(
      inv,
      (inv.notes ?? []).filter((n) => n.subjectCode !== code),
    );

export interface Case {
  id: string;
  when: string;
  fires: Change;
  passes: Change;
  syntax?: Syntax;
}
