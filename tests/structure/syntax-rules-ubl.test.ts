/**
 * checkUbl's UBL-SR / UBL-CR / UBL-DT findings equal the official CEN 1.3.16 XSLT's, per document
 * and rule (count of failed asserts), on the examples, the corpus, structural mutations and
 * variants that each break one "must be absent" rule.
 */

import { checkUbl } from '@einv/ubl';
import { expect, it } from '@jest/globals';
import { describeIfShared } from '../support/shared.js';
import { ublDocs } from './support.js';
import { compare, findingIds, withBrokenRules, withMutations } from './syntax-support.js';

describeIfShared('UBL syntax rules vs the official XSLT', () => {
  it('UBL-SR / UBL-CR / UBL-DT findings equal the official ones', async () => {
    const originals = ublDocs();
    const docs = [...withMutations(originals, 2, 1, 23), ...withBrokenRules(originals, 'rules-ubl.tsv', 1)];
    const r = await compare(docs, (xml) => findingIds(checkUbl(xml)), /^UBL-(SR|CR|DT)-/);
    console.log(
      `UBL syntax rules: ${r.agree}/${r.compared} documents agree (${r.oracleErrors} more stopped the official XSLT); ${r.fired} (document, rule) failures in the official output`,
    );
    expect(r.compared).toBeGreaterThan(100);
    expect(r.diffs.slice(0, 10)).toEqual([]);
  });
});
