/**
 * The worker pool moves bytes instead of copying them (issue 14, decision 0121), on the built
 * http-kit: an upload handed to a task with `transfer` leaves the event loop (its view is empty after),
 * a result's byte arrays leave the worker (a reference the task kept is empty after), and a slice of
 * Node's Buffer pool is copied, so the other buffers of that pool stay intact.
 */
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { builtThreadPool } from '../support/built-thread-pool.js';
import { describeIfBuilt } from '../support/processes.js';

interface Pool {
  run<T>(task: string, input: unknown, transfer?: readonly ArrayBufferView[]): Promise<T>;
  close(): Promise<void>;
}

describeIfBuilt('bytes between the event loop and the worker threads', () => {
  let pool: Pool;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ pool, dispose } = await builtThreadPool<Pool>(
      'transfer',
      `let kept;
export function sum({ bytes }) { let s = 0; for (const b of bytes) s += b; return { sum: s, length: bytes.length }; }
export function make({ length }) { kept = new Uint8Array(length).fill(7); return { body: kept }; }
export function keptLength() { return kept.byteLength; }
`,
      { threads: 1, maxQueue: 10, budgetMs: 30_000 },
    ));
  });
  afterAll(() => dispose());

  it('an upload passed in `transfer` is moved to the worker: the task reads it, the caller keeps an empty view', async () => {
    const upload = new Uint8Array(100_000).fill(1);
    expect(await pool.run('sum', { bytes: upload }, [upload])).toEqual({ sum: 100_000, length: 100_000 });
    expect(upload.byteLength).toBe(0);
    // without `transfer` it is copied and stays usable
    const copied = new Uint8Array(1000).fill(2);
    expect(await pool.run('sum', { bytes: copied })).toEqual({ sum: 2000, length: 1000 });
    expect(copied.byteLength).toBe(1000);
  });

  it("a result's bytes are moved out of the worker, intact", async () => {
    const { body } = await pool.run<{ body: Uint8Array }>('make', { length: 50_000 });
    expect(body.byteLength).toBe(50_000);
    expect(body.every((b) => b === 7)).toBe(true);
    expect(await pool.run('keptLength', {})).toBe(0);
  });

  it("a slice of Node's Buffer pool is copied, never moved: its neighbours stay intact", async () => {
    const slice = Buffer.from('<Invoice/>');
    const poolSize = slice.buffer.byteLength;
    expect(poolSize).toBeGreaterThan(slice.length); // a slice of the shared pool
    expect(await pool.run('sum', { bytes: slice }, [slice])).toMatchObject({ length: slice.length });
    expect(slice.toString()).toBe('<Invoice/>');
    expect(slice.buffer.byteLength).toBe(poolSize); // the pool was not handed over
  });
});
