/**
 * Work off the event loop (issue 14), on the built validator as a real process: /healthz and /readyz
 * answer within 50 ms while the pool is full; a full queue and a task over its budget are 503 problems
 * with Retry-After; SIGTERM during 50 in-flight validations lets all 50 finish and exits 0.
 */

import { generate } from '@einv/facturx';
import { afterEach, expect, it } from '@jest/globals';
import { loadFixture } from '../../fixtures/load.js';
import { describeIfBuilt, freePort, type Started, start, waitForOk } from '../support/processes.js';

const running: Started[] = [];
afterEach(() => {
  for (const p of running.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
});

/** A Factur-X PDF of our own with `lines` lines: heavy enough to keep a worker busy */
function heavyPdf(lines: number): Uint8Array {
  const invoice = loadFixture('fr-b2b-simple').invoice;
  const line = invoice.lines?.[0];
  const many = Array.from({ length: lines }, (_, i) => ({ ...line, id: String(i + 1) }));
  const result = generate({ ...invoice, lines: many } as typeof invoice, { now: '2026-03-15T10:00:00Z' });
  if (!result.pdf) throw new Error('fixture did not generate');
  return result.pdf;
}

async function validator(env: Record<string, string>) {
  const port = await freePort();
  const p = start('apps/validator-api/dist/main.js', {
    PORT: String(port),
    RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  running.push(p);
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(`${base}/healthz`);
  const validate = (body: Uint8Array) =>
    fetch(`${base}/v1/validate`, { method: 'POST', headers: { 'content-type': 'application/pdf' }, body });
  return { p, base, validate };
}

async function timed(url: string): Promise<{ ms: number; status: number; body: unknown }> {
  const t0 = performance.now();
  const res = await fetch(url);
  const body = await res.json();
  return { ms: performance.now() - t0, status: res.status, body };
}

/** /readyz asked every 50 ms until it is not 200 (or 5 s passed): the answer then */
async function readyOnceStopping(base: string): Promise<{ ms: number; status: number; body: unknown }> {
  const deadline = performance.now() + 5000;
  for (;;) {
    const ready = await timed(`${base}/readyz`);
    if (ready.status !== 200 || performance.now() > deadline) return ready;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describeIfBuilt('the worker pool', () => {
  // Heavy enough that four of them keep one worker busy for seconds even on an idle machine: with
  // 400 lines the queue drained before the probes below ran, and /readyz was rightly 200 again.
  const pdf = heavyPdf(2500);

  it('/healthz and /readyz answer within 50 ms while the pool is full; a full queue is a 503 with Retry-After', async () => {
    const { base, validate } = await validator({
      WORKER_THREADS: '1',
      WORK_QUEUE_MAX: '3',
      WORK_BUDGET_MS: '120000',
    });
    // warm the worker so the probes below measure a busy pool, not a cold start
    expect((await validate(pdf)).status).toBe(200);
    const idle: number[] = [];
    for (let i = 0; i < 9; i++) idle.push((await timed(`${base}/healthz`)).ms);
    const load = Array.from({ length: 4 }, () => validate(pdf)); // 1 running + 3 queued
    const t0 = Date.now();
    await new Promise((r) => setTimeout(r, 200));
    const health: number[] = [];
    for (let i = 0; i < 9; i++) {
      const h = await timed(`${base}/healthz`);
      expect(h.status).toBe(200);
      health.push(h.ms);
    }
    const ready = await timed(`${base}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({
      status: 'not-ready',
      checks: { pool: expect.stringMatching(/^saturated/) },
    });
    const refused = await validate(pdf);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toMatchObject({ type: 'urn:einv:problem:busy' });
    // medians: on a shared machine a single probe can wait for a core whatever the service does. Under
    // 50 ms; on a machine so loaded that an idle probe already takes over 25 ms, within twice that.
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Infinity;
    const full = median([...health, ready.ms]);
    expect(full).toBeLessThan(Math.max(50, 2 * median(idle)));
    // the probes ran while the pool was still full (the load was still being worked on)
    const finished = await Promise.all(load);
    expect(Date.now() - t0).toBeGreaterThan(300);
    for (const res of finished) expect(res.status).toBe(200);
    expect((await timed(`${base}/readyz`)).status).toBe(200);
  });

  it('a task over its budget is stopped with a 503 over-budget problem and Retry-After; the next one works', async () => {
    const { validate } = await validator({ WORKER_THREADS: '1', WORK_BUDGET_MS: '30' });
    const res = await validate(heavyPdf(1500));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(await res.json()).toMatchObject({ type: 'urn:einv:problem:over-budget' });
  });

  it('SIGTERM during 50 in-flight validations: all 50 complete, and the process exits 0', async () => {
    const { p, base, validate } = await validator({
      SHUTDOWN_TIMEOUT_MS: '60000',
      SHUTDOWN_GRACE_MS: '3000',
      WORK_BUDGET_MS: '120000',
    });
    const doc = heavyPdf(150);
    let done = 0;
    const inFlight = Array.from({ length: 50 }, () =>
      validate(doc).then((res) => {
        done++;
        return res;
      }),
    );
    // long enough for the event loop (free: the work is in the pool) to accept all 50, far shorter
    // than working through them
    await new Promise((r) => setTimeout(r, 1500));
    const doneAtSigterm = done;
    p.child.kill('SIGTERM');
    // during the grace time the instance still answers, and tells the load balancer it is stopping.
    // Asked until it says so: on a loaded machine the child may take more than a fixed 100 ms to
    // handle the signal (CI at load 10 once got 200 "pool ok" then); a missed grace time fails the
    // fetch, and an instance that never says "stopping" fails the expectation below.
    const ready = await readyOnceStopping(base);
    expect(ready).toMatchObject({ status: 503, body: { checks: { process: 'stopping' } } });
    const answers = await Promise.all(inFlight);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(bodies.filter((b) => b.format !== 'FACTURX-PDF')).toEqual([]);
    expect(answers.map((r) => r.status)).toEqual(Array(50).fill(200));
    expect(bodies.every((b) => b.format === 'FACTURX-PDF')).toBe(true);
    expect(doneAtSigterm).toBeLessThan(40); // most were still in flight when SIGTERM came
    expect(await p.exited).toEqual({ code: 0, signal: null });
    expect(p.output()).toContain('validator-api: stopped');
  });
});
