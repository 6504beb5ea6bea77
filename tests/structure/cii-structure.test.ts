/**
 * checkCii's structure verdict equals libxml2's XSD verdict (Factur-X 1.09.2, per profile) on the
 * official examples, the corpus, the XML extracted from corpus PDFs and deterministic mutations.
 */

import { checkCii } from '@einv/cii';
import { expect, it } from '@jest/globals';
import { describeIfShared } from '../support/shared.js';
import { Agreement, withMutations } from './agreement.js';
import { ciiDocs, ciiXsd, xsdVerdict } from './support.js';

const STRUCTURE = /^(XSD-|XML-|ROOT$|NAMESPACE$)/;
/** How many mutated variants of each document (the mutation kind rotates with the document) */
const PER_DOC = 3;

describeIfShared('CII structure check vs the Factur-X XSD (libxml2)', () => {
  it('agrees with the XSD on examples, corpus, extracted XML and their mutations', () => {
    const cases = withMutations(ciiDocs(), PER_DOC, 7919);
    const agreement = new Agreement();
    for (const c of cases) {
      const result = checkCii(c.xml);
      const ours = [...result.errors, ...result.warnings].filter((f) => STRUCTURE.test(f.rule));
      const profile = result.profile ?? 'EN16931';
      agreement.add(
        `${profile} ${c.group}`,
        `${c.id} [${profile}]`,
        ours,
        xsdVerdict(c.xml, ciiXsd(profile)),
      );
    }
    console.log(agreement.table('CII profile / case', cases.length));
    expect(agreement.disagreements.slice(0, 15)).toEqual([]);
  });
});
