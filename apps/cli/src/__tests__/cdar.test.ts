/**
 * `einv validate` on lifecycle status messages (CDAR): recognised by their root, judged by
 * BR-FR-CDV in the release of --french-rules, reported as CDAR files among invoices.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildStatus, writeCdar } from '@einv/facturx';
import { beforeAll, expect, it } from '@jest/globals';
import { loadFixture } from '../../../../fixtures/load.js';
import { assertBuilt, einv } from './run-einv.js';

let dir: string;

beforeAll(() => {
  assertBuilt();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'einv-cli-cdar-'));
  const xml = writeCdar(
    buildStatus(loadFixture('fr-b2b-simple').invoice, '212', {
      at: new Date(Date.UTC(2026, 9, 1)),
      collected: [{ amount: '100.00', vatRate: '20.00' }],
    }),
  );
  fs.writeFileSync(path.join(dir, 'a-collected.xml'), xml);
  fs.writeFileSync(
    path.join(dir, 'b-no-amount.xml'),
    xml.replace(/<ram:ValueAmount[^>]*>[^<]*<\/ram:ValueAmount>/, ''),
  );
});

it('validates status messages with BR-FR-CDV and names the rule that fails', () => {
  const run = einv(['validate', dir, '--format', 'json', '--french-rules', 'standard@1.4.0.03']);
  expect(run.status).toBe(1);
  const report = JSON.parse(run.stdout) as {
    files: {
      file: string;
      status: string;
      format?: string;
      kind?: string;
      ruleSets?: unknown[];
      errors?: { rule: string }[];
    }[];
  };
  const [good, bad] = report.files;
  expect(good).toMatchObject({ status: 'valid', format: 'CDAR', kind: 'status-message' });
  expect(good?.ruleSets).toEqual([{ name: 'BR-FR-CDV', version: '1.4.0.03 (standard)' }]);
  expect(bad).toMatchObject({ status: 'invalid', format: 'CDAR' });
  expect(bad?.errors?.map((e) => e.rule)).toEqual(['BR-FR-CDV-14_MDT-207']);
});
