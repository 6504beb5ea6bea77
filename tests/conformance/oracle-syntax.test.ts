/**
 * scripts/lib/oracle-syntax.mjs (which schematron a document goes to, for what does not load SaxonJS:
 * the Saxon-HE engine) against the shared oracle's own `syntaxOf`, run in its child process: the
 * same answer on every official case, the BR-FR examples (CDAR messages among them) and documents
 * made to sit on each branch of the rule (byte order mark, comments, prefixes, CDAR namespaces).
 */
import fs from 'node:fs';
import { expect, it } from '@jest/globals';
// @ts-expect-error -- a plain .mjs dev module without type declarations
import { CDAR_NS, oracleSyntaxOf } from '../../scripts/lib/oracle-syntax.mjs';
import { runJsonLines } from '../support/oracle.js';
import { describeIfShared, sharedFiles } from '../support/shared.js';
import { loadCases } from './cases.js';

const SCRIPT = `
import readline from 'node:readline';
const { syntaxOf } = await import(process.env.EINV_ORACLE_URL);
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { id, xml } = JSON.parse(line);
  console.log(JSON.stringify({ id, syntax: syntaxOf(xml) }));
}
`;

const CII_NS = 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100';
const MADE: Record<string, string> = {
  'byte order mark': `\uFEFF<?xml version="1.0"?><rsm:CrossIndustryInvoice xmlns:rsm="${CII_NS}"/>`,
  'comment and processing instruction first': '<!-- <Invoice> --><?pi x?>\n<CreditNote xmlns="u"/>',
  'UBL invoice, default namespace':
    '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
  'CDAR, prefixed, its namespace': `<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="${CDAR_NS}"/>`,
  'CDAR, default namespace': `<CrossDomainAcknowledgementAndResponse xmlns='${CDAR_NS}'></CrossDomainAcknowledgementAndResponse>`,
  'CDAR, another namespace': '<CrossDomainAcknowledgementAndResponse xmlns="urn:other"/>',
  'CDAR, namespace on another prefix': `<a:CrossDomainAcknowledgementAndResponse xmlns:b="${CDAR_NS}" xmlns:a="urn:x"/>`,
  'invoice inside a wrapper': '<Envelope><Invoice/></Envelope>',
  'dotted prefix and name': '<my.ns:Invoice.Extra xmlns:my.ns="u"/>',
  'no element': 'just text',
  empty: '',
};

describeIfShared("the oracle's choice of schematron, without loading the oracle", () => {
  it('is the shared oracle’s syntaxOf on every official case, BR-FR example and edge case', async () => {
    const docs = [
      ...loadCases().map((c, i) => ({ id: `${c.file}#${c.test_id ?? ''}@${i}`, xml: c.xml ?? '' })),
      ...sharedFiles('br-fr/examples', (name) => /\.xml$/i.test(name)).map((file) => ({
        id: file,
        xml: fs.readFileSync(file, 'utf8'),
      })),
      ...Object.entries(MADE).map(([id, xml]) => ({ id, xml })),
    ];
    const official = await runJsonLines<{ id: string; syntax: string | null }>(
      { script: SCRIPT },
      docs,
      'oracle syntaxOf',
    );
    const ours = docs.map((d) => ({ id: d.id, syntax: oracleSyntaxOf(d.xml) }));
    expect(ours).toEqual(official);
    // every branch was taken
    expect(new Set(ours.map((o) => o.syntax))).toEqual(new Set(['cii', 'ubl', 'cdar', null]));
  });
});
