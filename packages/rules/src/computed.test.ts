/**
 * found / expected / derivation of calculation findings (decision 0130): the numbers come from
 * what the rule computed, the sentence from computed.ts, in both languages.
 */
import { complete, type Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { fixtureNames, loadFixture } from '../../../fixtures/load.js';
import { derivationText, formatDecimal, readableValues } from './computed.js';
import { validate } from './validate.js';

const NNBSP = '\u202f';

function completed(name: string): Invoice {
  return complete(loadFixture(name).invoice);
}

function finding(invoice: Invoice, rule: string, lang: 'en' | 'fr' = 'en') {
  const all = validate(invoice, { lang, frenchEdition: 'off' });
  return [...all.errors, ...all.warnings].find((f) => f.rule === rule);
}

describe('readableValues (pages and receipts)', () => {
  it('amounts with two decimals at least, counts whole, codes and dates as they are', () => {
    expect(readableValues({ found: '999.99', expected: '1259.64' }, 'fr')).toEqual({
      found: '999,99',
      expected: `1${NNBSP}259,64`,
    });
    expect(readableValues({ found: '1000', expected: '1259.6' }, 'en')).toEqual({
      found: '1,000.00',
      expected: '1,259.60',
    });
    // a derivation says the values are amounts even when both are whole
    expect(readableValues({ found: '5', expected: '7', derivation: 'BT-112 = …' }, 'en')).toEqual({
      found: '5.00',
      expected: '7.00',
    });
    expect(readableValues({ found: '0', expected: '1' }, 'fr')).toEqual({ found: '0', expected: '1' });
    expect(readableValues({ expected: 'EUR' }, 'fr')).toEqual({ expected: 'EUR' });
    expect(readableValues({ found: '2026-03-01', expected: '2026-03-10' }, 'en')).toEqual({
      found: '2026-03-01',
      expected: '2026-03-10',
    });
    // digits beyond a double's precision are kept
    expect(readableValues({ found: '12345678901234567.89' }, 'en').found).toBe('12,345,678,901,234,567.89');
  });
});

describe('formatDecimal', () => {
  it('groups thousands and uses the decimal mark of the language, never re-rounding', () => {
    expect(formatDecimal('1267.5', 'fr', 2)).toBe(`1${NNBSP}267,50`);
    expect(formatDecimal('1267.5', 'en', 2)).toBe('1,267.50');
    expect(formatDecimal('1234567.125', 'fr', 2)).toBe(`1${NNBSP}234${NNBSP}567,125`);
    expect(formatDecimal('-12', 'en')).toBe('−12');
    expect(formatDecimal('20', 'fr')).toBe('20');
    expect(formatDecimal('abc', 'fr')).toBe('abc');
  });
});

describe('derivationText', () => {
  const computed = {
    expected: '1380.71',
    formula: {
      term: 'BT-112',
      operands: [
        { term: 'BT-109', value: '1267.5' },
        { op: '+' as const, term: 'BT-110', value: '113.21' },
      ],
    },
  };
  it('writes the issue example in French and English', () => {
    expect(derivationText(computed, '999.99', 'fr')).toBe(
      `BT-112 = BT-109 + BT-110 = 1${NNBSP}267,50 + 113,21 = 1${NNBSP}380,71${NNBSP}; la facture indique 999,99`,
    );
    expect(derivationText(computed, '999.99', 'en')).toBe(
      'BT-112 = BT-109 + BT-110 = 1,267.50 + 113.21 = 1,380.71; the invoice says 999.99',
    );
  });
  it('says so when the document gives no value, and gives nothing without a formula', () => {
    expect(derivationText(computed, undefined, 'en')).toMatch(/the invoice gives none$/);
    expect(derivationText({ expected: '0' }, '5', 'en')).toBeUndefined();
  });
});

describe('calculation findings carry found and expected', () => {
  it('BR-CO-15: a wrong total with VAT', () => {
    const inv = completed('fr-multi-rate');
    const t = inv.totals as NonNullable<Invoice['totals']>;
    inv.totals = { ...t, taxInclusiveAmount: 999.99 };
    const f = finding(inv, 'BR-CO-15', 'fr');
    expect(f).toMatchObject({ found: '999.99', expected: '443.98' });
    expect(f?.derivation).toBe(
      `BT-112 = BT-109 + BT-110 = 382,19 + 61,79 = 443,98${NNBSP}; la facture indique 999,99`,
    );
  });

  it('BR-CO-10: the sum of line net amounts, with the number of lines', () => {
    const inv = completed('fr-multi-rate');
    inv.totals = { ...(inv.totals as NonNullable<Invoice['totals']>), lineNetTotal: 1 };
    const f = finding(inv, 'BR-CO-10');
    expect(f).toMatchObject({ found: '1', expected: '382.19' });
    expect(f?.derivation).toBe('BT-106 = Σ BT-131 = 382.19 (sum of 5) = 382.19; the invoice says 1.00');
  });

  it('BR-CO-17 and BR-S-09: a breakdown VAT amount against base × rate', () => {
    const inv = completed('fr-multi-rate');
    const [first, ...rest] = inv.vatBreakdown ?? [];
    if (!first) throw new Error('fixture has a VAT breakdown');
    inv.vatBreakdown = [{ ...first, taxAmount: (first.taxAmount ?? 0) + 5 }, ...rest];
    const expectedVat = ((first.taxableAmount ?? 0) * (first.rate ?? 0)) / 100;
    for (const rule of ['BR-CO-17', `BR-${first.category}-09`]) {
      const f = finding(inv, rule);
      expect(f?.expected).toBe(String(Math.round(expectedVat * 100) / 100));
      expect(f?.derivation).toMatch(/^BT-117 = BT-116 × BT-119 ÷ 100 = /);
    }
  });

  it('BR-S-08: a breakdown base against its lines', () => {
    const inv = completed('fr-multi-rate');
    const [first, ...rest] = inv.vatBreakdown ?? [];
    if (!first) throw new Error('fixture has a VAT breakdown');
    inv.vatBreakdown = [{ ...first, taxableAmount: (first.taxableAmount ?? 0) + 10 }, ...rest];
    const f = finding(inv, `BR-${first.category}-08`, 'fr');
    expect(f?.expected).toBe(String(first.taxableAmount));
    expect(f?.derivation).toMatch(/^BT-116 = Σ BT-131 \+ Σ BT-99 − Σ BT-92 = /);
  });

  // The mechanism, not instances: every total of BG-22 made wrong in every fixture gives a finding
  // of a calculation rule, and each of those carries `expected` (and `found` when a value was given)
  it('every BR-CO calculation finding on any fixture carries expected', () => {
    const fields = [
      'lineNetTotal',
      'taxExclusiveAmount',
      'vatTotal',
      'taxInclusiveAmount',
      'amountDue',
    ] as const;
    let seen = 0;
    for (const name of fixtureNames().filter((n) => !n.startsWith('large'))) {
      for (const field of fields) {
        const inv = completed(name);
        inv.totals = { ...(inv.totals as NonNullable<Invoice['totals']>), [field]: 123456.78 };
        const r = validate(inv, { frenchEdition: 'off' });
        const calc = r.errors.filter((f) => /^BR-CO-1[0-7]$/.test(f.rule));
        expect(calc.length).toBeGreaterThan(0);
        for (const f of calc) {
          seen++;
          expect(f.expected).toMatch(/^-?\d+(\.\d+)?$/);
          if (f.value !== undefined) expect(f.found).toBe(String(f.value));
        }
      }
    }
    expect(seen).toBeGreaterThan(40);
  });
});

// decision 0139: the consistency and number-format rules say what they found and expected too
describe('consistency and format findings carry found and expected', () => {
  const all = (invoice: Invoice, lang: 'en' | 'fr' = 'en', syntax?: 'CII' | 'UBL') => {
    const r = validate(invoice, { lang, frenchEdition: 'standard', ...(syntax ? { syntax } : {}) });
    return [...r.errors, ...r.warnings];
  };

  it('BR-FR-CO-09: an already-paid invoice expects BT-113 = BT-112 and BT-115 = 0', () => {
    const inv = completed('fr-multi-rate');
    const t = inv.totals as NonNullable<Invoice['totals']>;
    inv.businessProcessType = 'S2';
    inv.totals = { ...t, prepaidAmount: 100, amountDue: (t.taxInclusiveAmount ?? 0) - 100 };
    const found = all(inv, 'fr').filter((f) => f.rule === 'BR-FR-CO-09');
    const paid = found.find((f) => f.path === 'invoice.totals.prepaidAmount');
    expect(paid).toMatchObject({ found: '100', expected: String(t.taxInclusiveAmount) });
    expect(paid?.derivation).toBe(
      `BT-113 = BT-112 = ${formatDecimal(String(t.taxInclusiveAmount), 'fr', 2)}${NNBSP}; la facture indique 100,00`,
    );
    expect(found.find((f) => f.path === 'invoice.totals.amountDue')).toMatchObject({ expected: '0' });
  });

  it('BR-FR-CO-04: a corrective invoice expects one preceding invoice', () => {
    const inv = completed('fr-multi-rate');
    inv.typeCode = '384';
    inv.precedingInvoices = [];
    expect(all(inv).find((f) => f.rule === 'BR-FR-CO-04')).toMatchObject({ found: '0', expected: '1' });
  });

  it('BR-FR-CO-07: the due date is bounded by the issue date (≥)', () => {
    const inv = completed('fr-multi-rate');
    inv.issueDate = '2026-03-10';
    inv.dueDate = '2026-03-01';
    const f = all(inv).find((x) => x.rule === 'BR-FR-CO-07');
    expect(f).toMatchObject({ found: '2026-03-01', expected: '2026-03-10' });
    expect(f?.derivation).toBe('BT-9 ≥ BT-2 = 2026-03-10; the invoice says 2026-03-01');
  });

  it('BR-FR-CO-12: an invoice in USD expects EUR as VAT accounting currency', () => {
    const inv = completed('fr-usd-invoice');
    inv.taxCurrency = 'USD';
    expect(all(inv).find((f) => f.rule === 'BR-FR-CO-12')).toMatchObject({ found: 'USD', expected: 'EUR' });
  });

  it('BR-DEC and BR-FR-DEC: the number as given and the nearest one accepted', () => {
    const inv = completed('fr-multi-rate');
    const [line, ...rest] = inv.lines ?? [];
    if (!line) throw new Error('fixture has lines');
    inv.lines = [{ ...line, netAmount: 1267.555, unitPrice: -12.1234567 }, ...rest];
    const findings = all(inv, 'fr');
    const dec = findings.find((f) => f.rule === 'BR-DEC-23');
    expect(dec).toMatchObject({ found: '1267.555', expected: '1267.56' });
    expect(dec?.derivation).toBe(
      `BT-131 = 1${NNBSP}267,555${NNBSP}: 3 décimales pour 2 au plus${NNBSP}; valeur admise${NNBSP}: 1${NNBSP}267,56`,
    );
    expect(findings.find((f) => f.rule === 'BR-FR-DEC-01' && f.bt === 'BT-131')).toMatchObject({
      expected: '1267.56',
    });
    const price = findings.find((f) => f.rule === 'BR-FR-DEC-03');
    expect(price).toMatchObject({ found: '-12.1234567', expected: '12.123457' });
    expect(
      validate(inv, { lang: 'en', frenchEdition: 'standard' }).errors.find((f) => f.rule === 'BR-FR-DEC-03')
        ?.derivation,
    ).toBe(
      'BT-146 = −12.1234567: 7 decimals where at most 6 are allowed, negative where it must be positive; acceptable: 12.123457',
    );
  });
});
