/**
 * Rule applicability from the official contexts (decision 0111): the committed tables are what
 * scripts/gen-rule-contexts.mjs extracts from the official rule tables; the readers count the
 * context nodes; validate() runs a rule only where its official context exists on XML input and
 * keeps the model semantics on a JSON invoice.
 */
import { readCii, writeCii } from '@einv/cii';
import { complete, type Invoice } from '@einv/core-model';
import { validate } from '@einv/rules';
import { readUbl, writeUbl } from '@einv/ubl';
import { describe, expect, it } from '@jest/globals';
import { loadFixture } from '../../fixtures/load.js';
import { CII_RULE_CONTEXTS } from '../../packages/cii/src/generated/rule-contexts.js';
import { UBL_RULE_CONTEXTS } from '../../packages/ubl/src/generated/rule-contexts.js';
// @ts-expect-error -- a plain .mjs dev script without type declarations
import { extractRuleContexts } from '../../scripts/gen-rule-contexts.mjs';
import { describeIfShared, SHARED } from '../support/shared.js';

describeIfShared('generated rule contexts (../shared present)', () => {
  it('equal what gen-rule-contexts.mjs extracts from rules-cii.tsv / rules-ubl.tsv', () => {
    expect(CII_RULE_CONTEXTS).toEqual(extractRuleContexts('cii', SHARED));
    expect(UBL_RULE_CONTEXTS).toEqual(extractRuleContexts('ubl', SHARED));
  });
});

const base = (): Invoice => complete(loadFixture('fr-b2b-simple').invoice);
const rulesOf = (r: { errors: { rule: string }[]; warnings: { rule: string }[] }) =>
  new Set([...r.errors, ...r.warnings].map((f) => f.rule));

describe('a rule runs where its official context exists (XML) and on the model (JSON)', () => {
  it('UBL without cac:LegalMonetaryTotal: the totals rules (context cac:LegalMonetaryTotal) are silent', () => {
    const xml = writeUbl(base()).xml.replace(
      /<cac:LegalMonetaryTotal>[\s\S]*?<\/cac:LegalMonetaryTotal>/,
      '',
    );
    const read = readUbl(xml);
    expect(read.source.contexts?.['BR-12']).toBe(0);
    expect(read.source.contexts?.['BR-01']).toBe(1);
    const xmlVerdict = rulesOf(
      validate(read.invoice, { syntax: 'UBL', frenchEdition: 'off', source: read.source }),
    );
    for (const id of ['BR-12', 'BR-13', 'BR-14', 'BR-15', 'BR-CO-10', 'BR-CO-13', 'BR-CO-16'])
      expect(xmlVerdict.has(id)).toBe(false);
    // the same model as a JSON invoice: the missing totals are what its author must hear about
    const { totals: _dropped, ...withoutTotals } = read.invoice;
    const jsonVerdict = rulesOf(validate(withoutTotals as Invoice, { frenchEdition: 'off' }));
    expect(jsonVerdict.has('BR-12')).toBe(true);
  });

  it('CII with a payment reference but no ram:SpecifiedTradeSettlementPaymentMeans: BR-49 is silent', () => {
    const inv = base();
    const xml = writeCii(inv, { profile: 'EN16931' }).xml.replace(
      /<ram:SpecifiedTradeSettlementPaymentMeans>[\s\S]*?<\/ram:SpecifiedTradeSettlementPaymentMeans>/,
      '',
    );
    expect(xml).toContain('<ram:PaymentReference>');
    const read = readCii(xml);
    expect(read.source.contexts?.['BR-49']).toBe(0);
    const verdict = rulesOf(
      validate(read.invoice, { syntax: 'CII', frenchEdition: 'off', source: read.source }),
    );
    expect(verdict.has('BR-49')).toBe(false);
  });

  it('an emptied context element is judged as there, empty: BR-49 and BR-12 fire as officially', () => {
    const xml = writeCii(base(), { profile: 'EN16931' })
      .xml.replace(
        /<ram:SpecifiedTradeSettlementPaymentMeans>[\s\S]*?<\/ram:SpecifiedTradeSettlementPaymentMeans>/,
        '<ram:SpecifiedTradeSettlementPaymentMeans/>',
      )
      .replace(
        /<ram:SpecifiedTradeSettlementHeaderMonetarySummation>[\s\S]*?<\/ram:SpecifiedTradeSettlementHeaderMonetarySummation>/,
        '<ram:SpecifiedTradeSettlementHeaderMonetarySummation/>',
      );
    const read = readCii(xml);
    expect(read.source.contexts?.['BR-49']).toBe(1);
    const verdict = rulesOf(
      validate(read.invoice, { syntax: 'CII', frenchEdition: 'off', source: read.source }),
    );
    expect(verdict.has('BR-49')).toBe(true);
    expect(verdict.has('BR-12')).toBe(true);
  });

  it('counts each context node: BR-21 (context ram:IncludedSupplyChainTradeLineItem) once per line', () => {
    const read = readCii(writeCii(base(), { profile: 'EN16931' }).xml);
    const lines = base().lines?.length ?? 0;
    expect(lines).toBeGreaterThan(0);
    expect(read.source.contexts?.['BR-21']).toBe(lines);
  });
});
