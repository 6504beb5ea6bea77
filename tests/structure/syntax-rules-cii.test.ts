/**
 * checkCii's CII-SR / CII-DT findings equal the official CEN 1.3.16 XSLT's, per document and rule
 * (count of failed asserts), on the examples, the corpus, the extracted XML, a sample of structural
 * mutations and variants that each break one "must be absent" rule.
 */

import { checkCii } from '@einv/cii';
import { expect, it } from '@jest/globals';
import { describeIfShared } from '../support/shared.js';
import { ciiDocs } from './support.js';
import { compare, findingIds, withBrokenRules, withMutations } from './syntax-support.js';

describeIfShared('CII syntax rules vs the official XSLT', () => {
  it('CII-SR / CII-DT findings equal the official ones', async () => {
    const originals = ciiDocs();
    const docs = [...withMutations(originals, 8, 1, 11), ...withBrokenRules(originals, 'rules-cii.tsv', 4)];
    const r = await compare(docs, (xml) => findingIds(checkCii(xml)), /^CII-(SR|DT)-/);
    console.log(
      `CII syntax rules: ${r.agree}/${r.compared} documents agree (${r.oracleErrors} more stopped the official XSLT); ${r.fired} (document, rule) failures in the official output`,
    );
    expect(r.compared).toBeGreaterThan(300);
    expect(r.diffs.slice(0, 10)).toEqual([]);
  });
});
