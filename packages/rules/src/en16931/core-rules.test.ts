/**
 * Every core, BR-CO and BR-DEC rule fires on a small invoice built to break it, and stays silent
 * on a complete, consistent one — in JSON, CII and UBL semantics. Table-driven: one row per rule
 * id, named after it. Rules run through validate(), so paths and counts are what users see.
 */
import type { Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { isContractAlias } from '../aliases.js';
import { ruleCatalogue } from '../catalogue.js';
import type { Syntax } from '../define.js';
import { validate } from '../validate.js';
import { coConditionRules } from './co-conditions.js';
import { coTotalRules } from './co-totals.js';
import { decRules } from './dec-amounts.js';
import { coreRules } from './index.js';

/** A complete invoice exercising every group the core rules look at, all totals consistent */
export function richInvoice(): Invoice {
  return {
    number: 'F-2026-042',
    issueDate: '2026-03-01',
    typeCode: '380',
    currency: 'EUR',
    taxCurrency: 'USD',
    specificationIdentifier: 'urn:cen.eu:en16931:2017',
    taxPointDate: '2026-03-01',
    invoicingPeriod: { startDate: '2026-02-01', endDate: '2026-02-28' },
    precedingInvoices: [{ number: 'F-2026-001', issueDate: '2026-01-15' }],
    seller: {
      name: 'Atelier Dupont SARL',
      tradingName: 'Atelier Dupont',
      siret: '73282932000074',
      identifiers: [{ id: '3012345678901', scheme: '0088' }],
      legalRegistrationId: { id: '732829320', scheme: '0002' },
      vatNumber: 'FR44732829320',
      electronicAddress: { id: '732829320', scheme: '0225' },
      address: { street: '1 rue de la Paix', city: 'Paris', postalCode: '75002', country: 'DE' },
    },
    buyer: {
      name: 'Client GmbH',
      vatNumber: 'DE123456789',
      electronicAddress: { id: 'ap@client.de', scheme: 'EM' },
      address: { city: 'Berlin', country: 'DE' },
    },
    payee: { name: 'Factor SA', identifier: { id: 'PAYEE-1' }, legalRegistrationId: { id: '999999999' } },
    taxRepresentative: { name: 'Rep GmbH', vatNumber: 'DE987654321', address: { country: 'DE' } },
    delivery: { date: '2026-02-20', address: { city: 'Berlin', country: 'DE' } },
    paymentMeans: {
      typeCode: '58',
      creditTransfers: [{ accountId: 'FR7630006000011234567890189' }],
      card: { accountNumber: '****7890' },
    },
    allowances: [
      { amount: 15, baseAmount: 150, percentage: 10, vatCategory: 'S', vatRate: 20, reason: 'Remise' },
    ],
    charges: [{ amount: 20, vatCategory: 'S', vatRate: 20, reasonCode: 'FC' }],
    attachments: [{ id: 'BL-1', description: 'Bon de livraison' }],
    lines: [
      {
        id: '1',
        description: 'Conseil',
        quantity: 2,
        unitCode: 'HUR',
        unitPrice: 100,
        grossPrice: 110,
        netAmount: 195,
        period: { startDate: '2026-02-01', endDate: '2026-02-10' },
        allowances: [{ amount: 10, baseAmount: 200, reason: 'Fidélité' }],
        charges: [{ amount: 5, reasonCode: 'ABL' }],
        vatCategory: 'S',
        vatRate: 20,
        standardItemId: { id: '3012345678901', scheme: '0160' },
        classifications: [{ id: '72000000', scheme: 'STI' }],
        attributes: [{ name: 'Niveau', value: 'Senior' }],
      },
    ],
    vatBreakdown: [{ category: 'S', rate: 20, taxableAmount: 200, taxAmount: 40 }],
    totals: {
      lineNetTotal: 195,
      allowanceTotal: 15,
      chargeTotal: 20,
      taxExclusiveAmount: 200,
      vatTotal: 40,
      vatTotalInTaxCurrency: 43.5,
      taxInclusiveAmount: 240,
      prepaidAmount: 40,
      roundingAmount: 0,
      amountDue: 200,
    },
  };
}

type Breaker = (inv: Invoice) => void;
interface Row {
  /** how the invoice is broken, for the test name */
  when: string;
  breaks: Breaker;
  /** syntaxes in which the rule must fire (default: JSON, CII and UBL) */
  syntaxes?: (Syntax | undefined)[];
  /** expected number of fires (default 1) */
  count?: number;
}

const line0 = (inv: Invoice) => {
  const l = inv.lines?.[0];
  if (!l) throw new Error('fixture has a line');
  return l;
};
const totals = (inv: Invoice) => {
  if (!inv.totals) throw new Error('fixture has totals');
  return inv.totals;
};
const ALL: (Syntax | undefined)[] = [undefined, 'CII', 'UBL'];

const ROWS: Record<string, Row> = {
  'BR-01': {
    when: 'the specification identifier is missing from an XML invoice',
    breaks: (i) => delete i.specificationIdentifier,
    syntaxes: ['CII', 'UBL'],
  },
  'BR-02': { when: 'the invoice number is missing', breaks: (i) => delete i.number },
  'BR-03': {
    when: 'the issue date is blank',
    breaks: (i) => {
      i.issueDate = ' ';
    },
  },
  'BR-04': { when: 'the type code is missing', breaks: (i) => delete i.typeCode },
  'BR-05': { when: 'the currency is missing', breaks: (i) => delete i.currency },
  'BR-06': { when: 'the seller name is missing', breaks: (i) => delete i.seller?.name },
  'BR-07': { when: 'the buyer name is missing', breaks: (i) => delete i.buyer?.name },
  'BR-08': { when: 'the seller address is missing', breaks: (i) => delete i.seller?.address },
  'BR-09': { when: 'the seller country is missing', breaks: (i) => delete i.seller?.address?.country },
  'BR-10': { when: 'the buyer address is missing', breaks: (i) => delete i.buyer?.address },
  'BR-11': { when: 'the buyer country is missing', breaks: (i) => delete i.buyer?.address?.country },
  'BR-12': { when: 'BT-106 is missing', breaks: (i) => delete totals(i).lineNetTotal },
  'BR-13': { when: 'BT-109 is missing', breaks: (i) => delete totals(i).taxExclusiveAmount },
  'BR-14': { when: 'BT-112 is missing', breaks: (i) => delete totals(i).taxInclusiveAmount },
  'BR-15': { when: 'BT-115 is missing', breaks: (i) => delete totals(i).amountDue },
  'BR-16': {
    when: 'there is no line',
    breaks: (i) => {
      i.lines = [];
    },
  },
  'BR-17': {
    when: 'the payee has the seller name',
    breaks: (i) => {
      i.payee = { name: 'Atelier Dupont SARL' };
    },
    syntaxes: [undefined, 'CII'],
  },
  'BR-18': { when: 'the tax representative has no name', breaks: (i) => delete i.taxRepresentative?.name },
  'BR-19': {
    when: 'the tax representative has no address',
    breaks: (i) => delete i.taxRepresentative?.address,
    syntaxes: ALL,
  },
  'BR-20': {
    when: 'the tax representative address has no country',
    breaks: (i) => delete i.taxRepresentative?.address?.country,
  },
  'BR-21': { when: 'a line has no identifier', breaks: (i) => delete line0(i).id },
  'BR-22': { when: 'a line has no quantity', breaks: (i) => delete line0(i).quantity },
  'BR-23': { when: 'a line has no unit code', breaks: (i) => delete line0(i).unitCode },
  'BR-24': { when: 'a line has no net amount', breaks: (i) => delete line0(i).netAmount },
  'BR-25': { when: 'a line has no item name', breaks: (i) => delete line0(i).description },
  'BR-26': { when: 'a line has no net price', breaks: (i) => delete line0(i).unitPrice },
  'BR-27': {
    when: 'a line net price is negative',
    breaks: (i) => {
      line0(i).unitPrice = -1;
    },
  },
  'BR-28': {
    when: 'a line gross price is negative',
    breaks: (i) => {
      line0(i).grossPrice = -0.01;
    },
  },
  'BR-29': {
    when: 'the invoicing period ends before it starts',
    breaks: (i) => {
      i.invoicingPeriod = { startDate: '2026-02-02', endDate: '2026-02-01' };
    },
  },
  'BR-30': {
    when: 'a line period ends before it starts',
    breaks: (i) => {
      line0(i).period = { startDate: '2026-02-02', endDate: '2026-02-01' };
    },
  },
  'BR-31': { when: 'a document allowance has no amount', breaks: (i) => delete i.allowances?.[0]?.amount },
  'BR-32': {
    when: 'a document allowance has no VAT category',
    breaks: (i) => delete i.allowances?.[0]?.vatCategory,
  },
  'BR-33': { when: 'a document allowance has no reason', breaks: (i) => delete i.allowances?.[0]?.reason },
  'BR-36': { when: 'a document charge has no amount', breaks: (i) => delete i.charges?.[0]?.amount },
  'BR-37': {
    when: 'a document charge has no VAT category',
    breaks: (i) => delete i.charges?.[0]?.vatCategory,
  },
  'BR-38': { when: 'a document charge has no reason', breaks: (i) => delete i.charges?.[0]?.reasonCode },
  'BR-41': { when: 'a line allowance has no amount', breaks: (i) => delete line0(i).allowances?.[0]?.amount },
  'BR-42': { when: 'a line allowance has no reason', breaks: (i) => delete line0(i).allowances?.[0]?.reason },
  'BR-43': { when: 'a line charge has no amount', breaks: (i) => delete line0(i).charges?.[0]?.amount },
  'BR-44': { when: 'a line charge has no reason', breaks: (i) => delete line0(i).charges?.[0]?.reasonCode },
  'BR-45': {
    when: 'a VAT breakdown has no taxable amount',
    breaks: (i) => delete i.vatBreakdown?.[0]?.taxableAmount,
  },
  'BR-46': {
    when: 'a VAT breakdown has no tax amount',
    breaks: (i) => delete i.vatBreakdown?.[0]?.taxAmount,
  },
  'BR-47': { when: 'a VAT breakdown has no category', breaks: (i) => delete i.vatBreakdown?.[0]?.category },
  'BR-48': { when: 'a VAT breakdown has no rate', breaks: (i) => delete i.vatBreakdown?.[0]?.rate },
  'BR-49': { when: 'the payment means has no type code', breaks: (i) => delete i.paymentMeans?.typeCode },
  'BR-50': {
    when: 'a credit transfer account has no identifier',
    breaks: (i) => {
      i.paymentMeans = { typeCode: '30', creditTransfers: [{ accountName: 'x' }] };
    },
  },
  'BR-51': {
    when: 'the full card number is shown',
    breaks: (i) => {
      i.paymentMeans = { typeCode: '48', card: { accountNumber: '1234567890123456' } };
    },
  },
  'BR-52': { when: 'a supporting document has no reference', breaks: (i) => delete i.attachments?.[0]?.id },
  'BR-53': {
    when: 'the accounting currency is given without BT-111',
    breaks: (i) => delete totals(i).vatTotalInTaxCurrency,
  },
  'BR-54': {
    when: 'an item attribute has no value',
    breaks: (i) => {
      line0(i).attributes = [{ name: 'x' } as { name: string; value: string }];
    },
  },
  'BR-55': {
    when: 'a preceding invoice number is blank',
    syntaxes: [undefined, 'CII'],
    breaks: (i) => {
      i.precedingInvoices = [{ number: ' ', issueDate: '2026-01-01' }];
    },
  },
  'BR-56': {
    when: 'the tax representative has no VAT identifier',
    breaks: (i) => delete i.taxRepresentative?.vatNumber,
  },
  'BR-57': {
    when: 'the delivery address has no country',
    breaks: (i) => delete i.delivery?.address?.country,
  },
  'BR-61': {
    when: 'a credit transfer has no account at all',
    breaks: (i) => {
      i.paymentMeans = { typeCode: '58', creditTransfers: [{}] };
    },
  },
  'BR-62': {
    when: 'the seller electronic address has no scheme',
    breaks: (i) => delete i.seller?.electronicAddress?.scheme,
  },
  'BR-63': {
    when: 'the buyer electronic address has no scheme',
    breaks: (i) => delete i.buyer?.electronicAddress?.scheme,
  },
  'BR-64': {
    when: 'the item standard identifier has no scheme',
    breaks: (i) => delete line0(i).standardItemId?.scheme,
  },
  'BR-65': {
    when: 'a classification has no scheme',
    breaks: (i) => delete line0(i).classifications?.[0]?.scheme,
  },
  'BR-CO-03': {
    when: 'both the VAT point date and its code are given',
    breaks: (i) => {
      i.taxPointDateCode = '3';
    },
  },
  'BR-CO-04': { when: 'a line has no VAT category', breaks: (i) => delete line0(i).vatCategory },
  'BR-CO-09': {
    when: 'the buyer VAT number has no country prefix',
    breaks: (i) => {
      (i.buyer ?? {}).vatNumber = '123456789';
    },
  },
  'BR-CO-10': {
    when: 'BT-106 differs from the sum of the lines',
    breaks: (i) => {
      totals(i).lineNetTotal = 196;
    },
  },
  'BR-CO-11': {
    when: 'BT-107 differs from the sum of the allowances',
    breaks: (i) => {
      totals(i).allowanceTotal = 14.99;
    },
  },
  'BR-CO-12': {
    when: 'BT-108 is missing although there are charges',
    breaks: (i) => delete totals(i).chargeTotal,
  },
  'BR-CO-13': {
    when: 'BT-109 differs from BT-106 − BT-107 + BT-108',
    breaks: (i) => {
      totals(i).taxExclusiveAmount = 201;
    },
  },
  'BR-CO-14': {
    when: 'BT-110 differs from the breakdown VAT',
    breaks: (i) => {
      totals(i).vatTotal = 41;
    },
  },
  'BR-CO-15': {
    when: 'BT-112 differs from BT-109 + BT-110',
    breaks: (i) => {
      totals(i).taxInclusiveAmount = 241;
    },
  },
  'BR-CO-16': {
    when: 'BT-115 differs from BT-112 − BT-113 + BT-114',
    breaks: (i) => {
      totals(i).amountDue = 240;
    },
  },
  'BR-CO-17': {
    when: 'the breakdown VAT is more than one unit off base × rate',
    breaks: (i) => {
      (i.vatBreakdown?.[0] ?? {}).taxAmount = 41.01;
    },
  },
  'BR-CO-18': {
    when: 'there is no VAT breakdown',
    breaks: (i) => {
      i.vatBreakdown = [];
    },
  },
  'BR-CO-19': {
    when: 'the invoicing period has no date',
    breaks: (i) => {
      i.invoicingPeriod = {};
    },
  },
  'BR-CO-20': {
    when: 'a line period has no date',
    breaks: (i) => {
      line0(i).period = {};
    },
  },
  'BR-CO-21': { when: 'a document allowance has no reason', breaks: (i) => delete i.allowances?.[0]?.reason },
  'BR-CO-22': { when: 'a document charge has no reason', breaks: (i) => delete i.charges?.[0]?.reasonCode },
  'BR-CO-23': {
    when: 'a line allowance has no reason',
    breaks: (i) => delete line0(i).allowances?.[0]?.reason,
  },
  'BR-CO-24': {
    when: 'a line charge has no reason',
    breaks: (i) => delete line0(i).charges?.[0]?.reasonCode,
  },
  'BR-CO-26': {
    when: 'the seller has no identifier at all',
    breaks: (i) => {
      const s = i.seller ?? {};
      delete s.siret;
      delete s.identifiers;
      delete s.legalRegistrationId;
      delete s.vatNumber;
    },
  },
  'BR-DEC-01': {
    when: 'a document allowance amount has 3 decimals',
    breaks: (i) => {
      (i.allowances?.[0] ?? {}).amount = 15.001;
    },
  },
  'BR-DEC-02': {
    when: 'a document allowance base has 3 decimals',
    breaks: (i) => {
      (i.allowances?.[0] ?? {}).baseAmount = 150.001;
    },
  },
  'BR-DEC-05': {
    when: 'a document charge amount has 3 decimals',
    breaks: (i) => {
      (i.charges?.[0] ?? {}).amount = 20.001;
    },
  },
  'BR-DEC-06': {
    when: 'a document charge base has 3 decimals',
    breaks: (i) => {
      (i.charges?.[0] ?? {}).baseAmount = 1.234;
    },
  },
  'BR-DEC-09': {
    when: 'BT-106 has 3 decimals',
    breaks: (i) => {
      totals(i).lineNetTotal = 195.001;
    },
  },
  'BR-DEC-10': {
    when: 'BT-107 has 3 decimals',
    breaks: (i) => {
      totals(i).allowanceTotal = 15.001;
    },
  },
  'BR-DEC-11': {
    when: 'BT-108 has 3 decimals',
    breaks: (i) => {
      totals(i).chargeTotal = 20.001;
    },
  },
  'BR-DEC-12': {
    when: 'BT-109 has 3 decimals',
    breaks: (i) => {
      totals(i).taxExclusiveAmount = 200.001;
    },
  },
  'BR-DEC-13': {
    when: 'BT-110 has 3 decimals and no total in another currency is given',
    breaks: (i) => {
      totals(i).vatTotal = 40.001;
      delete totals(i).vatTotalInTaxCurrency;
      delete i.taxCurrency;
    },
    syntaxes: [undefined, 'CII'],
  },
  'BR-DEC-14': {
    when: 'BT-112 has 3 decimals',
    breaks: (i) => {
      totals(i).taxInclusiveAmount = 240.001;
    },
  },
  'BR-DEC-15': {
    when: 'BT-111 has 3 decimals',
    breaks: (i) => {
      totals(i).vatTotalInTaxCurrency = 43.501;
    },
    syntaxes: [undefined, 'CII'],
  },
  'BR-DEC-16': {
    when: 'BT-113 has 3 decimals',
    breaks: (i) => {
      totals(i).prepaidAmount = 40.001;
    },
  },
  'BR-DEC-17': {
    when: 'BT-114 has 3 decimals',
    breaks: (i) => {
      totals(i).roundingAmount = 0.001;
    },
  },
  'BR-DEC-18': {
    when: 'BT-115 has 3 decimals',
    breaks: (i) => {
      totals(i).amountDue = 200.001;
    },
  },
  'BR-DEC-19': {
    when: 'a breakdown base has 3 decimals',
    breaks: (i) => {
      (i.vatBreakdown?.[0] ?? {}).taxableAmount = 200.001;
    },
  },
  'BR-DEC-20': {
    when: 'a breakdown VAT amount has 3 decimals',
    breaks: (i) => {
      (i.vatBreakdown?.[0] ?? {}).taxAmount = 40.001;
    },
  },
  'BR-DEC-23': {
    when: 'a line net amount has 3 decimals',
    breaks: (i) => {
      line0(i).netAmount = 195.001;
    },
  },
  'BR-DEC-24': {
    when: 'a line allowance amount has 3 decimals',
    breaks: (i) => {
      (line0(i).allowances?.[0] ?? {}).amount = 10.001;
    },
  },
  'BR-DEC-25': {
    when: 'a line allowance base has 3 decimals',
    breaks: (i) => {
      (line0(i).allowances?.[0] ?? {}).baseAmount = 200.001;
    },
  },
  'BR-DEC-27': {
    when: 'a line charge amount has 3 decimals',
    breaks: (i) => {
      (line0(i).charges?.[0] ?? {}).amount = 5.001;
    },
  },
  'BR-DEC-28': {
    when: 'a line charge base has 3 decimals',
    breaks: (i) => {
      (line0(i).charges?.[0] ?? {}).baseAmount = 50.001;
    },
  },
};

/** BR-CO-05…08: the official schematron asserts true(); they are listed and never fire */
const NEVER_FIRE = new Set(['BR-CO-05', 'BR-CO-06', 'BR-CO-07', 'BR-CO-08']);

const MINE = [...coreRules, ...coConditionRules, ...coTotalRules, ...decRules];
/** Official fires of one rule (contract aliases left out), as users see them */
function fired(inv: Invoice, id: string, syntax: Syntax | undefined): number {
  const r = validate(inv, syntax ? { syntax } : {});
  return [...r.errors, ...r.warnings].filter((f) => f.rule === id && !isContractAlias(f)).length;
}

describe('EN 16931 core, BR-CO and BR-DEC rules', () => {
  it('the complete fixture passes every EN 16931 rule in JSON, CII and UBL semantics', () => {
    for (const syntax of ALL) {
      const r = validate(richInvoice(), syntax ? { syntax } : {});
      expect([...r.errors, ...r.warnings].map((f) => `${f.rule} ${f.path}`)).toEqual([]);
    }
  });

  it('has a row for every rule it owns (and no row for a rule that does not exist)', () => {
    const ids = MINE.map((r) => r.id).filter((id) => !NEVER_FIRE.has(id));
    expect(Object.keys(ROWS).sort()).toEqual(ids.sort());
    for (const id of Object.keys(ROWS)) expect(ruleCatalogue.some((r) => r.id === id)).toBe(true);
  });

  for (const [id, row] of Object.entries(ROWS)) {
    it(`${id} fires when ${row.when}`, () => {
      for (const syntax of row.syntaxes ?? ALL) {
        const inv = richInvoice();
        row.breaks(inv);
        expect({ syntax, count: fired(inv, id, syntax) }).toEqual({ syntax, count: row.count ?? 1 });
      }
    });
    it(`${id} stays silent on the complete invoice`, () => {
      for (const syntax of ALL) expect(fired(richInvoice(), id, syntax)).toBe(0);
    });
  }

  for (const id of NEVER_FIRE) {
    it(`${id} never fires (the official assertion is true())`, () => {
      const inv = richInvoice();
      inv.allowances = [{ amount: 1, vatCategory: 'S', reason: 'Transport', reasonCode: '95' }];
      expect(fired(inv, id, 'UBL')).toBe(0);
    });
  }
});

describe('syntax-specific semantics', () => {
  it('BR-51 is fatal in CII and JSON, a warning in UBL', () => {
    const inv = richInvoice();
    inv.paymentMeans = { typeCode: '48', card: { accountNumber: '1234 5678 9012 3456' } };
    expect(validate(inv, { syntax: 'UBL' }).warnings.map((f) => f.rule)).toContain('BR-51');
    expect(validate(inv, { syntax: 'CII' }).errors.map((f) => f.rule)).toContain('BR-51');
    expect(validate(inv).errors.map((f) => f.rule)).toContain('BR-51');
  });

  it('BR-CO-18 fires once per line in CII, once per invoice in UBL', () => {
    const inv = richInvoice();
    inv.vatBreakdown = [];
    inv.lines = [...(inv.lines ?? []), { ...line0(inv), id: '2' }];
    const count = (s: Syntax) =>
      validate(inv, { syntax: s }).errors.filter((f) => f.rule === 'BR-CO-18').length;
    expect([count('CII'), count('UBL')]).toEqual([2, 1]);
  });

  it('BR-CO-17 accepts exactly one unit of difference in CII and strictly less in UBL', () => {
    const inv = richInvoice();
    const b = inv.vatBreakdown?.[0];
    if (b) b.taxAmount = 41;
    const fires = (s: Syntax) => validate(inv, { syntax: s }).errors.some((f) => f.rule === 'BR-CO-17');
    expect([fires('CII'), fires('UBL')]).toEqual([false, true]);
  });

  it('BR-CO-15 in CII also accepts BT-112 = BT-109; UBL does not', () => {
    const inv = richInvoice();
    const t = totals(inv);
    t.taxInclusiveAmount = 200;
    t.prepaidAmount = 0;
    const fires = (s: Syntax) => validate(inv, { syntax: s }).errors.some((f) => f.rule === 'BR-CO-15');
    expect([fires('CII'), fires('UBL')]).toEqual([false, true]);
  });

  it('BR-CO-10 rounds the sum half up to two decimals before comparing exactly', () => {
    const inv = richInvoice();
    inv.lines = [
      { ...line0(inv), netAmount: 0.1 },
      { ...line0(inv), id: '2', netAmount: 0.2 },
    ];
    totals(inv).lineNetTotal = 0.3;
    expect(validate(inv).errors.some((f) => f.rule === 'BR-CO-10')).toBe(false);
    totals(inv).lineNetTotal = 0.31;
    expect(validate(inv).errors.some((f) => f.rule === 'BR-CO-10')).toBe(true);
  });
});
