/**
 * A small seeded run of bench/heap-generate.mjs (the 20,000-request run is reported in
 * docs/performance.md): live heap within 10 % after forced GC, RSS under the documented ceiling.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const built = fs.existsSync(path.join(root, 'apps/generation-api/dist/index.js'));
if (!built) console.warn('heap-generate: apps/generation-api/dist is missing (run pnpm build); skipped');

describe('generation heap over many distinct long texts', () => {
  (built ? it : it.skip)(
    '100 requests after 50 of warm-up: live heap within 10 %, RSS under the ceiling',
    () => {
      const run = spawnSync(
        process.execPath,
        ['--expose-gc', path.join(root, 'bench/heap-generate.mjs'), '100', '7', '50'],
        {
          encoding: 'utf8',
          timeout: 280_000,
        },
      );
      if (run.status === null)
        throw new Error(`heap-generate did not finish in 280 s (machine overloaded?): ${run.stderr}`);
      const result = JSON.parse(run.stdout.trim().split('\n').pop() ?? '{}');
      expect(result.statuses).toEqual({ '200': 150 });
      expect(result.growthPercent).toBeLessThanOrEqual(10);
      expect(result.peakRssMb).toBeLessThanOrEqual(result.rssCeilingMb);
      expect(run.status).toBe(0);
    },
  );
});
