/**
 * Our BR-FR code lists (packages/rules/src/br-fr/common.ts) against the custom:* functions of the
 * official 1.4.0.03 schematrons (CII and UBL), so they cannot drift from the source. Reads ../shared.
 */
import fs from 'node:fs';
import { expect, it } from '@jest/globals';
import {
  ATTACHMENT_CODES,
  BAR_TREATMENTS,
  BILLING_MODES,
  DOCUMENT_TYPE_CODES,
  VAT_CATEGORIES,
  VAT_RATES,
} from '../../packages/rules/src/br-fr/common.js';
import { describeIfShared, sharedPath } from '../support/shared.js';

const FILES = {
  CII: '20260804_BR-FR-Flux2-Schematron-CII_V1.4.0.03.sch',
  UBL: '20260804_BR-FR-Flux2-Schematron-UBL_V1.4.0.03.sch',
};

/** The body of one xsl:function of the official schematron */
function functionBody(sch: string, name: string): string {
  const m = new RegExp(`<xsl:function name="custom:${name}"[\\s\\S]*?</xsl:function>`).exec(sch);
  if (!m) throw new Error(`custom:${name} not found`);
  return m[0];
}
/** Values of a quoted list ('a', 'b') or of a space-separated string 'a b c' in a function body */
function quoted(body: string): string[] {
  // the regex argument of tokenize() ('\s+') is not a value
  const values = [...body.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '').filter((v) => !v.includes('\\'));
  return values.length === 1 ? (values[0] ?? '').split(/\s+/).filter(Boolean) : values;
}
const sorted = (values: Iterable<string>) => [...values].sort();

describeIfShared('BR-FR code lists against the official custom functions', () => {
  for (const [syntax, file] of Object.entries(FILES)) {
    const sch = fs.readFileSync(sharedPath('br-fr/schematron-1.4.0.03/schematron', file), 'utf8');
    it(`${syntax}: document types, billing frameworks, BAR values, VAT categories and attachments are the official lists`, () => {
      expect(sorted(DOCUMENT_TYPE_CODES)).toEqual(
        sorted(quoted(functionBody(sch, 'is-valid-document-type-code'))),
      );
      expect(sorted(BILLING_MODES)).toEqual(sorted(quoted(functionBody(sch, 'is-valid-billing-mode'))));
      expect(sorted(BAR_TREATMENTS)).toEqual(sorted(quoted(functionBody(sch, 'is-valid-bar-treatment'))));
      expect(sorted(VAT_CATEGORIES)).toEqual(sorted(quoted(functionBody(sch, 'is-valid-vat-category-code'))));
      expect(sorted(ATTACHMENT_CODES)).toEqual(sorted(quoted(functionBody(sch, 'is-valid-attachment-code'))));
    });
    it(`${syntax}: the French VAT rates are the official ones (every written form has at most 2 decimals)`, () => {
      const written = quoted(functionBody(sch, 'is-valid-vat-rate'));
      expect(written.every((w) => /^\d+(\.\d{1,2})?$/.test(w))).toBe(true);
      expect([...new Set(written.map(Number))].sort((a, b) => a - b)).toEqual(
        [...VAT_RATES].sort((a, b) => a - b),
      );
    });
  }
});
