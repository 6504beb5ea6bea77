/**
 * The young generation of the pool's worker threads (decision 0240), on the built http-kit: the
 * services' settings give each thread 64 MB unless WORKER_YOUNG_GENERATION_MB says otherwise, and V8
 * applies it: a thread that allocates steadily grows its new space past V8's default ceiling of 32 MB
 * (two 16 MB semi-spaces), which is what halves its scavenges.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { threadPoolForSuite } from '../support/built-thread-pool.js';
import { describeIfBuilt } from '../support/processes.js';
import { REPO_ROOT } from '../support/shared.js';

interface Pool {
  run<T>(task: string, input: unknown): Promise<T>;
  close(): Promise<void>;
}

interface Limits {
  youngMb: number | undefined;
  /** The thread's new space after allocating 3 million objects, each kept for 100,000 more, in MB */
  newSpaceMb: number;
}

// Objects that live through a batch of 100,000, as a document's tree lives through its validation:
// enough survive each scavenge for V8 to grow the new space to what its limits allow
const TASKS = `import v8 from 'node:v8';
import { resourceLimits } from 'node:worker_threads';
export function limits() {
  let kept = [];
  for (let i = 0; i < 3e6; i++) {
    kept.push({ i });
    if (kept.length > 1e5) kept = [];
  }
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  return { youngMb: resourceLimits.maxYoungGenerationSizeMb, newSpaceMb: Math.round(space.space_size / 2 ** 20) };
}
`;

const kit = () => import(pathToFileURL(path.join(REPO_ROOT, 'apps/http-kit/dist/index.js')).href);

function poolWith(name: string, youngGenerationMb: number | undefined): () => Pool {
  return threadPoolForSuite<Pool>(name, TASKS, {
    threads: 1,
    maxQueue: 10,
    budgetMs: 60_000,
    ...(youngGenerationMb === undefined ? {} : { youngGenerationMb }),
  });
}

describeIfBuilt("the worker threads' young generation (decision 0240)", () => {
  it('the services default to 64 MB, and WORKER_YOUNG_GENERATION_MB sets it', async () => {
    const { poolSettingsFrom } = await kit();
    expect(poolSettingsFrom({}, 1000).youngGenerationMb).toBe(64);
    expect(poolSettingsFrom({ WORKER_YOUNG_GENERATION_MB: '128' }, 1000).youngGenerationMb).toBe(128);
    expect(() => poolSettingsFrom({ WORKER_YOUNG_GENERATION_MB: 'big' }, 1000)).toThrow(
      /WORKER_YOUNG_GENERATION_MB must be an integer >= 4, got "big"/,
    );
  });

  describe('a thread given 64 MB', () => {
    const poolOf = poolWith('young-64', 64);
    it('has that limit and grows its new space past the default 32 MB', async () => {
      const limits = await poolOf().run<Limits>('limits', {});
      expect(limits.youngMb).toBe(64);
      expect(limits.newSpaceMb).toBeGreaterThan(32);
    }, 60_000);
  });

  describe("a thread left at V8's default", () => {
    const poolOf = poolWith('young-default', undefined);
    it('keeps its new space at 32 MB or less', async () => {
      const limits = await poolOf().run<Limits>('limits', {});
      expect(limits.newSpaceMb).toBeLessThanOrEqual(32);
    }, 60_000);
  });
});
