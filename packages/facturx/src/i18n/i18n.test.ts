/**
 * French everywhere (issue #16, decision 0132): every message template of the catalogues exists in
 * en and fr, non-empty; and the English the lower layers write comes out French from the facade on
 * broken documents of every kind.
 */
import { writeCii } from '@einv/cii';
import { complete } from '@einv/core-model';
import { ruleCatalogue } from '@einv/rules';
import { ublSyntaxRules, writeUbl } from '@einv/ubl';
import { describe, expect, it } from '@jest/globals';
import { loadFixture } from '../../../../fixtures/load.js';
import { ciiSyntaxRules } from '../../../cii/src/check/syntax-rules.js';
import { FINDING_CODES } from '../codes/finding-codes.js';
import { checkXml } from '../report/check-xml.js';
import { validateDocument } from '../report/validate-document.js';
import { MESSAGE_TEMPLATES } from './message-templates.js';
import { syntaxRuleFr } from './syntax-rules-fr.js';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\*?\}/g)].map((m) => m[1]).sort();
const filled = (s: unknown) => typeof s === 'string' && s.trim() !== '';

describe('every message template has both languages', () => {
  it('the finding message templates (structure, parser, readers)', () => {
    for (const t of MESSAGE_TEMPLATES) {
      expect([t.en, filled(t.en) && filled(t.fr)]).toEqual([t.en, true]);
      expect([t.en, placeholders(t.fr)]).toEqual([t.en, placeholders(t.en)]);
    }
  });
  it('the explanations of einv’s own codes', () => {
    for (const [code, e] of Object.entries(FINDING_CODES))
      for (const k of ['checks', 'explanation', 'fix'] as const)
        expect([code, k, filled(e[k].en) && filled(e[k].fr) && e[k].en !== e[k].fr]).toEqual([code, k, true]);
  });
  it('the rule catalogue: message, explanation and fix', () => {
    for (const r of ruleCatalogue)
      for (const k of ['message', 'explanation', 'fix'] as const)
        expect([r.id, k, filled(r[k].en) && filled(r[k].fr)]).toEqual([r.id, k, true]);
  });
  it('every official syntax rule has a French message', () => {
    const missing = [...ciiSyntaxRules(), ...ublSyntaxRules()].filter((r) => !syntaxRuleFr(r.id, r.message));
    expect(missing.map((r) => `${r.id}: ${r.message}`)).toEqual([]);
  });
});

/** CII and UBL written from a fixture, then broken on purpose */
function documents(): Record<string, string> {
  const invoice = complete(loadFixture('fr-b2b-simple').invoice);
  const cii = writeCii(invoice, { profile: 'EN16931' }).xml;
  const ubl = writeUbl(invoice).xml;
  return {
    'element out of order': cii.replace(
      /(<ram:ID>[^<]*<\/ram:ID>)(\s*)(<ram:TypeCode>380<\/ram:TypeCode>)/,
      '$3$2$1',
    ),
    'missing element': cii.replace(/<ram:TypeCode>380<\/ram:TypeCode>/, ''),
    'unknown element': cii.replace(
      '<ram:TypeCode>380</ram:TypeCode>',
      '<ram:TypeCode>380</ram:TypeCode><ram:Foo/>',
    ),
    'bad date': cii.replace(
      /<udt:DateTimeString format="102">\d+/,
      '<udt:DateTimeString format="102">2026-13-45',
    ),
    'bad amount': cii.replace(/<ram:GrandTotalAmount>[^<]*/, '<ram:GrandTotalAmount>12,50'),
    'syntax rule': cii.replace(
      '<ram:TypeCode>380</ram:TypeCode>',
      '<ram:TypeCode>380</ram:TypeCode><ram:CopyIndicator><udt:Indicator>false</udt:Indicator></ram:CopyIndicator>',
    ),
    'wrong root': '<?xml version="1.0"?><Order xmlns="urn:example"/>',
    'wrong namespace': cii.replace(/xmlns:rsm="[^"]*"/, 'xmlns:rsm="urn:example"'),
    'not closed': cii.slice(0, cii.length - 40),
    doctype: `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "x">]>${cii.replace(/^<\?xml[^>]*>/, '')}`,
    'stray ampersand': cii.replace('<ram:TypeCode>380', '<ram:TypeCode>38&0'),
    'ubl out of order': ubl.replace(
      /(<cbc:ID>[^<]*<\/cbc:ID>)(\s*)(<cbc:IssueDate>[^<]*<\/cbc:IssueDate>)/,
      '$3$2$1',
    ),
    'ubl bad number': ubl.replace(
      /<cbc:PayableAmount currencyID="EUR">[^<]*/,
      '<cbc:PayableAmount currencyID="EUR">1.2.3',
    ),
  };
}

describe('the facade answers in French', () => {
  const docs = documents();
  for (const [name, xml] of Object.entries(docs)) {
    it(`${name}: every message translated`, () => {
      const bytes = new TextEncoder().encode(xml);
      const en = validateDocument(bytes, { lang: 'en', frenchEdition: 'off' });
      const fr = validateDocument(bytes, { lang: 'fr', frenchEdition: 'off' });
      const enAll = [...en.errors, ...en.warnings];
      const frAll = [...fr.errors, ...fr.warnings];
      expect(frAll.length).toBe(enAll.length);
      expect(enAll.length).toBeGreaterThan(0);
      const untranslated = frAll.filter((f, i) => f.message === enAll[i]?.message);
      expect(untranslated.map((f) => `${f.rule}: ${f.message}`)).toEqual([]);
      const check = checkXml(xml, { lang: 'fr' });
      const checkEn = checkXml(xml);
      const same = check.errors.filter((f, i) => f.message === checkEn.errors[i]?.message);
      expect(same.map((f) => `${f.rule}: ${f.message}`)).toEqual([]);
    });
  }
});
