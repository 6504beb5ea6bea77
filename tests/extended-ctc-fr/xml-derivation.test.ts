/**
 * The EXTENDED-CTC-FR VAT breakdown calculations judged on the XML (decision 0125) show how the
 * amount they expected is computed, in the reader's language, like the model rules' derivations
 * (decision 0152): the official test's variables are read by @einv/xml-check and named as business
 * terms by @einv/rules. A CII and a UBL invoice written by einv get a wrong BT-116 or BT-117.
 */
import { complete } from '@einv/core-model';
import { type Finding, validateDocument, writeCii, writeUbl } from '@einv/facturx';
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildApp } from '../../apps/validator-api/src/__tests__/harness.js';
import { loadFixture } from '../../fixtures/load.js';

const NNBSP = '\u202f';
const invoice = complete(loadFixture('fr-multi-rate').invoice);
const encode = (xml: string) => new TextEncoder().encode(xml);

/** The findings of `rule` on the document judged as EXTENDED-CTC-FR, in `lang` */
function judged(xml: string, lang: 'en' | 'fr', rule: RegExp): Finding[] {
  const r = validateDocument(encode(xml), { profile: 'EXTENDED-CTC-FR', lang, frenchEdition: 'off' });
  return [...r.errors, ...r.warnings].filter((f) => rule.test(f.rule));
}

/** The first `<tag>value</tag>` of the document with its value replaced */
const replaceFirst = (xml: string, tag: string, value: string) =>
  xml.replace(new RegExp(`(<${tag}[^>]*>)[^<]*`), `$1${value}`);

describe('CII: BR-FXEXT-*-08 / -09', () => {
  const xml = writeCii(invoice, { profile: 'EXTENDED' }).xml;
  it('is clean as written', () => {
    expect(judged(xml, 'en', /^BR-FXEXT-[A-Z]+-0[89]/)).toEqual([]);
  });
  it('a wrong taxable amount: Σ BT-131 − Σ BT-92 + Σ BT-99 + Σ BT-X-272, in fr and en', () => {
    const wrong = replaceFirst(xml, 'ram:BasisAmount', '9999.99');
    const [fr] = judged(wrong, 'fr', /^BR-FXEXT-S-08$/);
    const [en] = judged(wrong, 'en', /^BR-FXEXT-S-08$/);
    expect(fr?.found).toBe('9999.99');
    expect(fr?.expected).toBeDefined();
    expect(fr?.derivation).toMatch(
      new RegExp(
        `^BT-116 = Σ BT-131 − Σ BT-92 \\+ Σ BT-99 \\+ Σ BT-X-272 = [\\d${NNBSP}]+,\\d\\d − 0,00 \\+ 0,00 \\+ 0,00 = [\\d${NNBSP}]+,\\d\\d${NNBSP}; la facture indique 9${NNBSP}999,99$`,
      ),
    );
    expect(en?.derivation).toMatch(
      /^BT-116 = Σ BT-131 − Σ BT-92 \+ Σ BT-99 \+ Σ BT-X-272 = [\d,]+\.\d\d − 0\.00 \+ 0\.00 \+ 0\.00 = [\d,]+\.\d\d; the invoice says 9,999\.99$/,
    );
    // the derivation's result is the expected value, in the reader's format
    expect(en?.derivation).toContain(
      `= ${Number(en?.expected).toLocaleString('en-US', { minimumFractionDigits: 2 })};`,
    );
    // the test's own variable names never reach the report
    expect(fr).not.toHaveProperty('calculation');
  });
  it('a wrong VAT amount: BT-117 = BT-116 × BT-119 ÷ 100', () => {
    const wrong = replaceFirst(xml, 'ram:CalculatedAmount', '1.00');
    const [fr] = judged(wrong, 'fr', /^BR-FXEXT-S-09$/);
    expect(fr?.found).toBe('1');
    expect(fr?.derivation).toMatch(
      new RegExp(
        `^BT-117 = BT-116 × BT-119 ÷ 100 = [\\d${NNBSP}]+,\\d\\d × [\\d,]+ ÷ 100 = [\\d${NNBSP}]+,\\d\\d${NNBSP}; la facture indique 1,00$`,
      ),
    );
  });
});

describe('UBL: BR-FREXT-*-08 / -09', () => {
  const xml = writeUbl(invoice).xml;
  it('a wrong taxable amount and a wrong VAT amount get their derivations', () => {
    const base = replaceFirst(xml, 'cbc:TaxableAmount', '9999.99');
    const [s08] = judged(base, 'en', /^BR-FREXT-S-08$/);
    expect(s08?.derivation).toMatch(
      /^BT-116 = Σ BT-131 − Σ BT-92 \+ Σ BT-99 = [\d,]+\.\d\d − 0\.00 \+ 0\.00 = [\d,]+\.\d\d; the invoice says 9,999\.99$/,
    );
    // the first breakdown's BT-117 (the TaxAmount right after its TaxableAmount)
    const vat = xml.replace(
      /(<cac:TaxSubtotal>\s*<cbc:TaxableAmount[^>]*>[^<]*<\/cbc:TaxableAmount>\s*<cbc:TaxAmount[^>]*>)[^<]*/,
      '$11.00',
    );
    const [s09] = judged(vat, 'fr', /^BR-FREXT-S-09$/);
    expect(s09?.derivation).toMatch(
      new RegExp(
        `^BT-117 = BT-116 × BT-119 ÷ 100 = [\\d${NNBSP}]+,\\d\\d × [\\d,]+ ÷ 100 = [\\d${NNBSP}]+,\\d\\d${NNBSP}; la facture indique 1,00$`,
      ),
    );
  });
});

describe('through the validator API', () => {
  it('the finding carries found, expected and the derivation in the asked language, not the test variables', async () => {
    const wrong = replaceFirst(writeUbl(invoice).xml, 'cbc:TaxableAmount', '9999.99');
    const res = await request(buildApp())
      .post('/v1/validate?profile=EXTENDED-CTC-FR&lang=fr&frenchRules=off')
      .set('content-type', 'application/xml')
      .send(wrong);
    expect(res.status).toBe(200);
    const s08 = res.body.errors.find((f: Finding) => f.rule === 'BR-FREXT-S-08');
    expect(s08).toMatchObject({ found: '9999.99', expected: expect.stringMatching(/^\d+(\.\d+)?$/) });
    expect(s08.derivation).toMatch(
      /^BT-116 = Σ BT-131 − Σ BT-92 \+ Σ BT-99 = .*la facture indique 9\u202f999,99$/,
    );
    expect(s08).not.toHaveProperty('calculation');
  });
});
