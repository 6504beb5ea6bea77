/**
 * readUbl over every official UBL input we have: the 1,131 EN 16931 unit-test fragments (the rules
 * suite runs them through readUbl), the 48 official UBL documents, the UBL files of the corpus and
 * the UBL invoices of the French Annexe B.
 * None may throw; the complete documents must read without a fatal diagnostic and give the totals
 * and line count an independent regex reading of the XML finds.
 */
import fs from 'node:fs';
import { expect, it } from '@jest/globals';
import { describeIfShared } from '../../../tests/support/shared.js';
import {
  corpusUblFiles,
  frenchUblExamples,
  officialUblDocuments,
  officialUblExamples,
  unitCases,
} from './__tests__/documents.js';
import { readUbl } from './index.js';

/** Independent reading: a regex over the raw XML, no parser */
function regexFacts(xml: string): {
  lines: number;
  payable?: number;
  taxExclusive?: number;
  lineTotal?: number;
} {
  const lines = (xml.match(/<(?:[\w.-]+:)?(?:InvoiceLine|CreditNoteLine)[\s>]/g) ?? []).length;
  const total =
    /<(?:[\w.-]+:)?LegalMonetaryTotal[\s>][\s\S]*?<\/(?:[\w.-]+:)?LegalMonetaryTotal>/.exec(xml)?.[0] ?? '';
  const amount = (name: string): number | undefined => {
    const m = new RegExp(`<(?:[\\w.-]+:)?${name}[^>]*>\\s*([^<]*?)\\s*<`).exec(total);
    return m?.[1] !== undefined ? Number(m[1]) : undefined;
  };
  const facts: { lines: number; payable?: number; taxExclusive?: number; lineTotal?: number } = { lines };
  const p = amount('PayableAmount');
  const t = amount('TaxExclusiveAmount');
  const l = amount('LineExtensionAmount');
  if (p !== undefined) facts.payable = p;
  if (t !== undefined) facts.taxExclusive = t;
  if (l !== undefined) facts.lineTotal = l;
  return facts;
}

describeIfShared('readUbl on the official UBL unit-test fragments', () => {
  const cases = unitCases();
  it('finds the 1,131 UBL unit cases', () => {
    expect(cases.length).toBe(1131);
  });
  it('reads every fragment without throwing and without an internal error', () => {
    let internal = 0;
    for (const c of cases) {
      const r = readUbl(c.xml);
      if (r.diagnostics.some((d) => d.rule === 'UBL-READ-INTERNAL' || d.rule === 'UBL-READ-XML')) internal++;
    }
    expect(internal).toBe(0);
  });
});

describeIfShared('readUbl on complete UBL documents', () => {
  const files = [...officialUblDocuments(), ...corpusUblFiles(), ...frenchUblExamples()];
  it('has the 19 official examples, the 29 VEFA test files and the corpus UBL files', () => {
    expect(officialUblExamples()).toHaveLength(19);
    expect(officialUblDocuments()).toHaveLength(48);
    expect(corpusUblFiles().length).toBeGreaterThanOrEqual(32);
    for (const f of files) expect(fs.existsSync(f)).toBe(true);
  });
  it.each(files.map((f) => [f.slice(f.indexOf('/shared/') + 8), f]))(
    '%s reads with the totals and lines of the XML',
    (_name, file) => {
      const xml = fs.readFileSync(file);
      const { invoice, diagnostics } = readUbl(xml);
      expect(diagnostics.filter((d) => d.severity === 'fatal')).toEqual([]);
      const facts = regexFacts(xml.toString('utf8'));
      expect(invoice.lines?.length ?? 0).toBe(facts.lines);
      expect(invoice.totals?.amountDue).toBe(facts.payable);
      expect(invoice.totals?.taxExclusiveAmount).toBe(facts.taxExclusive);
      expect(invoice.totals?.lineNetTotal).toBe(facts.lineTotal);
    },
  );
});
