/**
 * Generated status messages against the official BR-FR-CDV sets: buildStatus(invoice, status) for
 * every official status code and every Annexe B v1.3 invoice (CII by readCii, UBL by readUbl), written by
 * writeCdar, judged by the official XSLTs in 1.4.0.03 and 1.4.0.04: no fatal assert may fail. The
 * native rules must agree with the official ones on each message too.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  buildStatus,
  REASONS_BY_STATUS,
  readCii,
  readUbl,
  STATUS_CODES,
  validateCdar,
  writeCdar,
} from '@einv/facturx';
import { beforeAll, expect, it } from '@jest/globals';
import { describeIfShared, sharedFiles, sharedPath } from '../support/shared.js';
import type { BrFrOracleResult } from './brfr-oracle.js';
import { runCdvOracle } from './cdv-oracle.js';

const AT = new Date(Date.UTC(2026, 9, 1, 12, 0, 0));

describeIfShared(
  'buildStatus: every status from every Annexe B invoice passes the official BR-FR-CDV',
  () => {
    const invoices = sharedFiles(
      'br-fr/examples/annexe-b-v1.3',
      (n) => n.endsWith('.xml') && !n.includes('CDV'),
    )
      .map((f) => ({ id: path.relative(sharedPath('br-fr/examples'), f), xml: fs.readFileSync(f, 'utf8') }))
      .filter((d) => /CrossIndustryInvoice|<(\w+:)?(Invoice|CreditNote)[\s>]/.test(d.xml));
    const messages: { id: string; xml: string }[] = [];
    for (const inv of invoices) {
      const invoice = inv.xml.includes('CrossIndustryInvoice')
        ? readCii(inv.xml).invoice
        : readUbl(inv.xml).invoice;
      for (const status of STATUS_CODES) {
        const reason = REASONS_BY_STATUS[status]?.[0];
        const message = buildStatus(invoice, status, {
          at: AT,
          ...(reason ? { reason: { code: reason } } : {}),
          ...(status === '212' ? { collected: [{ amount: '100.00', vatRate: '20.00' }] } : {}),
        });
        messages.push({ id: `${inv.id} ${status}`, xml: writeCdar(message) });
      }
    }
    let oracle: BrFrOracleResult[];
    beforeAll(async () => {
      oracle = await runCdvOracle(messages);
    }, 600_000);

    it('covers every status code on every Annexe B v1.3 invoice (CII and UBL)', () => {
      expect(invoices.length).toBeGreaterThanOrEqual(20);
      expect(messages.length).toBe(invoices.length * STATUS_CODES.length);
      console.log(
        `${invoices.length} invoices × ${STATUS_CODES.length} statuses = ${messages.length} messages`,
      );
    });

    it('no official fatal assert fails (1.4.0.03 and 1.4.0.04), and the native verdict is the same', () => {
      const failures: string[] = [];
      oracle.forEach((r, i) => {
        expect(r.error).toBeUndefined();
        for (const [key, version] of [
          ['standard', '1.4.0.03'],
          ['standard04', '1.4.0.04'],
        ] as const) {
          const fatal = r[key].filter((a) => a.flag === 'fatal').map((a) => a.id);
          if (fatal.length) failures.push(`${r.id} [${version}]: ${fatal.join(' ')}`);
          const native = validateCdar((messages[i] as { xml: string }).xml, { frenchVersion: version });
          const all = [...native.errors, ...native.warnings].map((f) => f.rule).sort();
          expect({ id: r.id, version, rules: all }).toEqual({
            id: r.id,
            version,
            rules: r[key].map((a) => a.id).sort(),
          });
        }
      });
      expect(failures).toEqual([]);
    });
  },
);
