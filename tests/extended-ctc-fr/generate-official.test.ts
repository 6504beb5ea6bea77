/**
 * Acceptance: generate(…, { profile: 'EXTENDED-CTC-FR' }) on every Annexe B EXTENDED-CTC-FR example
 * (read, then generated from the model) writes a document that the official EXTENDED-CTC-FR 1.4.0.03
 * and BR-FR (1.4.0.03 and 1.4.0.04) schematrons pass, and einv's own verdict agrees.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Invoice } from '@einv/core-model';
import { detectAndRead, generate } from '@einv/facturx';
import { beforeAll, expect, it } from '@jest/globals';
import { runOracleCached } from '../conformance/oracle-cache.js';
import type { OracleResult } from '../support/oracle.js';
import { describeIfShared, sharedFiles, sharedPath } from '../support/shared.js';

const NOW = '2026-11-24T10:00:00Z';
const fatal = (r: OracleResult | undefined) =>
  r?.error
    ? [`error: ${r.error}`]
    : (r?.failed ?? []).filter((f) => f.flag !== 'warning').map((f) => f.id || f.text.slice(0, 40));

/**
 * The v1.2 F202500001 example gives an IBAN and a proprietary id for one account, which its official
 * verdict rejects (BR-CO-27); the model keeps both (decision 0126), so an issuer keeps one: the IBAN
 */
function oneAccountId(invoice: Invoice): Invoice {
  const transfers = invoice.paymentMeans?.creditTransfers;
  if (!invoice.paymentMeans || !Array.isArray(transfers)) return invoice;
  const kept = transfers.map(({ proprietaryId, ...t }) => (t.accountId ? t : { ...t, proprietaryId }));
  return { ...invoice, paymentMeans: { ...invoice.paymentMeans, creditTransfers: kept } };
}

describeIfShared('generate(EXTENDED-CTC-FR) on the Annexe B examples, judged by the official rules', () => {
  const files = sharedFiles('br-fr/examples', (n) => /_EXTENDED.*\.xml$/.test(n));
  const generated = files.map((file) => {
    const invoice = oneAccountId(detectAndRead(new Uint8Array(fs.readFileSync(file))).invoice);
    const id = path.relative(sharedPath('br-fr/examples'), file);
    const out = generate(invoice, {
      now: NOW,
      profile: 'EXTENDED-CTC-FR',
      frenchEdition: 'standard',
      frenchVersion: '1.4.0.03',
    });
    const out04 = generate(invoice, { now: NOW, profile: 'EXTENDED-CTC-FR', frenchEdition: 'standard' });
    return { id, out, out04 };
  });
  const docs = () => generated.map((g) => ({ id: g.id, xml: g.out.xml ?? '' }));
  let ext03: OracleResult[] = [];
  let brfr04: OracleResult[] = [];

  beforeAll(async () => {
    ext03 = await runOracleCached(docs(), { extendedCtcFr: true, brfr: 'brfr', cen: false });
    brfr04 = await runOracleCached(docs(), { brfr: 'brfr', brfrVersion: '1.4.0.04', cen: false });
  }, 600_000);

  it('covers the seven EXTENDED-CTC-FR examples (v1.3 UC10, UC11, UC12 in CII and UBL; v1.2 F202500001 CII)', () => {
    expect(files.length).toBe(7);
  });

  it('einv generates each one, valid, with a PDF, naming EXTENDED-CTC-FR 1.4.0.03 and BR-FR', () => {
    for (const g of generated) {
      expect({ id: g.id, errors: g.out.validation.errors.map((e) => e.rule) }).toEqual({
        id: g.id,
        errors: [],
      });
      expect(g.out.pdf).toBeDefined();
      const sets = g.out.validation.ruleSets.map((s) => `${s.name} ${s.version}`);
      expect(sets).toEqual(expect.arrayContaining(['EXTENDED-CTC-FR 1.4.0.03', 'BR-FR 1.4.0.03 (standard)']));
      expect(g.out04.validation.ruleSets.map((s) => `${s.name} ${s.version}`)).toContain(
        'BR-FR 1.4.0.04 (standard)',
      );
      expect(g.out04.validation.errors).toEqual([]);
      expect(g.out.xml).toContain('urn.cpro.gouv.fr:1p0:extended-ctc-fr');
    }
  });

  it('the official EXTENDED-CTC-FR 1.4.0.03 + BR-FR 1.4.0.03 sets find nothing fatal', () => {
    expect(generated.map((g, i) => ({ id: g.id, fatal: fatal(ext03[i]) }))).toEqual(
      generated.map((g) => ({ id: g.id, fatal: [] })),
    );
  });

  it('the official BR-FR 1.4.0.04 set finds nothing fatal', () => {
    expect(generated.map((g, i) => ({ id: g.id, fatal: fatal(brfr04[i]) }))).toEqual(
      generated.map((g) => ({ id: g.id, fatal: [] })),
    );
  });
});
