import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { EVERY_TERM_INVOICE } from '../../../fixtures/every-term.js';
import { loadFixtures } from '../../../fixtures/load.js';
import { INVOICE_SCHEMA, isCalendarDate, pointerToPath, validateInvoiceShape } from './schema.js';

const line = { id: '1', description: 'x', quantity: 1, unitCode: 'C62', unitPrice: 10, vatRate: 20 };

describe('validateInvoiceShape accepts valid shapes', () => {
  it('accepts every fixture and the fully populated invoice', () => {
    for (const fx of loadFixtures())
      expect({ name: fx.name, findings: validateInvoiceShape(fx.invoice) }).toEqual({
        name: fx.name,
        findings: [],
      });
    expect(validateInvoiceShape(EVERY_TERM_INVOICE)).toEqual([]);
  });

  it('accepts an empty invoice: required business terms are the rules’ job (BR-01…)', () => {
    expect(validateInvoiceShape({})).toEqual([]);
  });

  it('accepts negative quantities and amounts (credit lines, corrections)', () => {
    expect(
      validateInvoiceShape({
        lines: [{ ...line, quantity: -2, netAmount: -20 }],
        totals: { amountDue: -24 },
      }),
    ).toEqual([]);
  });
});

describe('validateInvoiceShape reports shape errors', () => {
  const one = (value: unknown) => {
    const f = validateInvoiceShape(value);
    expect(f).toHaveLength(1);
    expect(f[0]).toMatchObject({ rule: 'SCHEMA', severity: 'fatal' });
    return f[0]!;
  };

  it('a wrong type names the field, what was expected and what came', () => {
    const f = one({ lines: [line, { ...line, quantity: '3' }] });
    expect(f.path).toBe('invoice.lines[1].quantity');
    expect(f.bt).toBe('BT-129');
    expect(f.message).toMatch(/invoiced quantity as a number/);
    expect(f.message).toMatch(/got the string "3"/);
    expect(f.value).toBe('3');
  });

  it.each([
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-1-01', false],
    ['15/09/2026', false],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2026-12-31', true],
  ])('date %s is valid: %s', (d, ok) => {
    expect(isCalendarDate(d)).toBe(ok);
    const findings = validateInvoiceShape({ issueDate: d });
    expect(findings.length).toBe(ok ? 0 : 1);
    if (!ok)
      expect(findings[0]?.message).toMatch(/invoice.issueDate: expected the issue date as a date YYYY-MM-DD/);
  });

  it('currency must be 3 uppercase letters, country 2', () => {
    expect(one({ currency: 'eur' }).message).toMatch(/ISO 4217/);
    expect(one({ currency: 'EURO' }).path).toBe('invoice.currency');
    expect(one({ seller: { address: { country: 'FRA' } } }).path).toBe('invoice.seller.address.country');
    expect(one({ lines: [{ ...line, originCountry: 'fr' }] }).bt).toBe('BT-159');
  });

  it('BR-27: a negative net price is rejected; rates and percentages are not negative; base quantity > 0', () => {
    expect(one({ lines: [{ ...line, unitPrice: -1 }] }).message).toMatch(/BR-27/);
    expect(one({ lines: [{ ...line, vatRate: -5 }] }).path).toBe('invoice.lines[0].vatRate');
    expect(one({ lines: [{ ...line, baseQuantity: 0 }] }).path).toBe('invoice.lines[0].baseQuantity');
    expect(one({ allowances: [{ amount: 1, percentage: -1 }] }).path).toBe(
      'invoice.allowances[0].percentage',
    );
  });

  it('non-finite numbers are rejected', () => {
    expect(one({ lines: [{ ...line, quantity: Number.NaN }] }).path).toBe('invoice.lines[0].quantity');
    expect(one({ totals: { amountDue: Number.POSITIVE_INFINITY } }).path).toBe('invoice.totals.amountDue');
  });

  it('unknown properties are reported with their path', () => {
    const f = one({ lines: [{ ...line, quantit: 2 }] });
    expect(f.path).toBe('invoice.lines[0].quantit');
    expect(f.message).toMatch(/unknown property "quantit"/);
  });

  it('required members of objects: a note needs its text, an identifier its id', () => {
    expect(one({ notes: [{ subjectCode: 'AAB' }] }).path).toBe('invoice.notes[0].text');
    expect(one({ seller: { electronicAddress: { scheme: '0225' } } }).path).toBe(
      'invoice.seller.electronicAddress.id',
    );
  });

  it('reports one finding per problem', () => {
    const f = validateInvoiceShape({
      number: 1,
      issueDate: 'x',
      lines: [{ quantity: 'a', unitPrice: -1 }, 5],
    });
    expect(f.map((x) => x.path).sort()).toEqual(
      [
        'invoice.issueDate',
        'invoice.lines[0].quantity',
        'invoice.lines[0].unitPrice',
        'invoice.lines[1]',
        'invoice.number',
      ].sort(),
    );
  });

  it('a non-object invoice gives one finding at `invoice`', () => {
    for (const v of [null, 3, 'x', [], true]) expect(one(v).path).toBe('invoice');
  });

  it('turns JSON pointers into model paths', () => {
    expect(pointerToPath('')).toBe('invoice');
    expect(pointerToPath('/lines/12/allowances/0/amount')).toBe('invoice.lines[12].allowances[0].amount');
    expect(pointerToPath('/a~1b')).toBe('invoice["a/b"]');
  });
});

describe('validateInvoiceShape never throws', () => {
  const ok = (v: unknown) => {
    const f = validateInvoiceShape(v);
    return Array.isArray(f) && f.every((x) => x.rule === 'SCHEMA' && x.path.startsWith('invoice'));
  };
  it('on anything (fast-check, 3,000 runs)', () => {
    fc.assert(
      fc.property(
        fc.anything({ withBigInt: true, withNullPrototype: true, withMap: true, withDate: true }),
        ok,
      ),
      { numRuns: 3000 },
    );
  });
  it('on any JSON (fast-check, 3,000 runs)', () => {
    fc.assert(
      fc.property(
        fc.json().map((s) => JSON.parse(s) as unknown),
        ok,
      ),
      { numRuns: 3000 },
    );
  });
  it('on invoice-like objects with random field values (fast-check, 3,000 runs)', () => {
    const value = fc.oneof(fc.anything(), fc.double(), fc.string(), fc.constant(null));
    const inv = fc.record(
      {
        number: value,
        issueDate: value,
        lines: fc.array(
          fc.record({ quantity: value, unitPrice: value, vatRate: value }, { requiredKeys: [] }),
        ),
        seller: fc.record({ address: fc.record({ country: value }) }),
      },
      { requiredKeys: [] },
    );
    fc.assert(fc.property(inv, ok), { numRuns: 3000 });
  });
});

describe('the schema follows model.ts', () => {
  it('has a property for every field of every interface in model.ts', () => {
    const source = fs.readFileSync(
      path.join(path.dirname(new URL(import.meta.url).pathname), 'model.ts'),
      'utf8',
    );
    const fields = new Set([...source.matchAll(/^\s{2}(\w+)\??:/gm)].map((m) => m[1]!));
    const inSchema = new Set<string>();
    const walk = (v: unknown) => {
      if (v === null || typeof v !== 'object') return;
      const props = (v as { properties?: Record<string, unknown> }).properties;
      if (props) for (const k of Object.keys(props)) inSchema.add(k);
      for (const x of Object.values(v)) walk(x);
    };
    walk(INVOICE_SCHEMA);
    expect([...fields].filter((f) => !inSchema.has(f)).sort()).toEqual([]);
  });
});

describe('validateInvoiceShape in French', () => {
  it('names the field with its French term name and says what was expected', () => {
    const [f] = validateInvoiceShape({ lines: [{ ...line, quantity: '3' }] }, { lang: 'fr' });
    expect(f?.message).toBe(
      'invoice.lines[0].quantity (Quantité facturée, BT-129) : attendu un nombre, reçu la chaîne "3"',
    );
    const [p] = validateInvoiceShape({ lines: [{ ...line, unitPrice: -1 }] }, { lang: 'fr' });
    expect(p?.message).toMatch(/positif ou nul \(BR-27\)/);
    const [d] = validateInvoiceShape({ issueDate: '2026-02-30' }, { lang: 'fr' });
    expect(d?.message).toMatch(/date AAAA-MM-JJ qui existe/);
    const [c] = validateInvoiceShape({ currency: 'eur' }, { lang: 'fr' });
    expect(c?.message).toMatch(/ISO 4217/);
    const [u] = validateInvoiceShape({ foo: 1 }, { lang: 'fr' });
    expect(u?.message).toMatch(/propriété inconnue « foo »/);
  });
});
