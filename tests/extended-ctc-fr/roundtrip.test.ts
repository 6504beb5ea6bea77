/**
 * Acceptance: every Annexe B EXTENDED-CTC-FR example, as published and declaring the profile, reads,
 * writes back (writeCii with the profile it declares, writeUbl) and reads again to the same model,
 * and the written XML gets the same official verdict (EXTENDED-CTC-FR 1.4.0.03 + BR-FR 1.4.0.03), with
 * nothing reported lost.
 */
import fs from 'node:fs';
import { readCii, writeCii } from '@einv/cii';
import { readUbl, writeUbl } from '@einv/ubl';
import { beforeAll, expect, it } from '@jest/globals';
import { stripComments } from '../br-fr/mutation-kit.js';
import { runOracleCached } from '../conformance/oracle-cache.js';
import type { OracleResult } from '../support/oracle.js';
import { describeIfShared, sharedPath } from '../support/shared.js';
import { type Doc, isExtendedExample, loadExamples } from './corpus.js';

interface Trip {
  first: unknown;
  second: unknown;
  written: string;
  declared: unknown;
  /** what the reader said it could not hold in the model (the round trip cannot keep it) */
  lost: string[];
}

const LOSSY = /^(CII|UBL)-(ALTERNATIVE|REPEATED|UNREAD)|UBL-READ-UNKNOWN/;

function roundTrip(doc: Doc): Trip {
  if (doc.syntax === 'CII') {
    const read = readCii(doc.xml);
    const written = writeCii(read.invoice, { profile: read.documentProfile ?? 'EN16931' }).xml;
    const again = readCii(written);
    return trip(read, again, written);
  }
  const read = readUbl(doc.xml);
  const written = writeUbl(read.invoice).xml;
  return trip(read, readUbl(written), written);
}

type Read = {
  invoice: unknown;
  documentProfile?: string | undefined;
  diagnostics: { rule: string; bt?: string; xpath?: string }[];
};
/** cbc:UBLVersionID is the UBL version (2.1), not invoice data: EN 16931 asks not to send it (UBL-CR-001) */
const NOT_DATA = /\/cbc:UBLVersionID$/;
function trip(read: Read, again: Read, written: string): Trip {
  const lost = read.diagnostics
    .filter((d) => LOSSY.test(d.rule) && !NOT_DATA.test(d.xpath ?? ''))
    .map((d) => `${d.rule} ${d.bt ?? ''}`.trim());
  return {
    first: read.invoice,
    second: again.invoice,
    written,
    declared: [read.documentProfile, again.documentProfile],
    lost: [...new Set(lost)].sort(),
  };
}

/** The verdict compared: each failed assert's id (or message prefix) and flag, as a sorted list */
const verdict = (r: OracleResult | undefined) =>
  r?.error
    ? [`error ${r.error}`]
    : [...new Set((r?.failed ?? []).map((f) => `${f.id || f.text.slice(0, 12)} ${f.flag}`))].sort();

describeIfShared('EXTENDED-CTC-FR examples: read → write → read, and the same official verdict', () => {
  const declared = loadExamples().filter((d) => isExtendedExample(d.id));
  // as published: the CII examples name Factur-X EXTENDED, the UBL ones EXTENDED-CTC-FR
  const published = declared.map((d) => ({
    ...d,
    id: `${d.id} (as published)`,
    xml: stripComments(fs.readFileSync(sharedPath('br-fr/examples', d.id), 'utf8').replace(/^\uFEFF/, '')),
  }));
  const docs = [...declared, ...published];
  const trips = docs.map(roundTrip);
  let before: OracleResult[] = [];
  let after: OracleResult[] = [];

  beforeAll(async () => {
    const options = { extendedCtcFr: true, brfr: 'brfr' as const, cen: false as const };
    before = await runOracleCached(
      docs.map((d) => ({ id: d.id, xml: d.xml })),
      options,
    );
    after = await runOracleCached(
      trips.map((t, i) => ({ id: docs[i]?.id ?? '', xml: t.written })),
      options,
    );
  }, 600_000);

  it('reads each declared example as EXTENDED-CTC-FR, and writes it back so', () => {
    expect(declared.length).toBe(7);
    for (const t of trips.slice(0, declared.length))
      expect(t.declared).toEqual(['EXTENDED-CTC-FR', 'EXTENDED-CTC-FR']);
  });

  it('reads the written document to the same model', () => {
    for (const [i, t] of trips.entries())
      expect({ id: docs[i]?.id, model: t.second }).toEqual({ id: docs[i]?.id, model: t.first });
  });

  it('the reader reports no loss on any example', () => {
    // Annexe B v1.2 F202500001 gives an IBAN and a proprietary id for one account (BT-84), a person
    // and a department for the seller and buyer contacts (BT-41 / BT-56) and a line note subject
    // code: the model holds them beside the EN 16931 terms (decision 0126)
    for (const [i, t] of trips.entries()) {
      const id = docs[i]?.id ?? '';
      expect({ id, lost: t.lost }).toEqual({ id, lost: [] });
    }
  });

  it('the written document gets the same official verdict as the example', () => {
    expect(docs.map((d, i) => ({ id: d.id, verdict: verdict(after[i]) }))).toEqual(
      docs.map((d, i) => ({ id: d.id, verdict: verdict(before[i]) })),
    );
  });
});
