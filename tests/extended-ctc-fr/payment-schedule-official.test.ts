/**
 * Several due dates (decision 0089) against the official BR-FR 1.4.0.04 set, which judges every due
 * date (BR-FR-CO-07, BR-FR-03): an EXTENDED Annexe B invoice (UC10 CII) with a second payment terms
 * element whose due date is fine, before the issue date, or not a real date. einv fires the same of
 * these rules as the official set, and reads the second due date without a "given twice" finding.
 */
import fs from 'node:fs';
import { validateDocument } from '@einv/facturx';
import { readUbl, writeUbl } from '@einv/ubl';
import { beforeAll, expect, it } from '@jest/globals';
import { stripComments } from '../br-fr/mutation-kit.js';
import { runOracleCached } from '../conformance/oracle-cache.js';
import type { OracleResult } from '../support/oracle.js';
import { describeIfShared, sharedPath } from '../support/shared.js';

const UC10 =
  'annexe-b-v1.3/Facture Sous Ligne et Multi-Vendeur/_Multi-Vendeur/UC10_F202600004_MULTI-VENDEUR_CII_Commentee_EXTENDED.xml';
const WATCHED = ['BR-FR-CO-07', 'BR-FR-03'];

/** UC10 with a second payment terms element due on `date` (YYYYMMDD) */
function withSecondDueDate(xml: string, date: string): string {
  const second = `<ram:SpecifiedTradePaymentTerms><ram:Description>Solde</ram:Description><ram:DueDateDateTime><udt:DateTimeString format="102">${date}</udt:DateTimeString></ram:DueDateDateTime><ram:PartialPaymentAmount>10.00</ram:PartialPaymentAmount></ram:SpecifiedTradePaymentTerms>`;
  return xml.replace('</ram:SpecifiedTradePaymentTerms>', `</ram:SpecifiedTradePaymentTerms>${second}`);
}

const watched = (ids: string[]) =>
  [...new Set(ids.map((id) => WATCHED.find((w) => id.startsWith(w))).filter((x): x is string => !!x))].sort();

describeIfShared('several due dates against the official BR-FR 1.4.0.04 set', () => {
  const base = stripComments(fs.readFileSync(sharedPath('br-fr/examples', UC10), 'utf8'));
  const docs = [
    { id: 'second due date after the issue date', xml: withSecondDueDate(base, '20260302') },
    { id: 'second due date before the issue date', xml: withSecondDueDate(base, '20251231') },
    { id: 'second due date not a real date', xml: withSecondDueDate(base, '20260230') },
  ];
  let official: OracleResult[] = [];

  beforeAll(async () => {
    official = await runOracleCached(docs, { brfr: 'brfr', brfrVersion: '1.4.0.04', cen: false });
  }, 600_000);

  it('fires BR-FR-CO-07 / BR-FR-03 exactly when the official set does', () => {
    const theirs = docs.map((d, i) => ({
      id: d.id,
      fired: watched((official[i]?.failed ?? []).map((f) => f.id)),
    }));
    const ours = docs.map((d) => {
      const r = validateDocument(new TextEncoder().encode(d.xml), {
        frenchEdition: 'standard',
        frenchVersion: '1.4.0.04',
      });
      return { id: d.id, fired: watched([...r.errors, ...r.warnings].map((f) => f.rule)) };
    });
    expect(theirs.map((t) => t.fired)).toEqual([[], ['BR-FR-CO-07'], ['BR-FR-03']]);
    expect(ours).toEqual(theirs);
  });

  it('reads the second due date into the schedule, with no "given twice" finding', () => {
    const r = validateDocument(new TextEncoder().encode(docs[0]?.xml ?? ''), { frenchEdition: 'standard' });
    expect([...r.errors, ...r.warnings].filter((f) => f.rule === 'CII-REPEATED')).toEqual([]);
  });
});

/**
 * UBL (decision 0127): a schedule written as one cac:PaymentTerms per entry (amount, due date; the
 * text on the first only) is what the official sets accept: EXTENDED-CTC-FR 1.4.0.03 warns
 * (UBL-CR-459, UBL-CR-463), BR-FR 1.4.0.04 does not read those due dates. einv writes it so for
 * EXTENDED-CTC-FR, reads it back, and fires the same ids as both official sets.
 */
const UC10_UBL =
  'annexe-b-v1.3/Facture Sous Ligne et Multi-Vendeur/_Multi-Vendeur/UC10_F202600004_MULTI-VENDEUR_UBL_Commentee_EXTENDED.xml';

describeIfShared('several due dates in UBL EXTENDED-CTC-FR against the official sets', () => {
  const read = readUbl(stripComments(fs.readFileSync(sharedPath('br-fr/examples', UC10_UBL), 'utf8')));
  const schedule = [
    { description: 'Acompte', dueDate: '2026-02-02', amount: 3000 },
    { description: 'Solde', dueDate: '2025-12-01', amount: 3150 },
  ];
  const written = writeUbl({ ...read.invoice, paymentSchedule: schedule });
  const again = readUbl(written.xml);
  const xml = written.xml;
  let ext: OracleResult | undefined;
  let brfr: OracleResult | undefined;

  beforeAll(async () => {
    [ext] = await runOracleCached([{ id: 'ubl', xml }], { extendedCtcFr: true, cen: false });
    [brfr] = await runOracleCached([{ id: 'ubl', xml }], {
      brfr: 'brfr',
      brfrVersion: '1.4.0.04',
      cen: false,
    });
  }, 600_000);

  it('writes one payment terms element per entry, says the later text is not written, reads it back', () => {
    expect(xml.match(/<cac:PaymentTerms>/g)).toHaveLength(2);
    expect(written.warnings.map((w) => `${w.rule} ${w.path}`)).toEqual([
      'UBL-WRITE-SKIPPED invoice.paymentSchedule[1].description',
    ]);
    expect(again.invoice.paymentSchedule).toEqual([
      { description: read.invoice.paymentTerms, dueDate: '2026-02-02', amount: 3000 },
      { dueDate: '2025-12-01', amount: 3150 },
    ]);
    expect(again.diagnostics.filter((d) => /PaymentTerms/.test(d.xpath ?? ''))).toEqual([]);
  });

  it('the official sets find nothing fatal, and einv fires the same ids', () => {
    const official = [...(ext?.failed ?? []), ...(brfr?.failed ?? [])];
    expect(official.filter((f) => f.flag !== 'warning')).toEqual([]);
    const theirs = [...new Set(official.map((f) => f.id))].sort();
    const report = validateDocument(new TextEncoder().encode(xml), {
      frenchEdition: 'standard',
      frenchVersion: '1.4.0.04',
    });
    const ours = [...new Set([...report.errors, ...report.warnings].map((f) => f.rule))]
      .filter((id) => /^(BR-|UBL-(SR|CR|DT)-)/.test(id))
      .sort();
    expect(theirs).toEqual(expect.arrayContaining(['UBL-CR-459', 'UBL-CR-463']));
    expect(ours).toEqual(theirs);
  });
});
