/**
 * Differential against the official CEN validator (EN 16931 1.3.16 CII XSLT): for every official
 * CII example, what we write after reading it gets exactly the fatal assertions the original gets.
 * A round trip must neither repair nor break an invoice in the eyes of the official rules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from '@jest/globals';
import { runOracle } from '../../../tests/support/oracle.js';
import { describeIfShared, sharedFiles } from '../../../tests/support/shared.js';
import { readCii, writeCii } from './index.js';

describeIfShared('official validator verdicts survive read → write', () => {
  it('gives the same fatal rule ids for each official example and its rewrite', async () => {
    const files = sharedFiles('en16931/cii/examples', (n) => n.endsWith('.xml'));
    const docs = files.flatMap((f) => {
      const xml = fs.readFileSync(f, 'utf8');
      const r = readCii(xml);
      const name = path.basename(f);
      return [
        { id: `original:${name}`, xml },
        { id: `rewritten:${name}`, xml: writeCii(r.invoice, { profile: r.profile ?? 'EN16931' }).xml },
      ];
    });
    const results = await runOracle(docs);
    expect(results).toHaveLength(docs.length);
    const fatal = new Map(
      results.map((r) => [
        r.id,
        [...new Set(r.failed.filter((a) => a.flag === 'fatal').map((a) => a.id))].sort(),
      ]),
    );
    const differences = files
      .map((f) => path.basename(f))
      .map((name) => ({
        name,
        original: fatal.get(`original:${name}`),
        rewritten: fatal.get(`rewritten:${name}`),
      }))
      .filter((d) => JSON.stringify(d.original) !== JSON.stringify(d.rewritten));
    expect(differences).toEqual([]);
  });
});
