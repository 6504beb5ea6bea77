/**
 * The time budget of http-kit's worker pool (decision 0102; its abort signal since decision 0170), on
 * the built http-kit: a running task over its budget is stopped (its thread ended) and a task still
 * waiting for the thread is taken out of the queue, both refused as over-budget with Retry-After;
 * the pool then works on a fresh thread. The same holds for small tasks stacked on a busy thread
 * (decision 0183), whose budget is kept another way; a stacked task that was not over its own budget
 * when its thread was ended runs again. A thread holds at most `stackDepth` small tasks (decision 0219).
 */
import { expect, it } from '@jest/globals';
import { threadPoolForSuite } from '../support/built-thread-pool.js';
import { describeIfBuilt } from '../support/processes.js';

interface Pool {
  run<T>(task: string, input: unknown, transfer?: readonly ArrayBufferView[]): Promise<T>;
  inFlight(): number;
  queued(): number;
  close(): Promise<void>;
}

const TASKS = `import { threadId } from 'node:worker_threads';
export function spin({ ms }) { const end = Date.now() + ms; while (Date.now() < end); return 'done'; }
export function thread() { return threadId; }
export function spinThread({ ms }) { spin({ ms }); return threadId; }
`;

/** A task's value, or the reason and Retry-After it was refused with */
const outcome = (p: Promise<unknown>) =>
  p.then(
    (value) => ({ value }),
    (err: { reason?: string; retryAfterSeconds?: number }) => ({
      reason: err.reason,
      retryAfter: err.retryAfterSeconds,
    }),
  );

/** One thread: the first task spins far past the 1.5 s budget, the second waits behind it */
async function bothStoppedAtTheBudget(pool: Pool): Promise<void> {
  const before = await pool.run<number>('thread', {});
  const t0 = Date.now();
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
}

/**
 * A built pool of one thread (or `threads`) with a 1.5 s budget and room for 10 queued tasks, made
 * before the describe block's tests and closed after them; `stacking` adds the stacking settings
 * under test
 */
function oneThreadPool(
  name: string,
  stacking: { stackBelowBytes?: number; stackDepth?: number } = {},
  threads = 1,
): () => Pool {
  return threadPoolForSuite<Pool>(name, TASKS, { threads, maxQueue: 10, budgetMs: 1_500, ...stacking });
}

describeIfBuilt('the budget of a task in the worker pool', () => {
  const poolOf = oneThreadPool('budget');

  it('stops the running task and drops the waiting one at the budget; the next task runs on a fresh thread', () =>
    bothStoppedAtTheBudget(poolOf()));
});

describeIfBuilt('the budget of stacked tasks (decision 0183)', () => {
  // tasks with up to 1 KB of bytes are stacked on the busy thread
  const poolOf = oneThreadPool('stacked-budget', { stackBelowBytes: 1024 });

  it('a small task waits on the busy thread, not in the queue; a large one waits in the queue, and nothing stacks while it does', async () => {
    const pool = poolOf();
    const small = new Uint8Array(100);
    const running = pool.run('spin', { ms: 300, small }, [small]);
    const stacked = pool.run('spin', { ms: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(pool.queued()).toBe(0); // posted to the thread behind the running task
    const large = new Uint8Array(2048);
    const waiting = pool.run('spin', { ms: 1, large }, [large]);
    const after = pool.run('spin', { ms: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(pool.queued()).toBe(2); // the large task waits for a free thread; the next small one behind it
    expect(await Promise.all([running, stacked, waiting, after])).toEqual(['done', 'done', 'done', 'done']);
    expect(small.byteLength).toBe(100); // a stacked task's bytes are copied, so it can run again
    expect(large.byteLength).toBe(0); // a large one's are moved
  });

  it('stops the running task and the one stacked behind it at their budget; the next task runs on a fresh thread', () =>
    bothStoppedAtTheBudget(poolOf()));

  it('a task stacked behind one stopped over budget, within its own budget, runs again on the fresh thread', async () => {
    const pool = poolOf();
    const before = await pool.run<number>('thread', {});
    const stopped = outcome(pool.run('spin', { ms: 60_000 }));
    await new Promise((r) => setTimeout(r, 800));
    // stacked behind the spinning task; its own budget ends 800 ms after that task's
    const innocent = pool.run<number>('thread', {});
    expect(await stopped).toEqual({ reason: 'over-budget', retryAfter: 2 });
    expect(await innocent).not.toBe(before);
    expect(pool.inFlight()).toBe(0);
  });
});

describeIfBuilt('small tasks stacked more than one deep (decision 0219)', () => {
  // one thread holding at most three tasks: the running one and two stacked behind it
  const poolOf = oneThreadPool('stacked-deep', { stackBelowBytes: 1024, stackDepth: 3 });

  it('stacks up to the depth on the busy thread, then queues', async () => {
    const pool = poolOf();
    const running = pool.run('spin', { ms: 300 });
    const stacked = [pool.run('spin', { ms: 1 }), pool.run('spin', { ms: 1 })];
    await new Promise((r) => setTimeout(r, 50));
    expect(pool.queued()).toBe(0); // both posted to the thread behind the running task
    const third = pool.run('spin', { ms: 1 });
    await new Promise((r) => setTimeout(r, 50));
    expect(pool.queued()).toBe(1); // the thread holds three: the next one waits in the queue
    expect(await Promise.all([running, ...stacked, third])).toEqual(['done', 'done', 'done', 'done']);
  });

  it('stops the running task at its budget; the two stacked behind it, within theirs, run again on a fresh thread', async () => {
    const pool = poolOf();
    const before = await pool.run<number>('thread', {});
    const stopped = outcome(pool.run('spin', { ms: 60_000 }));
    await new Promise((r) => setTimeout(r, 800));
    const innocents = [pool.run<number>('thread', {}), pool.run<number>('thread', {})];
    expect(pool.queued()).toBe(0);
    expect(await stopped).toEqual({ reason: 'over-budget', retryAfter: 2 });
    const [first, second] = await Promise.all(innocents);
    expect(first).not.toBe(before);
    expect(second).toBe(first);
    expect(pool.inFlight()).toBe(0);
  });

  it('stops the running task and those stacked behind it at their budget', () =>
    bothStoppedAtTheBudget(poolOf()));
});

describeIfBuilt('with two threads, the last one kept for large tasks (decision 0235)', () => {
  const poolOf = oneThreadPool('kept-thread', { stackBelowBytes: 1024, stackDepth: 4 }, 2);

  it('small tasks all go to the first thread, stacked and then queued, while the other stays free', async () => {
    const pool = poolOf();
    const ids = await Promise.all(Array.from({ length: 12 }, () => pool.run<number>('thread', {})));
    expect(new Set(ids).size).toBe(1);
  });

  it('a large task takes the kept thread, and small tasks keep running on the other meanwhile', async () => {
    const pool = poolOf();
    const lane = await pool.run<number>('thread', {});
    const large = new Uint8Array(2048);
    let largeDone = false;
    const running = pool.run<number>('spinThread', { ms: 600, large }, [large]).then((id) => {
      largeDone = true;
      return id;
    });
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 5; i++) expect(await pool.run<number>('thread', {})).toBe(lane);
    expect(largeDone).toBe(false); // the small ones did not wait behind it
    expect(await running).not.toBe(lane);
  });
});
