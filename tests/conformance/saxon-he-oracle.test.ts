/**
 * The Saxon-HE engine of the long differential runs (scripts/lib/saxon-he-oracle.mjs, decision 0115)
 * against the shared oracle (SaxonJS) on the 63 official examples and a slice of the unit cases:
 * the same failed assertion ids, flags and locations. The full cross-check is
 * scripts/saxon-he-crosscheck.mjs (docs/conformance.md); this keeps the engine honest in CI.
 * Skips, saying so, without java or /usr/share/java/Saxon-HE.jar.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
// @ts-expect-error -- a plain .mjs dev module without type declarations
import { saxonHeUnavailable, startSaxonHeOracle } from '../../scripts/lib/saxon-he-oracle.mjs';
import { describeIfShared } from '../support/shared.js';
import { loadCases } from './cases.js';
import { runOracleCached } from './oracle-cache.js';

interface Failed {
  id: string;
  flag: string;
  location: string;
}
interface Engine {
  validate(xml: string): Promise<{ syntax: string | null; failed: Failed[]; error?: string }>;
  close(): void;
}

const missing: string | undefined = saxonHeUnavailable();
if (missing) console.log(`Saxon-HE oracle test skipped: ${missing}`);
const describeIfSaxon = missing ? describe.skip : describeIfShared;

const verdict = (failed: readonly Failed[]) => failed.map((f) => `${f.id} ${f.flag} ${f.location}`).sort();

describeIfSaxon('Saxon-HE runs the official XSLT as SaxonJS does', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = (await startSaxonHeOracle()) as Engine;
  }, 120_000);
  afterAll(() => engine?.close());

  it('gives the same failed assertions on the official examples and every 10th unit case', async () => {
    const docs = loadCases()
      .filter((c, i) => c.kind === 'example' || i % 10 === 0)
      .map((c, i) => ({ id: `${c.file}#${c.test_id ?? ''}@${i}`, xml: c.xml ?? '' }));
    const official = await runOracleCached(docs);
    const differing: string[] = [];
    for (const [i, doc] of docs.entries()) {
      const js = official[i];
      const he = await engine.validate(doc.xml);
      expect(js?.error).toBeUndefined();
      expect(he.error).toBeUndefined();
      if (JSON.stringify(verdict(he.failed)) !== JSON.stringify(verdict(js?.failed ?? [])))
        differing.push(doc.id);
    }
    console.log(`Saxon-HE vs SaxonJS: ${docs.length - differing.length}/${docs.length} identical`);
    expect(docs.length).toBeGreaterThan(150);
    expect(differing).toEqual([]);
  }, 600_000);
});
