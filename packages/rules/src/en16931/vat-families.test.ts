/**
 * Every rule of the VAT category families fires on a small invoice built to break it and stays
 * silent on a sound one, in both syntaxes' semantics. Rules are run one by one through their own
 * predicate so the test depends on nothing but the rule definitions.
 */

import type { Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import type { RuleDefinition, Syntax } from '../define.js';
import { vatReverseChargeRules } from './vat-ae.js';
import { vatIgicRules } from './vat-af.js';
import { vatIpsiRules } from './vat-ag.js';
import { vatSplitPaymentRules } from './vat-b.js';
import { vatExemptRules } from './vat-e.js';
import { vatExportRules } from './vat-g.js';
import { vatIntraCommunityRules } from './vat-ic.js';
import { vatNotSubjectRules } from './vat-o.js';
import { vatStandardRules } from './vat-s.js';
import { vatZeroRatedRules } from './vat-z.js';

const ALL: RuleDefinition[] = [
  ...vatStandardRules,
  ...vatZeroRatedRules,
  ...vatExemptRules,
  ...vatReverseChargeRules,
  ...vatIntraCommunityRules,
  ...vatExportRules,
  ...vatNotSubjectRules,
  ...vatIgicRules,
  ...vatIpsiRules,
  ...vatSplitPaymentRules,
];
const byId = new Map(ALL.map((r) => [r.id, r]));

/** Paths reported by one rule on one invoice, judged with the given syntax's semantics. */
function fire(id: string, invoice: Invoice, syntax?: Syntax): string[] {
  const rule = byId.get(id);
  if (!rule) throw new Error(`unknown rule ${id}`);
  const paths: string[] = [];
  rule.check(invoice, (path) => paths.push(path), { syntax, lang: 'en', profile: undefined });
  return paths;
}

interface Family {
  family: string;
  code: string;
  rate: number | undefined;
  reason: boolean;
  rules: RuleDefinition[];
}

const FAMILIES: Family[] = [
  { family: 'S', code: 'S', rate: 20, reason: false, rules: vatStandardRules },
  { family: 'Z', code: 'Z', rate: 0, reason: false, rules: vatZeroRatedRules },
  { family: 'E', code: 'E', rate: 0, reason: true, rules: vatExemptRules },
  { family: 'AE', code: 'AE', rate: 0, reason: true, rules: vatReverseChargeRules },
  { family: 'IC', code: 'K', rate: 0, reason: true, rules: vatIntraCommunityRules },
  { family: 'G', code: 'G', rate: 0, reason: true, rules: vatExportRules },
  { family: 'O', code: 'O', rate: undefined, reason: true, rules: vatNotSubjectRules },
  { family: 'AF', code: 'L', rate: 7, reason: false, rules: vatIgicRules },
  { family: 'AG', code: 'M', rate: 4, reason: false, rules: vatIpsiRules },
];

/** A sound invoice using one category on a line, an allowance and a charge. */
function sound(f: Family): Invoice {
  const withRate = <T extends object>(o: T) => (f.rate === undefined ? o : { ...o, vatRate: f.rate });
  const vatIds = f.code !== 'O';
  return {
    seller: { name: 'Seller', ...(vatIds ? { vatNumber: 'FR00123456789' } : {}), address: { country: 'FR' } },
    buyer: { name: 'Buyer', ...(vatIds ? { vatNumber: 'DE123456789' } : {}), address: { country: 'DE' } },
    delivery: { date: '2026-01-15', address: { country: 'DE' } },
    lines: [withRate({ id: '1', vatCategory: f.code, netAmount: 100 })],
    allowances: [withRate({ vatCategory: f.code, amount: 10 })],
    charges: [withRate({ vatCategory: f.code, amount: 5 })],
    vatBreakdown: [
      {
        category: f.code,
        ...(f.rate === undefined ? {} : { rate: f.rate }),
        taxableAmount: 95,
        taxAmount: f.rate === undefined ? 0 : (95 * f.rate) / 100,
        ...(f.reason ? { exemptionReason: 'Legal mention' } : {}),
      },
    ],
  };
}

const badRate = (f: Family): number => {
  if (f.code === 'S') return 0;
  if (f.code === 'O') return 0;
  if (f.code === 'L' || f.code === 'M') return -1;
  return 5;
};

function mutate(f: Family, n: number): Invoice {
  const inv = sound(f);
  const bd = inv.vatBreakdown?.[0];
  switch (n) {
    case 1:
      // CII's BR-O-01 accepts a missing O breakdown; two of them break it in both syntaxes.
      inv.vatBreakdown = f.code === 'O' && bd ? [bd, { ...bd }] : [];
      break;
    case 2:
    case 3:
    case 4:
      if (f.code === 'O') inv.seller = { ...inv.seller, vatNumber: 'FR00123456789' };
      else {
        inv.seller = { name: 'Seller' };
        inv.buyer = { name: 'Buyer' };
      }
      break;
    case 5:
      inv.lines = [{ ...inv.lines?.[0], vatRate: badRate(f) }];
      break;
    case 6:
      inv.allowances = [{ ...inv.allowances?.[0], vatRate: badRate(f) }];
      break;
    case 7:
      inv.charges = [{ ...inv.charges?.[0], vatRate: badRate(f) }];
      break;
    case 8:
      if (bd) bd.taxableAmount = 500;
      break;
    case 9:
      if (bd) bd.taxAmount = 999;
      break;
    case 10:
      if (bd && f.reason) {
        delete bd.exemptionReason;
      } else if (bd) bd.exemptionReasonCode = 'VATEX-EU-79-C';
      break;
  }
  return inv;
}

describe.each(FAMILIES)('VAT family BR-$family-* ($code)', (f) => {
  const numbered = f.rules.filter((r) => /-(0\d|10)$/.test(r.id));

  it.each(['CII', 'UBL'] as const)(
    'no rule of the family fires on a sound invoice (%s semantics)',
    (syntax) => {
      for (const rule of f.rules)
        expect({ id: rule.id, paths: fire(rule.id, sound(f), syntax) }).toEqual({ id: rule.id, paths: [] });
    },
  );

  it.each(numbered.map((r) => [r.id, Number(r.id.slice(-2))] as const))(
    '%s fires on an invoice built to break it',
    (id, n) => {
      // The CII artefact never checks the IGIC/IPSI taxable and VAT amounts (tests that always
      // hold), UBL does.
      const syntax: Syntax = (n === 8 || n === 9) && (f.code === 'L' || f.code === 'M') ? 'UBL' : 'CII';
      expect(fire(id, mutate(f, n), syntax).length).toBeGreaterThan(0);
      expect(fire(id, mutate(f, n), 'UBL').length).toBeGreaterThan(0);
    },
  );

  it('has the ten numbered rules with official ids, severity fatal, en and fr texts', () => {
    expect(numbered.map((r) => r.id)).toEqual(
      Array.from({ length: 10 }, (_, i) => `BR-${f.family}-${String(i + 1).padStart(2, '0')}`),
    );
    for (const r of f.rules) {
      expect(r.severity).toBe('fatal');
      expect(
        r.message.en && r.message.fr && r.explanation.en && r.explanation.fr && r.fix.en && r.fix.fr,
      ).toBeTruthy();
    }
  });
});

describe('fire counts follow each syntax', () => {
  const twoLines = (): Invoice => ({
    seller: { name: 'S' },
    lines: [
      { vatCategory: 'S', vatRate: 20, netAmount: 10 },
      { vatCategory: 'S', vatRate: 20, netAmount: 20 },
    ],
    vatBreakdown: [{ category: 'S', rate: 20, taxableAmount: 30, taxAmount: 6 }],
  });
  it('BR-S-02 fires once per S line in CII and once per document in UBL', () => {
    expect(fire('BR-S-02', twoLines(), 'CII')).toEqual([
      'invoice.lines[0].vatCategory',
      'invoice.lines[1].vatCategory',
    ]);
    expect(fire('BR-S-02', twoLines(), 'UBL')).toEqual(['invoice.lines[0].vatCategory']);
  });
  it('BR-S-05 fires once per offending line with the line path', () => {
    const inv = twoLines();
    inv.lines = [
      { vatCategory: 'S', netAmount: 10 },
      { vatCategory: 'S', vatRate: 0, netAmount: 20 },
    ];
    expect(fire('BR-S-05', inv)).toEqual(['invoice.lines[0].vatRate', 'invoice.lines[1].vatRate']);
  });
});

describe('BR-S-08 taxable amount per rate', () => {
  const inv = (taxable20: number, taxable10: number): Invoice => ({
    lines: [
      { vatCategory: 'S', vatRate: 20, netAmount: 100.005 },
      { vatCategory: 'S', vatRate: 10, netAmount: 50 },
    ],
    allowances: [{ vatCategory: 'S', vatRate: 20, amount: 10 }],
    charges: [{ vatCategory: 'S', vatRate: 10, amount: 2.5 }],
    vatBreakdown: [
      { category: 'S', rate: 20, taxableAmount: taxable20, taxAmount: 18 },
      { category: 'S', rate: 10, taxableAmount: taxable10, taxAmount: 5.25 },
    ],
  });
  it('BR-S-08 must not fire when each rate sums its own lines, allowances and charges', () => {
    expect(fire('BR-S-08', inv(90.01, 52.5), 'CII')).toEqual([]);
    expect(fire('BR-S-08', inv(90.01, 52.5), 'UBL')).toEqual([]);
  });
  it('BR-S-08 fires on the breakdown of the rate whose sum differs', () => {
    expect(fire('BR-S-08', inv(90.01, 60), 'CII')).toEqual(['invoice.vatBreakdown[1].taxableAmount']);
  });
  it('BR-S-08 tolerates a difference under 1 in UBL, not in CII (official tests)', () => {
    expect(fire('BR-S-08', inv(90.5, 52.5), 'UBL')).toEqual([]);
    expect(fire('BR-S-08', inv(90.5, 52.5), 'CII')).toEqual(['invoice.vatBreakdown[0].taxableAmount']);
  });
  it('BR-S-08 fires in UBL when no line, allowance or charge uses the rate', () => {
    const i = inv(90.01, 52.5);
    i.vatBreakdown?.push({ category: 'S', rate: 5.5, taxableAmount: 0, taxAmount: 0 });
    expect(fire('BR-S-08', i, 'UBL')).toEqual(['invoice.vatBreakdown[2].taxableAmount']);
  });
});

describe('BR-S-09 VAT amount', () => {
  const inv = (taxable: number, tax: number | undefined, rate = 20): Invoice => ({
    vatBreakdown: [
      { category: 'S', rate, taxableAmount: taxable, ...(tax === undefined ? {} : { taxAmount: tax }) },
    ],
  });
  it('BR-S-09 must not fire within one unit of round(taxable × rate / 100)', () => {
    expect(fire('BR-S-09', inv(100.05, 20.01))).toEqual([]);
    expect(fire('BR-S-09', inv(100, 20.99))).toEqual([]);
    expect(fire('BR-S-09', inv(-100, -20))).toEqual([]);
  });
  it('BR-S-09 fires when the VAT amount is one unit off or absent', () => {
    expect(fire('BR-S-09', inv(100, 21))).toEqual(['invoice.vatBreakdown[0].taxAmount']);
    expect(fire('BR-S-09', inv(100, undefined))).toEqual(['invoice.vatBreakdown[0].taxAmount']);
  });
});

describe('BR-Z-08 / BR-E-08 (whole category)', () => {
  const inv = (taxable: number): Invoice => ({
    lines: [{ vatCategory: 'Z', vatRate: 0, netAmount: 10.004 }],
    vatBreakdown: [{ category: 'Z', rate: 0, taxableAmount: taxable, taxAmount: 0 }],
  });
  it('BR-Z-08 is exact in UBL and tolerant (< 1 after rounding) in CII', () => {
    expect(fire('BR-Z-08', inv(10), 'CII')).toEqual([]);
    expect(fire('BR-Z-08', inv(10), 'UBL')).toEqual(['invoice.vatBreakdown[0].taxableAmount']);
    expect(fire('BR-Z-08', inv(10.004), 'UBL')).toEqual([]);
  });
  it('BR-Z-08 fires in UBL when the invoice has no line at all', () => {
    expect(
      fire('BR-Z-08', { vatBreakdown: [{ category: 'Z', taxableAmount: 0, taxAmount: 0 }] }, 'UBL'),
    ).toHaveLength(1);
  });
});

describe('IGIC / IPSI amounts in CII', () => {
  it('BR-AF-08 and BR-AG-08 never fire in CII (the official test iterates over a node that never exists)', () => {
    for (const [id, code] of [
      ['BR-AF-08', 'L'],
      ['BR-AG-08', 'M'],
    ] as const) {
      const inv: Invoice = {
        lines: [{ vatCategory: code, vatRate: 7, netAmount: 100 }],
        vatBreakdown: [{ category: code, rate: 7, taxableAmount: 500, taxAmount: 35 }],
      };
      expect(fire(id, inv, 'CII')).toEqual([]);
      expect(fire(id, inv, 'UBL')).toEqual(['invoice.vatBreakdown[0].taxableAmount']);
    }
  });
});

describe('BR-IC-11 and BR-IC-12', () => {
  const k = (extra: Partial<Invoice>): Invoice => ({
    vatBreakdown: [
      { category: 'K', rate: 0, taxableAmount: 0, taxAmount: 0, exemptionReasonCode: 'VATEX-EU-IC' },
    ],
    ...extra,
  });
  it('BR-IC-11 fires when neither the delivery date nor the invoicing period is given', () => {
    expect(fire('BR-IC-11', k({}))).toEqual(['invoice.delivery.date']);
    expect(fire('BR-IC-11', k({}), 'UBL')).toEqual(['invoice.delivery.date']);
  });
  it('BR-IC-11 must not fire with a delivery date or an invoicing period', () => {
    expect(fire('BR-IC-11', k({ delivery: { date: '2026-01-01' } }))).toEqual([]);
    expect(fire('BR-IC-11', k({ invoicingPeriod: { endDate: '2026-01-31' } }), 'UBL')).toEqual([]);
  });
  it('BR-IC-12 fires without a deliver-to country and not with one', () => {
    expect(fire('BR-IC-12', k({}))).toEqual(['invoice.delivery.address.country']);
    expect(fire('BR-IC-12', k({ delivery: { address: { country: 'BE' } } }), 'UBL')).toEqual([]);
  });
  it('BR-IC-11 and BR-IC-12 must not fire without an intra-community breakdown', () => {
    expect(fire('BR-IC-11', {})).toEqual([]);
    expect(fire('BR-IC-12', {})).toEqual([]);
  });
});

describe('BR-O-11 … BR-O-14', () => {
  const o = (extra: Partial<Invoice>): Invoice => ({
    vatBreakdown: [{ category: 'O', taxableAmount: 0, taxAmount: 0, exemptionReason: 'Not subject' }],
    ...extra,
  });
  it.each([
    ['BR-O-11', { vatBreakdown: [{ category: 'O' }, { category: 'S', rate: 20 }] }],
    ['BR-O-12', { lines: [{ vatCategory: 'S', vatRate: 20 }] }],
    ['BR-O-13', { allowances: [{ vatCategory: 'S', vatRate: 20, amount: 1 }] }],
    ['BR-O-14', { charges: [{ vatCategory: 'E', vatRate: 0, amount: 1 }] }],
  ] as Array<[string, Partial<Invoice>]>)('%s fires when another category sits beside O', (id, extra) => {
    expect(fire(id, o(extra), 'UBL')).toHaveLength(1);
    expect(fire(id, o(extra), 'CII')).toHaveLength(1);
  });
  it.each(['BR-O-11', 'BR-O-12', 'BR-O-13', 'BR-O-14'])('%s must not fire when everything is O', (id) => {
    const inv = o({
      lines: [{ vatCategory: 'O' }],
      allowances: [{ vatCategory: 'O', amount: 1 }],
      charges: [{ vatCategory: 'O', amount: 1 }],
    });
    expect(fire(id, inv, 'UBL')).toEqual([]);
    expect(fire(id, inv, 'CII')).toEqual([]);
  });
});

describe('BR-B-01 and BR-B-02 (split payment)', () => {
  const b = (extra: Partial<Invoice>): Invoice => ({
    seller: { address: { country: 'IT' } },
    buyer: { address: { country: 'IT' } },
    lines: [{ vatCategory: 'B', vatRate: 22 }],
    ...extra,
  });
  it('BR-B-01 fires when a country other than IT appears', () => {
    expect(fire('BR-B-01', b({ buyer: { address: { country: 'FR' } } }))).toEqual([
      'invoice.buyer.address.country',
    ]);
  });
  it('BR-B-01 must not fire on a domestic Italian invoice or without split payment', () => {
    expect(fire('BR-B-01', b({}))).toEqual([]);
    expect(fire('BR-B-01', { buyer: { address: { country: 'FR' } }, lines: [{ vatCategory: 'S' }] })).toEqual(
      [],
    );
  });
  it('BR-B-02 fires when split payment and standard rate are mixed', () => {
    expect(fire('BR-B-02', b({ vatBreakdown: [{ category: 'S', rate: 22 }] }))).toEqual([
      'invoice.vatBreakdown[0].category',
    ]);
  });
  it('BR-B-02 must not fire when only split payment is used', () => {
    expect(fire('BR-B-02', b({ vatBreakdown: [{ category: 'B', rate: 22 }] }))).toEqual([]);
  });
});

describe('BR-x-01 presence per syntax', () => {
  it('BR-Z-01: a Z breakdown nothing uses passes in UBL but fires in CII', () => {
    const inv: Invoice = { vatBreakdown: [{ category: 'Z', rate: 0 }] };
    expect(fire('BR-Z-01', inv, 'UBL')).toEqual([]);
    expect(fire('BR-Z-01', inv, 'CII')).toEqual(['invoice.vatBreakdown']);
  });
  it('BR-E-01 fires with two E breakdowns', () => {
    const inv: Invoice = {
      lines: [{ vatCategory: 'E' }],
      vatBreakdown: [{ category: 'E' }, { category: 'E' }],
    };
    expect(fire('BR-E-01', inv, 'UBL')).toHaveLength(1);
    expect(fire('BR-E-01', inv, 'CII')).toHaveLength(1);
  });
  it('BR-S-01 must not fire with two S rates each summed up', () => {
    const inv: Invoice = {
      lines: [
        { vatCategory: 'S', vatRate: 20 },
        { vatCategory: 'S', vatRate: 10 },
      ],
      vatBreakdown: [
        { category: 'S', rate: 20 },
        { category: 'S', rate: 10 },
      ],
    };
    expect(fire('BR-S-01', inv, 'UBL')).toEqual([]);
    expect(fire('BR-S-01', inv, 'CII')).toEqual([]);
  });
});
