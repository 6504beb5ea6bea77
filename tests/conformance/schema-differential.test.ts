/**
 * The schema-driven differential, seeded sample (the full 20,000-per-syntax run is
 * scripts/schema-differential.mjs; figures in docs/conformance.md): official examples and corpus
 * files with XSD-optional elements and groups removed, repeated, emptied or reordered
 * (scripts/lib/schema-mutations.mjs, the same generator and seeds as the full run), judged by the
 * official CEN XSLT and by validateDocument. The full sets of fired BR-* ids must be equal, or the
 * difference must be one of SCHEMA_DIFFERENTIAL_PINNED, each with its reason.
 */
import { expect, it } from '@jest/globals';
import { describeIfShared } from '../support/shared.js';
import { runOracleCached } from './oracle-cache.js';
import {
  einvBusinessRules,
  isBusinessRule,
  loadBases,
  type Mutant,
  mutantsOf,
  structureOf,
} from './schema-differential-support.js';
import { compareSets, SCHEMA_DIFFERENTIAL_PINNED } from './whole-set.js';

/** About 500 documents per syntax: the first mutants of every base of the full run (seed 1) */
const SAMPLE_PER_SYNTAX = 500;
const SEED = 1;

describeIfShared('schema-driven differential vs the official validator (seeded sample)', () => {
  it('fires the official set of BR-* ids on schema-driven mutants of real invoices', async () => {
    const bases = loadBases();
    const docs: Mutant[] = [];
    for (const syntax of ['CII', 'UBL'] as const) {
      const model = structureOf(syntax);
      const mine = bases.filter((b) => b.syntax === syntax);
      const perBase = Math.ceil(SAMPLE_PER_SYNTAX / mine.length);
      mine.forEach((base, i) => {
        docs.push(...mutantsOf(base, model, perBase, SEED * 100_000 + i));
      });
    }
    const oracle = new Map((await runOracleCached(docs)).map((r) => [r.id, r]));
    let judged = 0;
    let bookingAids = 0;
    let identical = 0;
    const pinned = new Map<string, number>();
    const unpinned: string[] = [];
    for (const doc of docs) {
      const official = oracle.get(doc.id);
      // the official XSLT itself stops on some mutants (an emptied number is no xs:decimal)
      if (!official || official.error || official.syntax === null) continue;
      const ours = einvBusinessRules(doc.xml);
      if (!ours) {
        bookingAids++;
        continue;
      }
      judged++;
      const diff = compareSets(ours, new Set(official.failed.map((f) => f.id).filter(isBusinessRule)));
      if (!diff) {
        identical++;
        continue;
      }
      const pin = SCHEMA_DIFFERENTIAL_PINNED.find((p) => p.covers(doc.what, diff));
      const line = `${doc.id} (${doc.what}): only ours [${diff.onlyOurs.join(' ')}] only official [${diff.onlyOfficial.join(' ')}]`;
      if (pin) pinned.set(pin.reason, (pinned.get(pin.reason) ?? 0) + 1);
      else unpinned.push(line);
    }
    console.log(
      [
        `Schema-driven differential sample: ${identical}/${judged} identical (${docs.length} mutants, ${bookingAids} MINIMUM / BASIC-WL booking aids left out, the rest the official XSLT could not judge)`,
        'Pinned differences:',
        ...[...pinned.entries()].map(([reason, n]) => `- ${n} × ${reason}`),
        `Unpinned differences (${unpinned.length}):`,
        ...unpinned,
      ].join('\n'),
    );
    expect(judged).toBeGreaterThanOrEqual(800);
    expect(unpinned).toEqual([]);
  }, 900_000);
});
