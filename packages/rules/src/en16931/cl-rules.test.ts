/** Every BR-CL rule fires on a wrong code and stays silent on a right one, once per coded node. */

import type { Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import type { Syntax } from '../define.js';
import { documentCodeListRules } from './cl-document.js';
import { lineCodeListRules } from './cl-lines.js';
import { partyCodeListRules } from './cl-parties.js';

const ALL = [...documentCodeListRules, ...partyCodeListRules, ...lineCodeListRules];

function fire(id: string, invoice: Invoice, syntax?: Syntax): string[] {
  const rule = ALL.find((r) => r.id === id);
  if (!rule) throw new Error(`unknown rule ${id}`);
  const paths: string[] = [];
  rule.check(invoice, (path) => paths.push(path), { syntax, lang: 'en', profile: undefined });
  return paths;
}

interface Case {
  id: string;
  good: Invoice;
  bad: Invoice;
  /** paths the bad invoice must be reported at */
  at: string[];
  syntax?: Syntax;
}

const party = (scheme: string) => ({
  identifiers: [
    { id: '1', scheme },
    { id: '2', scheme },
  ],
});

const CASES: Case[] = [
  { id: 'BR-CL-01', good: { typeCode: '380' }, bad: { typeCode: '999' }, at: ['invoice.typeCode'] },
  { id: 'BR-CL-04', good: { currency: 'EUR' }, bad: { currency: 'eur' }, at: ['invoice.currency'] },
  { id: 'BR-CL-05', good: { taxCurrency: 'GBP' }, bad: { taxCurrency: 'GBX' }, at: ['invoice.taxCurrency'] },
  {
    id: 'BR-CL-06',
    good: { taxPointDateCode: '5' },
    bad: { taxPointDateCode: '3' },
    at: ['invoice.taxPointDateCode'],
    syntax: 'CII',
  },
  {
    id: 'BR-CL-06',
    good: { taxPointDateCode: '35' },
    bad: { taxPointDateCode: '29' },
    at: ['invoice.taxPointDateCode'],
    syntax: 'UBL',
  },
  {
    id: 'BR-CL-07',
    good: { invoicedObjectIdentifier: { id: 'X', scheme: 'AAA' } },
    bad: {
      invoicedObjectIdentifier: { id: 'X', scheme: 'A1' },
      lines: [{ objectIdentifier: { id: 'Y', scheme: '??' } }],
    },
    at: ['invoice.invoicedObjectIdentifier.scheme', 'invoice.lines[0].objectIdentifier.scheme'],
  },
  {
    id: 'BR-CL-08',
    good: { notes: [{ subjectCode: 'AAI', text: 'x' }] },
    bad: {
      notes: [
        { subjectCode: 'AAI', text: 'x' },
        { subjectCode: 'ZZY', text: 'y' },
      ],
    },
    at: ['invoice.notes[1].subjectCode'],
  },
  {
    id: 'BR-CL-08',
    good: { notes: [{ subjectCode: 'ZZ', text: 'a two-letter code is not judged in UBL' }] },
    bad: { notes: [{ subjectCode: 'BAT', text: 'in the CII list only' }] },
    at: ['invoice.notes[0].subjectCode'],
    syntax: 'UBL',
  },
  {
    id: 'BR-CL-10',
    good: { seller: party('0088'), buyer: party('0002') },
    bad: { seller: party('SEPA'), payee: { identifier: { id: '1', scheme: '9999' } } },
    at: [
      'invoice.seller.identifiers[0].scheme',
      'invoice.seller.identifiers[1].scheme',
      'invoice.payee.identifier.scheme',
    ],
  },
  {
    id: 'BR-CL-10',
    good: { seller: party('SEPA'), payee: { identifier: { id: '1', scheme: 'SEPA' } } },
    bad: { buyer: party('SEPA') },
    at: ['invoice.buyer.identifiers[0].scheme', 'invoice.buyer.identifiers[1].scheme'],
    syntax: 'UBL',
  },
  {
    id: 'BR-CL-11',
    good: { seller: { legalRegistrationId: { id: '123456789', scheme: '0002' } } },
    bad: { buyer: { legalRegistrationId: { id: '1', scheme: 'XX' } } },
    at: ['invoice.buyer.legalRegistrationId.scheme'],
  },
  {
    id: 'BR-CL-13',
    good: { lines: [{ classifications: [{ id: '1', scheme: 'STI' }] }] },
    bad: {
      lines: [
        {
          classifications: [
            { id: '1', scheme: 'STI' },
            { id: '2', scheme: 'XYZ1' },
          ],
        },
      ],
    },
    at: ['invoice.lines[0].classifications[1].scheme'],
  },
  {
    id: 'BR-CL-14',
    good: { seller: { address: { country: 'FR' } }, buyer: { address: { country: '1A' } } },
    bad: { seller: { address: { country: 'FRA' } }, delivery: { address: { country: 'UK' } } },
    at: ['invoice.seller.address.country', 'invoice.delivery.address.country'],
  },
  {
    id: 'BR-CL-15',
    good: { lines: [{ originCountry: 'CN' }] },
    bad: { lines: [{ originCountry: 'CN' }, { originCountry: 'EU' }] },
    at: ['invoice.lines[1].originCountry'],
  },
  {
    id: 'BR-CL-16',
    good: { paymentMeans: { typeCode: '58' } },
    bad: { paymentMeans: { typeCode: '1000' } },
    at: ['invoice.paymentMeans.typeCode'],
  },
  {
    id: 'BR-CL-17',
    good: { allowances: [{ vatCategory: 'S' }], charges: [{ vatCategory: 'AE' }] },
    bad: { allowances: [{ vatCategory: 'X' }], vatBreakdown: [{ category: 'Q' }] },
    at: ['invoice.allowances[0].vatCategory', 'invoice.vatBreakdown[0].category'],
    syntax: 'UBL',
  },
  {
    id: 'BR-CL-18',
    good: { lines: [{ vatCategory: 'K' }], vatBreakdown: [{ category: 'K' }] },
    bad: { lines: [{ vatCategory: 'VAT' }], vatBreakdown: [{ category: 'Q' }] },
    at: ['invoice.lines[0].vatCategory', 'invoice.vatBreakdown[0].category'],
    syntax: 'CII',
  },
  {
    id: 'BR-CL-19',
    good: { allowances: [{ reasonCode: '95' }], lines: [{ allowances: [{ reasonCode: '100' }] }] },
    bad: { allowances: [{ reasonCode: 'AA' }], lines: [{ allowances: [{ reasonCode: '1' }] }] },
    at: ['invoice.allowances[0].reasonCode', 'invoice.lines[0].allowances[0].reasonCode'],
  },
  {
    id: 'BR-CL-20',
    good: { charges: [{ reasonCode: 'FC' }] },
    bad: { charges: [{ reasonCode: '95' }], lines: [{ charges: [{ reasonCode: 'ZZZZ' }] }] },
    at: ['invoice.charges[0].reasonCode', 'invoice.lines[0].charges[0].reasonCode'],
  },
  {
    id: 'BR-CL-21',
    good: { lines: [{ standardItemId: { id: '4000862141404', scheme: '0160' } }] },
    bad: { lines: [{ standardItemId: { id: '4000862141404', scheme: 'GTIN' } }] },
    at: ['invoice.lines[0].standardItemId.scheme'],
  },
  {
    id: 'BR-CL-22',
    good: {
      vatBreakdown: [{ exemptionReasonCode: 'VATEX-EU-IC' }, { exemptionReasonCode: 'vatex-eu-132-1a' }],
    },
    bad: { vatBreakdown: [{ exemptionReasonCode: 'VATEX-EU-999' }] },
    at: ['invoice.vatBreakdown[0].exemptionReasonCode'],
  },
  {
    id: 'BR-CL-23',
    good: { lines: [{ unitCode: 'C62', baseQuantityUnitCode: 'HUR' }] },
    bad: { lines: [{ unitCode: 'PCS', baseQuantityUnitCode: 'hour' }] },
    at: ['invoice.lines[0].unitCode', 'invoice.lines[0].baseQuantityUnitCode'],
  },
  {
    id: 'BR-CL-24',
    good: { attachments: [{ mimeCode: 'application/pdf' }, { mimeCode: 'text/csv' }] },
    bad: { attachments: [{ mimeCode: 'application/zip' }, { mimeCode: ' image/png' }] },
    at: ['invoice.attachments[0].mimeCode', 'invoice.attachments[1].mimeCode'],
  },
  {
    id: 'BR-CL-25',
    good: { seller: { electronicAddress: { id: 'a@b.c', scheme: 'EM' } } },
    bad: { buyer: { electronicAddress: { id: 'a@b.c', scheme: 'EMAIL' } } },
    at: ['invoice.buyer.electronicAddress.scheme'],
  },
  {
    id: 'BR-CL-26',
    good: { delivery: { locationId: { id: '1', scheme: '0088' } } },
    bad: { delivery: { locationId: { id: '1', scheme: 'GLN' } } },
    at: ['invoice.delivery.locationId.scheme'],
  },
];

describe('BR-CL code-list rules', () => {
  it.each(CASES.map((c) => [c.id, c.syntax ?? 'any', c] as const))(
    '%s fires once per wrong code (%s syntax)',
    (id, _s, c) => {
      expect(fire(id, c.bad, c.syntax)).toEqual(c.at);
    },
  );
  it.each(CASES.map((c) => [c.id, c.syntax ?? 'any', c] as const))(
    '%s must not fire on right codes (%s syntax)',
    (id, _s, c) => {
      expect(fire(id, c.good, c.syntax)).toEqual([]);
    },
  );
  // BR-CL-03 judges the currencyID of each amount, which only XML has: its firing and passing cases
  // read XML (tests/conformance/source-facts.test.ts)
  it('covers every BR-CL rule of the catalogue except BR-CL-03', () => {
    expect(new Set([...CASES.map((c) => c.id), 'BR-CL-03'])).toEqual(new Set(ALL.map((r) => r.id)));
  });
  it('BR-CL-03 on a JSON invoice does not report again a currency that BR-CL-04/05 already report (no per-amount currencyIDs)', () => {
    const invoice: Invoice = {
      currency: 'EURO',
      taxCurrency: 'XXY',
      totals: { vatTotal: 1, vatTotalInTaxCurrency: 1 },
    };
    expect(fire('BR-CL-03', invoice)).toEqual([]);
    expect(fire('BR-CL-04', invoice)).toEqual(['invoice.currency']);
    expect(fire('BR-CL-05', invoice)).toEqual(['invoice.taxCurrency']);
  });
});

describe('BR-CL findings name the term of the offending node', () => {
  it('BR-CL-14 reports BT-55 for the buyer country and BT-80 for the deliver-to country', () => {
    const rule = ALL.find((r) => r.id === 'BR-CL-14');
    const bts: Array<string | undefined> = [];
    rule?.check(
      { buyer: { address: { country: 'XX' } }, delivery: { address: { country: 'YY' } } },
      (_path, detail) => bts.push(detail?.bt),
      { syntax: undefined, lang: 'en', profile: undefined },
    );
    expect(bts).toEqual(['BT-55', 'BT-80']);
  });
});
