/**
 * checkUbl's structure verdict equals libxml2's XSD verdict (OASIS UBL 2.1) on the official
 * examples, the corpus and deterministic mutations. The oracle is libxml2-wasm with the schema
 * compiled once (libxmljs2 recompiles the 2.4 MB UBL schema set on each validate, ~90 ms); both
 * libxml2 builds are checked to agree on the original documents.
 */

import { checkUbl } from '@einv/ubl';
import { expect, it } from '@jest/globals';
import { describeIfShared } from '../support/shared.js';
import { type Doc, MUTATIONS, mutate, ublDocs, ublXsd, xsdVerdict, xsdVerdictOnce } from './support.js';

const STRUCTURE = /^(XSD-|XML-|ROOT$|NAMESPACE$)/;
const PER_DOC = 10;

describeIfShared('UBL structure check vs the UBL 2.1 XSD (libxml2)', () => {
  it('agrees with the XSD on examples, corpus and their mutations', () => {
    const docs = ublDocs();
    const cases: (Doc & { group: string })[] = [];
    docs.forEach((d, i) => {
      cases.push({ ...d, group: 'original' });
      for (let k = 0; k < PER_DOC; k++) {
        const kind = MUTATIONS[(i * PER_DOC + k) % MUTATIONS.length] ?? 'drop-element';
        const xml = mutate(d.xml, kind, i * 104729 + k);
        if (xml) cases.push({ id: `${d.id}#${kind}`, xml, group: kind });
      }
    });
    const table = new Map<string, { docs: number; agree: number; xsdInvalid: number }>();
    const disagreements: string[] = [];
    for (const c of cases) {
      const result = checkUbl(c.xml);
      const ours = [...result.errors, ...result.warnings].filter((f) => STRUCTURE.test(f.rule));
      const root = /<(?:\w+:)?CreditNote[\s>]/.test(c.xml.slice(0, 2000)) ? 'CreditNote' : 'Invoice';
      const xsd = xsdVerdictOnce(c.xml, ublXsd(root));
      if (c.group === 'original' && (xsdVerdict(c.xml, ublXsd(root)) === null) !== (xsd === null))
        disagreements.push(`${c.id}: libxmljs2 and libxml2-wasm disagree`);
      const key = `${root} ${c.group}`;
      const row = table.get(key) ?? { docs: 0, agree: 0, xsdInvalid: 0 };
      row.docs++;
      if (xsd) row.xsdInvalid++;
      if ((ours.length === 0) === (xsd === null)) row.agree++;
      else
        disagreements.push(
          `${c.id}\n  xsd: ${xsd?.join(' | ') ?? 'valid'}\n  ours: ${ours.map((f) => `${f.rule} ${f.message}`).join(' | ') || 'valid'}`,
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
        '| UBL document / case | docs | XSD-invalid | agree | agreement |',
        '|---|---|---|---|---|',
        ...lines,
        `total ${cases.length}`,
      ].join('\n'),
    );
    expect(disagreements.slice(0, 15)).toEqual([]);
  });
});
