import type { Invoice, SourceFacts, SourceLocations } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { isContractAlias } from './aliases.js';
import { getRule, ruleCatalogue } from './catalogue.js';
import { defineRule } from './define.js';
import { coConditionRules } from './en16931/co-conditions.js';
import { coTotalRules } from './en16931/co-totals.js';
import { decRules } from './en16931/dec-amounts.js';
import { coreRules, rules as en16931Rules } from './en16931/index.js';
import { rules as facturxRules } from './facturx-profiles/index.js';
import { RULE_ERROR, validate } from './validate.js';

const OWN = new Set([...coreRules, ...coConditionRules, ...coTotalRules, ...decRules].map((r) => r.id));

/** A small invoice that passes every EN 16931 rule (all totals consistent) */
export function goodInvoice(): Invoice {
  return {
    number: 'F-2026-001',
    issueDate: '2026-01-15',
    typeCode: '380',
    currency: 'EUR',
    seller: {
      name: 'Atelier Dupont',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      address: { country: 'DE' },
    },
    buyer: { name: 'Client SA', address: { country: 'DE' } },
    lines: [
      {
        id: '1',
        description: 'Conseil',
        quantity: 2,
        unitCode: 'HUR',
        unitPrice: 100,
        netAmount: 200,
        vatCategory: 'S',
        vatRate: 20,
      },
    ],
    vatBreakdown: [{ category: 'S', rate: 20, taxableAmount: 200, taxAmount: 40 }],
    totals: {
      lineNetTotal: 200,
      taxExclusiveAmount: 200,
      vatTotal: 40,
      taxInclusiveAmount: 240,
      amountDue: 240,
    },
  };
}

describe('validate()', () => {
  it('accepts a consistent invoice and names the rule set it ran', () => {
    const r = validate(goodInvoice());
    expect(r.errors).toEqual([]);
    expect(r.valid).toBe(true);
    expect(r.ruleSets).toEqual([{ name: 'EN16931', version: '1.3.16' }]);
  });

  it('reports a missing number as the official BR-02 and as the contract BR-01 at invoice.number', () => {
    const { number: _n, ...inv } = goodInvoice();
    const r = validate(inv);
    expect(r.valid).toBe(false);
    const br01 = r.errors.find((e) => e.rule === 'BR-01');
    expect(br01).toMatchObject({ path: 'invoice.number', severity: 'fatal', bt: 'BT-1' });
    expect(br01 && isContractAlias(br01)).toBe(true);
    expect(r.errors.find((e) => e.rule === 'BR-02')?.path).toBe('invoice.number');
    expect(validate(inv, { contractAliases: false }).errors.some((e) => e.rule === 'BR-01')).toBe(false);
  });

  it('applies the official BR-01 (BT-24) only to XML input', () => {
    const inv = goodInvoice();
    expect(validate(inv).errors.some((e) => e.rule === 'BR-01')).toBe(false);
    const r = validate(inv, { syntax: 'CII' });
    const f = r.errors.find((e) => e.rule === 'BR-01');
    expect(f?.path).toBe('invoice.specificationIdentifier');
    expect(f && isContractAlias(f)).toBe(false);
    expect(
      validate({ ...inv, specificationIdentifier: 'urn:cen.eu:en16931:2017' }, { syntax: 'CII' }).valid,
    ).toBe(true);
  });

  it('adds xpath and line from the nearest recorded ancestor', () => {
    const inv = goodInvoice();
    delete inv.lines?.[0]?.unitCode;
    const r = validate(inv, {
      syntax: 'CII',
      locations: {
        invoice: { xpath: '/rsm:CrossIndustryInvoice', line: 1 },
        'invoice.lines[0]': {
          xpath: '/rsm:CrossIndustryInvoice/…/ram:IncludedSupplyChainTradeLineItem[1]',
          line: 40,
        },
      },
    });
    const f = r.errors.find((e) => e.rule === 'BR-23');
    expect(f).toMatchObject({ path: 'invoice.lines[0].unitCode', line: 40 });
    expect(f?.xpath).toContain('IncludedSupplyChainTradeLineItem[1]');
  });

  it('speaks French when asked', () => {
    const { number: _n, ...inv } = goodInvoice();
    const f = validate(inv, { lang: 'fr' }).errors.find((e) => e.rule === 'BR-02');
    expect(f?.message).toMatch(/numéro/);
  });

  it('runs BR-FR only for a French seller and not when the edition is off', () => {
    const fr = goodInvoice();
    if (fr.seller?.address) fr.seller.address.country = 'FR';
    expect(validate(fr).ruleSets.map((s) => `${s.name}@${s.version}`)).toContain(
      'BR-FR@1.4.0.02 (transition)',
    );
    expect(validate(fr, { frenchEdition: 'standard' }).ruleSets.map((s) => s.version)).toContain(
      '1.4.0.04 (standard)',
    );
    expect(validate(fr, { frenchEdition: 'off' }).ruleSets.map((s) => s.name)).toEqual(['EN16931']);
    expect(validate(goodInvoice()).ruleSets.map((s) => s.name)).toEqual(['EN16931']);
  });

  it('runs the pinned BR-FR release and names it; an unknown release falls back to the newest', () => {
    const fr = goodInvoice();
    if (fr.seller?.address) fr.seller.address.country = 'FR';
    const version = (o: Parameters<typeof validate>[1]) =>
      validate(fr, o).ruleSets.find((s) => s.name === 'BR-FR')?.version;
    expect(version({ frenchEdition: 'standard', frenchVersion: '1.4.0.03' })).toBe('1.4.0.03 (standard)');
    expect(version({ frenchEdition: 'standard', frenchVersion: '1.4.0.04' })).toBe('1.4.0.04 (standard)');
    expect(version({ frenchEdition: 'transition', frenchVersion: '1.4.0.03' })).toBe('1.4.0.02 (transition)');
    expect(version({ frenchEdition: 'standard', frenchVersion: 'x' as never })).toBe('1.4.0.04 (standard)');
  });

  it('follows each release where the official text changed (UBL self-billed B2C: BR-FR-22 in 1.4.0.03 only)', () => {
    const fr = goodInvoice();
    fr.typeCode = '389';
    fr.notes = [{ text: '#BAR#B2C' }];
    if (fr.seller) fr.seller = { ...fr.seller, address: { ...fr.seller.address, country: 'FR' } };
    const fired = (frenchVersion: '1.4.0.03' | '1.4.0.04') =>
      validate(fr, { syntax: 'UBL', frenchEdition: 'standard', frenchVersion }).errors.some(
        (e) => e.rule === 'BR-FR-22',
      );
    expect(fired('1.4.0.03')).toBe(true);
    expect(fired('1.4.0.04')).toBe(false);
  });

  it('lets a caller give the processing type, read where the BAR note would be (BR-FR-11 for B2B)', () => {
    const fr = goodInvoice();
    if (fr.seller?.address) fr.seller.address.country = 'FR';
    fr.notes = [];
    if (fr.buyer) fr.buyer.legalRegistrationId = undefined as never;
    const ids = (processingType?: string) =>
      validate(fr, { frenchEdition: 'standard', ...(processingType ? { processingType } : {}) }).errors.map(
        (e) => e.rule,
      );
    expect(ids()).not.toContain('BR-FR-11');
    expect(ids('B2B')).toContain('BR-FR-11');
    expect(ids('B2C')).not.toContain('BR-FR-11');
  });

  it('names the Factur-X rule set of the profile it was asked for', () => {
    const r = validate(goodInvoice(), { profile: 'BASIC' });
    expect(r.ruleSets).toContainEqual({ name: 'FACTUR-X-BASIC', version: '1.09.2' });
    expect(validate(goodInvoice(), { profile: 'BASIC', ruleSets: ['EN16931'] }).ruleSets).toHaveLength(1);
  });

  it('runs a Factur-X rule only for the profiles it lists', () => {
    const onlyBasic = defineRule({
      id: 'TEST-FX-EXT',
      ruleSet: 'FACTUR-X',
      family: 'test',
      severity: 'warning',
      terms: ['BT-1'],
      message: { en: 'extended only', fr: 'extended seulement' },
      explanation: { en: 'x', fr: 'x' },
      fix: { en: 'x', fr: 'x' },
      profiles: ['EXTENDED'],
      check: (_inv, report) => report('invoice.number'),
    });
    facturxRules.push(onlyBasic);
    try {
      // per-profile lists are cached on first use; no earlier test used EXTENDED or EN16931
      const fires = (profile: 'EXTENDED' | 'EN16931') =>
        validate(goodInvoice(), { profile }).warnings.filter((w) => w.rule === 'TEST-FX-EXT').length;
      expect(fires('EXTENDED')).toBe(1);
      expect(fires('EN16931')).toBe(0);
      expect(validate(goodInvoice()).warnings.some((w) => w.rule === 'TEST-FX-EXT')).toBe(false);
    } finally {
      facturxRules.pop();
    }
  });

  it('keeps only the rule sets named in ruleSets', () => {
    const fr = goodInvoice();
    if (fr.seller?.address) fr.seller.address.country = 'FR';
    expect(validate(fr, { ruleSets: ['BR-FR'] }).ruleSets.map((s) => s.name)).toEqual(['BR-FR']);
    expect(validate(fr, { ruleSets: [] }).ruleSets).toEqual([]);
  });

  it('turns a throwing predicate into an EINV-RULE-ERROR finding and keeps running the other rules', () => {
    const boom = defineRule({
      id: 'TEST-BOOM',
      ruleSet: 'EN16931',
      family: 'test',
      severity: 'fatal',
      terms: [],
      message: { en: 'x', fr: 'x' },
      explanation: { en: 'x', fr: 'x' },
      fix: { en: 'x', fr: 'x' },
      check: () => {
        throw new Error('kaput');
      },
    });
    en16931Rules.unshift(boom);
    try {
      const { number: _n, ...inv } = goodInvoice();
      const r = validate(inv);
      expect(r.errors.find((e) => e.rule === RULE_ERROR)?.message).toContain('TEST-BOOM');
      expect(r.errors.some((e) => e.rule === 'BR-02')).toBe(true);
    } finally {
      en16931Rules.shift();
    }
  });

  it('never throws and never mutates, whatever the invoice holds', () => {
    const anything = fc.anything({ maxDepth: 4, withNullPrototype: true, withObjectString: true });
    const invoiceLike = fc.record(
      {
        number: anything,
        currency: anything,
        seller: fc.oneof(anything, fc.record({ name: anything, address: anything, identifiers: anything })),
        lines: fc.oneof(
          anything,
          fc.array(
            fc.oneof(anything, fc.record({ netAmount: anything, quantity: anything, allowances: anything })),
          ),
        ),
        totals: fc.oneof(
          anything,
          fc.record({ lineNetTotal: anything, vatTotal: anything, amountDue: anything }),
        ),
        vatBreakdown: fc.oneof(
          anything,
          fc.array(fc.record({ rate: anything, taxAmount: anything, taxableAmount: anything })),
        ),
        allowances: anything,
        paymentMeans: anything,
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(invoiceLike, fc.constantFrom('CII', 'UBL', undefined), (value, syntax) => {
        const before = JSON.stringify(value);
        const r = validate(value as Invoice, syntax ? { syntax } : {});
        expect(r.valid).toBe(r.errors.length === 0);
        // Our own families are written defensively: none of them may need the safety net
        expect(r.errors.filter((e) => e.rule === RULE_ERROR && OWN.has(String(e.value)))).toEqual([]);
        expect(JSON.stringify(value)).toBe(before);
      }),
      { numRuns: 400 },
    );
  });

  it('never throws and never needs the safety net, whatever source facts a caller passes', () => {
    const anything = fc.anything({ maxDepth: 3, withNullPrototype: true });
    const node = fc.oneof(
      anything,
      fc.record({ value: anything, xpath: anything, line: anything, tag: anything }, { requiredKeys: [] }),
    );
    const ids = fc.constantFrom('BR-CL-03', 'BR-CL-14', 'BR-52', 'BR-FR-16', 'BR-FR-29', 'BR-FR-02');
    const facts = fc.oneof(
      anything,
      fc.record(
        {
          values: fc.oneof(anything, fc.dictionary(ids, fc.oneof(anything, fc.array(node)))),
          unreadable: anything,
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(facts, anything, fc.constantFrom('CII', 'UBL'), (source, locations, syntax) => {
        const r = validate(goodInvoice(), {
          syntax,
          frenchEdition: 'standard',
          source: source as SourceFacts,
          locations: locations as SourceLocations,
        });
        expect(r.errors.filter((e) => e.rule === RULE_ERROR)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('survives non-objects, NaN, strings for numbers and 10,000 lines', () => {
    for (const v of [
      null,
      undefined,
      42,
      'x',
      [],
      { lines: 'nope' },
      { totals: { lineNetTotal: Number.NaN } },
    ]) {
      expect(() => validate(v as unknown as Invoice)).not.toThrow();
    }
    const big = goodInvoice();
    const line = big.lines?.[0];
    big.lines = Array.from({ length: 10_000 }, (_, i) => ({ ...line, id: String(i + 1) }));
    const r = validate(big);
    expect(r.errors.map((e) => e.rule)).toContain('BR-CO-10');
  });
});

describe('rule catalogue', () => {
  it('has unique ids and finds rules case-insensitively', () => {
    const ids = ruleCatalogue.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(getRule('br-co-10')?.id).toBe('BR-CO-10');
    expect(getRule('BR-01')?.terms).toEqual(['BT-24']);
    expect(getRule('NOPE')).toBeUndefined();
  });
});
