/**
 * Differential against the official CEN validator (EN 16931 1.3.16 CII XSLT): for every official
 * CII example and every corpus CII invoice it finds invalid, what we write after reading it gets exactly the failed assertions (fatal and
 * warning) the original gets.
 * A round trip must neither repair nor break an invoice in the eyes of the official rules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, it } from '@jest/globals';
import { runOracle } from '../../../tests/support/oracle.js';
import { describeIfShared, hasShared, sharedFiles, sharedPath } from '../../../tests/support/shared.js';
import { readCii, writeCii } from './index.js';

/** Corpus CII documents the official validator finds invalid (index.tsv observed column): they give the test teeth */
function invalidCorpusCii(): string[] {
  if (!hasShared) return [];
  return fs
    .readFileSync(sharedPath('corpus/index.tsv'), 'utf8')
    .split('\n')
    .slice(1)
    .map((row) => row.split('\t'))
    .filter((c) => c[2] === 'CII' && c[21] === 'invalid' && c[0])
    .map((c) => sharedPath('corpus', c[0] as string));
}

describeIfShared('official validator verdicts survive read → write', () => {
  it('keeps every business-rule verdict (BR-*, fatal and warning) and adds no syntax finding', async () => {
    const files = [...sharedFiles('en16931/cii/examples', (n) => n.endsWith('.xml')), ...invalidCorpusCii()];
    const unread = new Map<string, boolean>();
    const dropped: string[] = [];
    const docs = files.flatMap((f) => {
      const xml = fs.readFileSync(f, 'utf8');
      const r = readCii(xml);
      const name = path.relative(sharedPath(), f);
      unread.set(
        name,
        r.diagnostics.some((d) => d.rule === 'CII-UNREAD'),
      );
      const written = writeCii(r.invoice, { profile: r.profile ?? 'EN16931' });
      if (written.warnings.some((w) => w.rule === 'CII-PROFILE')) dropped.push(name);
      return [
        { id: `original:${name}`, xml },
        { id: `rewritten:${name}`, xml: written.xml },
      ];
    });
    const results = await runOracle(docs);
    expect(results).toHaveLength(docs.length);
    const failed = new Map(results.map((r) => [r.id, new Set(r.failed.map((a) => `${a.id}/${a.flag}`))]));
    const business = (ids: Set<string> | undefined) =>
      [...(ids ?? [])].filter((id) => id.startsWith('BR-')).sort();
    const problems: string[] = [];
    let syntaxOnlyInOriginal = 0;
    let originalsWithFindings = 0;
    for (const f of files) {
      const name = path.relative(sharedPath(), f);
      if (dropped.includes(name)) continue; // terms its profile does not allow were dropped (and warned)
      const original = failed.get(`original:${name}`);
      const rewritten = failed.get(`rewritten:${name}`);
      if ((original?.size ?? 0) > 0) originalsWithFindings++;
      if (business(original).join() !== business(rewritten).join()) {
        problems.push(
          `${name}: BR verdicts ${business(original).join(',')} became ${business(rewritten).join(',')}`,
        );
      }
      const added = [...(rewritten ?? [])].filter((id) => !original?.has(id));
      if (added.length > 0) problems.push(`${name}: the rewrite adds ${added.join(',')}`);
      // CII-SR/CII-DT findings about content outside the model go away with that content, which
      // readCii reported as CII-UNREAD; without such content nothing may go away
      const gone = [...(original ?? [])].filter((id) => !rewritten?.has(id));
      if (gone.length > 0) {
        if (unread.get(name)) syntaxOnlyInOriginal++;
        else problems.push(`${name}: ${gone.join(',')} went away although everything was read`);
      }
    }
    expect(problems).toEqual([]);
    // the one corpus invoice richer than its profile (see corpus.test.ts and docs/bindings.md)
    expect(dropped).toEqual([
      'corpus/phax_phive-rules/phive-rules-zugferd/src/test/resources/external/test-files/2.0.1/minimum/zugferd-invoice-1.xml',
    ]);
    expect(originalsWithFindings).toBeGreaterThan(40); // the corpus invoices give the test teeth
    expect(syntaxOnlyInOriginal).toBeLessThan(files.length);
  });
});
