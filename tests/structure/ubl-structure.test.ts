/**
 * checkUbl's structure verdict equals libxml2's XSD verdict (OASIS UBL 2.1) on the official
 * examples, the corpus and deterministic mutations. The oracle is libxml2-wasm with the schema
 * compiled once (libxmljs2 recompiles the 2.4 MB UBL schema set on each validate, ~90 ms); both
 * libxml2 builds are checked to agree on the original documents.
 */

import { checkUbl } from '@einv/ubl';
import { expect, it } from '@jest/globals';
import { describeIfShared } from '../support/shared.js';
import { Agreement, withMutations } from './agreement.js';
import { ublDocs, ublXsd, xsdVerdict, xsdVerdictOnce } from './support.js';

const STRUCTURE = /^(XSD-|XML-|ROOT$|NAMESPACE$)/;
const PER_DOC = 10;

describeIfShared('UBL structure check vs the UBL 2.1 XSD (libxml2)', () => {
  it('agrees with the XSD on examples, corpus and their mutations', () => {
    const cases = withMutations(ublDocs(), PER_DOC, 104729);
    const agreement = new Agreement();
    for (const c of cases) {
      const result = checkUbl(c.xml);
      const ours = [...result.errors, ...result.warnings].filter((f) => STRUCTURE.test(f.rule));
      const root = /<(?:\w+:)?CreditNote[\s>]/.test(c.xml.slice(0, 2000)) ? 'CreditNote' : 'Invoice';
      const xsd = xsdVerdictOnce(c.xml, ublXsd(root));
      if (c.group === 'original' && (xsdVerdict(c.xml, ublXsd(root)) === null) !== (xsd === null))
        agreement.disagreements.push(`${c.id}: libxmljs2 and libxml2-wasm disagree`);
      agreement.add(`${root} ${c.group}`, c.id, ours, xsd);
    }
    console.log(agreement.table('UBL document / case', cases.length));
    expect(agreement.disagreements.slice(0, 15)).toEqual([]);
  });
});
