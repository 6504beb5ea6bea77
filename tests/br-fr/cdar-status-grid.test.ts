/**
 * Each official status code × each required term removed or malformed: a message built by
 * buildStatus for every status (from the Annexe B UC1 invoice, with a reason, a requested action, a
 * note and, for 212, the amount collected, so every rule has something to read), then each
 * removal / malformation of cdar-mutations.ts applied to it. Native verdicts must equal the official
 * sets' in 1.4.0.03, 1.4.0.04 and 1.4.0.02 _WARNING, as in cdar-differential.test.ts.
 */
import fs from 'node:fs';
import { buildStatus, REASONS_BY_STATUS, readCii, STATUS_CODES, writeCdar } from '@einv/facturx';
import { beforeAll, expect, it } from '@jest/globals';
import { describeIfShared, sharedPath } from '../support/shared.js';
import type { BrFrOracleResult } from './brfr-oracle.js';
import { CDAR_MUTATIONS, mutate } from './cdar-mutations.js';
import { cdvDisagreements, runCdvOracle } from './cdv-oracle.js';

/** Removals and malformed values only (not the mutations that switch to another valid code) */
const DEFECTS = CDAR_MUTATIONS.filter((m) =>
  /^remove |= (ZZ|ZZZ|999|99|299|BOGUS|XXX|urn:bad|space\+23|)$/.test(m.name),
);

describeIfShared('BR-FR-CDV: every status × every required term removed or malformed', () => {
  const corpus: { id: string; xml: string }[] = [];
  const invoiceFile = sharedPath(
    'br-fr/examples/annexe-b-v1.3/UC1/UC1_F202500003_00-INV_20250701_CII_EN16931.xml',
  );
  if (fs.existsSync(invoiceFile)) {
    const invoice = readCii(fs.readFileSync(invoiceFile, 'utf8')).invoice;
    for (const status of STATUS_CODES) {
      const reason = REASONS_BY_STATUS[status]?.[0] ?? 'AUTRE';
      const base = writeCdar(
        buildStatus(invoice, status, {
          at: new Date(Date.UTC(2026, 9, 1, 12, 0, 0)),
          reason: { code: reason },
          action: { code: 'NIN' },
          note: 'see attached',
          ...(status === '212' ? { collected: [{ amount: '100.00', vatRate: '20.00' }] } : {}),
        }),
      );
      for (const m of DEFECTS) {
        const xml = mutate(base, m);
        if (xml !== undefined) corpus.push({ id: `${status} | ${m.name}`, xml });
      }
    }
  }
  let oracle: Map<string, BrFrOracleResult>;
  beforeAll(async () => {
    oracle = new Map((await runCdvOracle(corpus)).map((r) => [r.id, r]));
  }, 900_000);

  it('covers every status code with the removals and malformations', () => {
    const statuses = new Set(corpus.map((d) => d.id.split(' | ')[0]));
    expect(statuses.size).toBe(STATUS_CODES.length);
    console.log(`${DEFECTS.length} defects × ${STATUS_CODES.length} statuses: ${corpus.length} messages`);
    expect(corpus.length).toBeGreaterThanOrEqual(STATUS_CODES.length * 20);
  });

  it('gives the official failed asserts for each, in the three editions', () => {
    const { disagreements, fired } = cdvDisagreements(corpus, oracle);
    if (disagreements.length) console.log(disagreements.slice(0, 40).join('\n'));
    expect(disagreements).toEqual([]);
    expect(fired).toBeGreaterThan(corpus.length);
  });
});
