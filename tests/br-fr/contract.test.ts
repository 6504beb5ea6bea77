/**
 * The contract example through the engine: a French invoice whose seller has no SIRET gets a
 * BR-FR-09 warning at invoice.seller.siret recommending the SIRET/SIREN (decision 0070).
 */

import type { Invoice } from '@einv/core-model';
import { validate } from '@einv/rules';
import { describe, expect, it } from '@jest/globals';

const invoice: Invoice = {
  number: 'F2026-042',
  issueDate: '2026-09-15',
  typeCode: '380',
  currency: 'EUR',
  businessProcessType: 'S1',
  notes: [
    { subjectCode: 'PMT', text: 'Indemnité forfaitaire pour frais de recouvrement : 40 €' },
    { subjectCode: 'PMD', text: 'Pénalités de retard : trois fois le taux d’intérêt légal' },
    { subjectCode: 'AAB', text: 'Pas d’escompte pour paiement anticipé' },
  ],
  seller: {
    name: 'Atelier Dupont',
    legalRegistrationId: { id: '100000009', scheme: '0002' },
    vatNumber: 'FR88100000009',
    electronicAddress: { id: '100000009', scheme: '0225' },
    address: { street: '3 rue des Lilas', city: 'Nantes', postalCode: '44000', country: 'FR' },
  },
  buyer: {
    name: 'Client SA',
    electronicAddress: { id: '200000008', scheme: '0225' },
    address: { city: 'Lyon', postalCode: '69001', country: 'FR' },
  },
  lines: [
    {
      id: '1',
      description: 'Conseil',
      quantity: 1,
      unitCode: 'HUR',
      unitPrice: 100,
      vatRate: 20,
      vatCategory: 'S',
    },
  ],
};

describe('contract: French seller without SIRET', () => {
  it('BR-FR-09 warns at invoice.seller.siret in the default (transition) edition', () => {
    const result = validate(invoice, { ruleSets: ['BR-FR'] });
    const brfr09 = [...result.errors, ...result.warnings].filter((f) => f.rule === 'BR-FR-09');
    expect(brfr09).toHaveLength(1);
    expect(brfr09[0]).toMatchObject({ rule: 'BR-FR-09', path: 'invoice.seller.siret', severity: 'warning' });
    expect(brfr09[0]?.message).toMatch(/SIRET/);
    expect(result.warnings.map((f) => f.rule)).toContain('BR-FR-09');
  });

  // Decision 0070: the advisory passes its own severity through report(path, { severity: 'warning' }),
  // and validate() applies it, so the contract's warning stays a warning in the standard edition.
  it('BR-FR-09 advisory is a warning in the standard edition too', () => {
    const result = validate(invoice, { ruleSets: ['BR-FR'], frenchEdition: 'standard' });
    const brfr09 = [...result.errors, ...result.warnings].filter((f) => f.rule === 'BR-FR-09');
    expect(brfr09).toEqual([expect.objectContaining({ path: 'invoice.seller.siret', severity: 'warning' })]);
  });

  it('the BR-FR-09 message is French when asked', () => {
    const result = validate(invoice, { ruleSets: ['BR-FR'], lang: 'fr' });
    expect(result.warnings.find((f) => f.rule === 'BR-FR-09')?.message).toMatch(/vendeur n’a pas de SIRET/);
  });

  it('no BR-FR-09 when the seller SIRET starts with its SIREN', () => {
    const withSiret: Invoice = { ...invoice, seller: { ...invoice.seller, siret: '10000000900017' } };
    const result = validate(withSiret, { ruleSets: ['BR-FR'] });
    expect([...result.errors, ...result.warnings].map((f) => f.rule)).not.toContain('BR-FR-09');
  });

  it('no BR-FR rule runs for a seller outside France, nor with the edition off', () => {
    const german: Invoice = { ...invoice, seller: { ...invoice.seller, address: { country: 'DE' } } };
    expect(
      validate(german, { ruleSets: ['BR-FR'] }).warnings.filter((f) => f.rule.startsWith('BR-FR')),
    ).toEqual([]);
    expect(validate(invoice, { ruleSets: ['BR-FR'], frenchEdition: 'off' }).warnings).toEqual([]);
  });
});
