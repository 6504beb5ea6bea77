/** generate(): only valid invoices become files; anything else comes back as findings, never as an exception. */

import type { Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { loadFixture } from '../../../fixtures/load.js';
import { generate } from './generate.js';

const NOW = '2026-03-15T10:00:00Z';

describe('generate', () => {
  it('BR-01 (number) stops generation: no pdf, the verdict on the xml written', () => {
    const inv = { ...loadFixture('fr-b2b-simple').invoice };
    delete inv.number;
    const r = generate(inv, { now: NOW });
    expect(r.xml).toContain('CrossIndustryInvoice');
    expect(r.pdf).toBeUndefined();
    expect(r.validation.valid).toBe(false);
    expect(r.validation.errors.some((f) => f.path === 'invoice.number')).toBe(true);
  });

  it('returns the completed invoice with its derived totals and the profile guideline as BT-24', () => {
    const r = generate(loadFixture('fr-multi-rate').invoice, { now: NOW, profile: 'BASIC' });
    expect(r.invoice?.totals?.taxInclusiveAmount).toBeDefined();
    expect(r.invoice?.specificationIdentifier).toBe(
      'urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic',
    );
    expect(r.xml).toContain('urn:cen.eu:en16931:2017#compliant#urn:factur-x.eu:1p0:basic');
  });

  it('an invalid now becomes an FX-RENDER finding', () => {
    const r = generate(loadFixture('fr-b2b-simple').invoice, { now: 'yesterday' });
    expect(r.pdf).toBeUndefined();
    expect(r.validation.errors.map((f) => f.rule)).toContain('FX-RENDER');
  });

  it('never throws, whatever JSON it is given', () => {
    fc.assert(
      fc.property(fc.anything({ maxDepth: 4 }), (value) => {
        const r = generate(value as Invoice, { now: NOW });
        expect(typeof r.validation.valid).toBe('boolean');
      }),
      { numRuns: 150 },
    );
  });

  it('never throws on a valid invoice whose fields are replaced by random values', () => {
    const base = loadFixture('fr-b2b-simple').invoice;
    const keys = Object.keys(base) as (keyof Invoice)[];
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.anything({ maxDepth: 3 }), (key, value) => {
        const r = generate({ ...base, [key]: value } as Invoice, { now: NOW });
        expect(typeof r.validation.valid).toBe('boolean');
        if (r.pdf) expect(r.xml).toBeDefined();
      }),
      { numRuns: 150 },
    );
  });
});
