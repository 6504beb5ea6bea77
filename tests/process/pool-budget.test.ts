/**
 * The time budget of http-kit's worker pool (decision 0102; its abort signal since decision 0170), on
 * the built http-kit: a running task over its budget is stopped (its thread ended) and a task still
 * waiting for the thread is taken out of the queue, both refused as over-budget with Retry-After;
 * the pool then works on a fresh thread.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { builtThreadPool } from '../support/built-thread-pool.js';
import { describeIfBuilt } from '../support/processes.js';

interface Pool {
  run<T>(task: string, input: unknown): Promise<T>;
  inFlight(): number;
  close(): Promise<void>;
}

describeIfBuilt('the budget of a task in the worker pool', () => {
  let pool: Pool;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ pool, dispose } = await builtThreadPool<Pool>(
      'budget',
      `import { threadId } from 'node:worker_threads';
export function spin({ ms }) { const end = Date.now() + ms; while (Date.now() < end); return 'done'; }
export function thread() { return threadId; }
`,
      { threads: 1, maxQueue: 10, budgetMs: 1_500 },
    ));
  });
  afterAll(() => dispose());

  it('stops the running task and drops the waiting one at the budget; the next task runs on a fresh thread', async () => {
    const before = await pool.run<number>('thread', {});
    const t0 = Date.now();
    const outcome = (p: Promise<unknown>) =>
      p.then(
        (value) => ({ value }),
        (err: { reason?: string; retryAfterSeconds?: number }) => ({
          reason: err.reason,
          retryAfter: err.retryAfterSeconds,
        }),
      );
    // one thread: the first spins far past the budget, the second waits behind it
    const [running, waiting] = await Promise.all([
      outcome(pool.run('spin', { ms: 60_000 })),
      outcome(pool.run('spin', { ms: 60_000 })),
    ]);
    const elapsed = Date.now() - t0;
    expect(running).toEqual({ reason: 'over-budget', retryAfter: 2 });
    expect(waiting).toEqual({ reason: 'over-budget', retryAfter: 2 });
    expect(elapsed).toBeGreaterThanOrEqual(1_400);
    expect(elapsed).toBeLessThan(30_000); // not the 60 s of work: both were stopped
    expect(pool.inFlight()).toBe(0);
    const after = await pool.run<number>('thread', {});
    expect(after).not.toBe(before); // the spinning thread was ended and replaced
    expect(await pool.run('spin', { ms: 1 })).toBe('done');
  });
});
