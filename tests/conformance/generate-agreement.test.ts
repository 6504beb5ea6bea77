/**
 * Generator and validator agree (issue #11): over random valid and invalid JSON invoices × the five
 * profiles × both French editions, generate()'s verdict is validateDocument's on the document it
 * produced (its PDF when it made one, else the XML it judged): the same `valid` and the same fatal
 * rule ids once the contract findings of JSON input (BR-01 at invoice.number) are left out. Seeded.
 */
import type { Finding, Invoice } from '@einv/core-model';
import { PROFILES } from '@einv/core-model';
import { generate, validateDocument } from '@einv/facturx';
import { isContractAlias } from '@einv/rules';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { fixtureNames, loadFixture } from '../../fixtures/load.js';

const NOW = '2026-11-24T08:00:00Z';
const FIXTURES = fixtureNames().filter((n) => !n.startsWith('large'));

/** Edits that make an invoice invalid, or keep it valid, in the ways callers get it wrong */
type Edit = (inv: Invoice) => void;
const EDITS: Record<string, Edit> = {
  none: () => {},
  'no number': (i) => {
    delete i.number;
  },
  'no issue date': (i) => {
    delete i.issueDate;
  },
  'no buyer name': (i) => {
    if (i.buyer) i.buyer = { ...i.buyer, name: '' };
  },
  'no seller SIRET': (i) => {
    if (i.seller) {
      const { siret: _s, ...seller } = i.seller;
      i.seller = seller;
    }
  },
  'no seller country': (i) => {
    if (i.seller) i.seller = { ...i.seller, address: { ...i.seller.address, country: '' } };
  },
  'no lines': (i) => {
    i.lines = [];
  },
  'first line without quantity': (i) => {
    const [first, ...rest] = i.lines ?? [];
    if (first) {
      const { quantity: _q, ...line } = first;
      i.lines = [line as typeof first, ...rest];
    }
  },
  'first line at an odd VAT rate': (i) => {
    const [first, ...rest] = i.lines ?? [];
    if (first) i.lines = [{ ...first, vatRate: 7.5 }, ...rest];
  },
  'unknown currency': (i) => {
    i.currency = 'ZZZ';
  },
  'no payment terms': (i) => {
    delete i.paymentTerms;
  },
  'type code 999': (i) => {
    i.typeCode = '999';
  },
};

const officialFatal = (errors: Finding[]) =>
  [...new Set(errors.filter((f) => !isContractAlias(f)).map((f) => f.rule))].sort();

describe('generate() and validateDocument() give one verdict', () => {
  it('random invoices × 5 profiles × both French editions (seeded)', () => {
    let compared = 0;
    let valid = 0;
    fc.assert(
      fc.property(
        fc.constantFrom(...FIXTURES),
        fc.constantFrom(...Object.keys(EDITS)),
        fc.constantFrom(...Object.keys(EDITS)),
        fc.constantFrom(...PROFILES),
        fc.constantFrom('transition' as const, 'standard' as const),
        (name, edit1, edit2, profile, frenchEdition) => {
          const invoice = structuredClone(loadFixture(name).invoice);
          EDITS[edit1]?.(invoice);
          EDITS[edit2]?.(invoice);
          const g = generate(invoice, { now: NOW, profile, frenchEdition, lang: 'en' });
          const document = g.pdf ?? (g.xml !== undefined ? new TextEncoder().encode(g.xml) : undefined);
          if (!document) {
            // the JSON shape was refused before anything was written: nothing to compare with
            expect(g.validation.valid).toBe(false);
            return;
          }
          const report = validateDocument(document, { frenchEdition, lang: 'en' });
          const label = `${name} + ${edit1} + ${edit2} as ${profile} (${frenchEdition})`;
          expect([label, g.validation.valid]).toEqual([label, report.valid]);
          expect([label, officialFatal(g.validation.errors)]).toEqual([label, officialFatal(report.errors)]);
          expect(g.validation.valid).toBe(g.pdf !== undefined);
          compared++;
          if (report.valid) valid++;
        },
      ),
      { seed: 20261124, numRuns: 300 },
    );
    console.log(
      `generate vs validateDocument: ${compared} documents compared, ${valid} valid, all identical`,
    );
    expect(valid).toBeGreaterThan(20);
    expect(compared - valid).toBeGreaterThan(20);
  });
});
