/**
 * checkCii's structure verdict equals libxml2's XSD verdict (Factur-X 1.09.2, per profile) on the
 * official examples, the corpus, the XML extracted from corpus PDFs and deterministic mutations.
 */

import { checkCii } from '@einv/cii';
import { expect, it } from '@jest/globals';
import { describeIfShared } from '../support/shared.js';
import { ciiDocs, ciiXsd, type Doc, MUTATIONS, mutate, xsdVerdict } from './support.js';

const STRUCTURE = /^(XSD-|XML-|ROOT$|NAMESPACE$)/;
/** How many mutated variants of each document (the mutation kind rotates with the document) */
const PER_DOC = 3;

interface Row {
  docs: number;
  agree: number;
  xsdInvalid: number;
}

describeIfShared('CII structure check vs the Factur-X XSD (libxml2)', () => {
  it('agrees with the XSD on examples, corpus, extracted XML and their mutations', () => {
    const docs = ciiDocs();
    const cases: (Doc & { group: string })[] = [];
    docs.forEach((d, i) => {
      cases.push({ ...d, group: 'original' });
      for (let k = 0; k < PER_DOC; k++) {
        const kind = MUTATIONS[(i * PER_DOC + k) % MUTATIONS.length] ?? 'drop-element';
        const xml = mutate(d.xml, kind, i * 7919 + k);
        if (xml) cases.push({ id: `${d.id}#${kind}`, xml, group: kind });
      }
    });
    const table = new Map<string, Row>();
    const disagreements: string[] = [];
    for (const c of cases) {
      const result = checkCii(c.xml);
      const ours = [...result.errors, ...result.warnings].filter((f) => STRUCTURE.test(f.rule));
      const profile = result.profile ?? 'EN16931';
      const xsd = xsdVerdict(c.xml, ciiXsd(profile));
      const key = `${profile} ${c.group}`;
      const row = table.get(key) ?? { docs: 0, agree: 0, xsdInvalid: 0 };
      row.docs++;
      if (xsd) row.xsdInvalid++;
      if ((ours.length === 0) === (xsd === null)) row.agree++;
      else
        disagreements.push(
          `${c.id} [${profile}]\n  xsd: ${xsd?.join(' | ') ?? 'valid'}\n  ours: ${ours.map((f) => `${f.rule} ${f.message}`).join(' | ') || 'valid'}`,
        );
      table.set(key, row);
    }
    const lines = [...table.entries()]
      .sort()
      .map(
        ([k, r]) =>
          `| ${k} | ${r.docs} | ${r.xsdInvalid} | ${r.agree} | ${((100 * r.agree) / r.docs).toFixed(1)}% |`,
      );
    console.log(
      [
        '| CII profile / case | docs | XSD-invalid | agree | agreement |',
        '|---|---|---|---|---|',
        ...lines,
        `total ${cases.length}`,
      ].join('\n'),
    );
    expect(disagreements.slice(0, 15)).toEqual([]);
  });
});
