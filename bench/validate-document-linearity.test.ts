/**
 * validateDocument is linear in the number of invoice lines (issue 18): 4,000 lines take less than
 * 6× the time of 1,000 lines (4× is linear), CII and UBL. A ratio measured in one process, never an
 * absolute time, so a slow or busy machine does not fail it and a quadratic step (16×) does. Runs
 * alternate between the two sizes and the fastest of each is compared, the least disturbed sample.
 */
import { validateDocument } from '@einv/facturx';
import { expect, it } from '@jest/globals';
import { largeInvoiceXml } from '../fixtures/scripts/gen-large-xml.mjs';
import { describeIfShared, SHARED } from '../tests/support/shared.js';

function fastest(runs: number, sizes: Uint8Array[]): number[] {
  const best = sizes.map(() => Number.POSITIVE_INFINITY);
  for (let r = 0; r < runs; r++)
    sizes.forEach((bytes, i) => {
      const t0 = performance.now();
      const report = validateDocument(bytes);
      const ms = performance.now() - t0;
      if (!report.valid) throw new Error(`the synthetic invoice is not valid: ${report.errors[0]?.message}`);
      best[i] = Math.min(best[i]!, ms);
    });
  return best;
}

describeIfShared('validateDocument time against invoice lines', () => {
  for (const syntax of ['cii', 'ubl'] as const)
    it(`${syntax.toUpperCase()}: 4,000 lines take less than 6× the time of 1,000 lines`, () => {
      const sizes = [1000, 4000].map((n) => new TextEncoder().encode(largeInvoiceXml(syntax, n, SHARED)));
      fastest(1, sizes); // warm-up: compiled code and caches
      const [small, large] = fastest(3, sizes);
      const ratio = large! / small!;
      console.log(
        `${syntax}: 1,000 lines ${small!.toFixed(1)} ms, 4,000 lines ${large!.toFixed(1)} ms, ×${ratio.toFixed(2)}`,
      );
      expect(ratio).toBeLessThan(6);
    });
});
