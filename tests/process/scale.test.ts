/**
 * Many instances (issue 14): two generation and two validation processes on one real PostgreSQL and
 * one real Redis (Debian's postgresql and redis-server, started by tests/support/servers.ts on free
 * loopback ports). The two generation instances start at the same moment on an empty database, so the
 * migration lock is exercised (tests it can fail: generation-api's migration-lock.test.ts). A key
 * created through instance 1 works on instance 2; 150 generation requests from one client spread over
 * both within a minute get exactly the limit (100) generated; a portal
 * sign-in blocked after failures on one instance is blocked on the other; the validators share their
 * per-IP limit. Skips, saying so, without the binaries or the build. (The billing stream over two
 * instances with a SIGKILL is tests/crash/billing-crash.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { loadFixture } from '../../fixtures/load.js';
import { built, type Started, start, waitForOk } from '../support/processes.js';
import {
  freePort,
  type RunningServer,
  serversMissing,
  startPostgres,
  startRedis,
} from '../support/servers.js';

if (serversMissing) console.warn(`scale tests: ${serversMissing} not found; skipped`);
const describeIfReady = built && !serversMissing ? describe : describe.skip;

const json = { 'content-type': 'application/json' };

describeIfReady('two instances of each service on one PostgreSQL and one Redis', () => {
  const servers: RunningServer[] = [];
  const generation: { base: string; p: Started }[] = [];
  const validation: { base: string; p: Started }[] = [];

  beforeAll(async () => {
    const [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
    servers.push(...[postgres, redis].filter((s): s is RunningServer => !!s));
    const env = {
      DATABASE_URL: postgres!.url,
      REDIS_URL: redis!.url,
      RATE_LIMIT_PER_MINUTE: '100',
      // the free plan's monthly generations (50 by default) above what the rate-limit test sends
      FREE_MONTHLY_QUOTA: '1000',
      AUTH_FREE_FAILURES_PER_ACCOUNT: '3',
      AUTH_DELAY_BASE_MS: '60000',
      LOG_LEVEL: 'warn',
    };
    const ports = [await freePort(), await freePort(), await freePort(), await freePort()] as const;
    // Both generation instances at once on the empty database: one migrates, the other waits for it.
    for (const port of ports.slice(0, 2))
      generation.push({
        base: `http://127.0.0.1:${port}`,
        p: start('apps/generation-api/dist/main.js', { ...env, PORT: String(port) }),
      });
    for (const port of ports.slice(2))
      validation.push({
        base: `http://127.0.0.1:${port}`,
        p: start('apps/validator-api/dist/main.js', {
          REDIS_URL: redis!.url,
          RATE_LIMIT_PER_MINUTE: '10',
          LOG_LEVEL: 'warn',
          PORT: String(port),
        }),
      });
    await Promise.all(
      [...generation, ...validation].map(({ base, p }) =>
        waitForOk(`${base}/readyz`, 60_000).catch((err) => {
          throw new Error(`${err}: ${p.output()}`);
        }),
      ),
    );
  }, 120_000);

  afterAll(async () => {
    const all = [...generation, ...validation];
    for (const { p } of all) p.child.kill('SIGTERM');
    await Promise.all(all.map(({ p }) => p.exited));
    await Promise.all(servers.map((s) => s.stop()));
  });

  it('/readyz of every instance reports the database and Redis', async () => {
    for (const { base } of generation)
      expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({
        status: 'ready',
        checks: { database: 'ok', redis: 'ok', pool: 'ok' },
      });
    for (const { base } of validation)
      expect(await (await fetch(`${base}/readyz`)).json()).toMatchObject({
        status: 'ready',
        checks: { redis: 'ok' },
      });
  });

  it('a key created through instance 1 works on instance 2; 150 generation requests over both get exactly 100 generated', async () => {
    const [one, two] = generation.map((i) => i.base) as [string, string];
    const signup = await fetch(`${one}/api/portal/signup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ email: 'scale@example.com', password: 'correct horse battery staple' }),
    });
    expect(signup.status).toBe(201);
    const cookie = signup.headers.get('set-cookie')?.split(';')[0] ?? '';
    const created = await fetch(`${one}/api/portal/keys`, {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ name: 'scale' }),
    });
    expect(created.status).toBe(201);
    const { key } = (await created.json()) as { key: string };
    // The session made on instance 1 is valid on instance 2 as well
    expect((await fetch(`${two}/api/portal/keys`, { headers: { cookie } })).status).toBe(200);
    // Real generation requests (a Factur-X PDF each, a distinct invoice number each), alternating
    // between the instances, all within the one-minute window of the limit.
    const invoice = loadFixture('fr-b2b-simple').invoice;
    const generate = (base: string, i: number) =>
      fetch(`${base}/api/v1/generate`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${key}` },
        body: JSON.stringify({ invoice: { ...invoice, number: `SCALE-${i}` } }),
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
    const started = Date.now();
    // instance 2 knows the key made on instance 1: the invoice is generated
    const statuses = [await generate(two, 0)];
    expect(statuses[0]).toBe(200);
    // 10 in flight at all times (no batch waits for its slowest), alternating between the instances
    let next = 1;
    const sender = async () => {
      while (next < 150) {
        const n = next++;
        statuses.push(await generate(n % 2 ? one : two, n));
      }
    };
    await Promise.all(Array.from({ length: 10 }, sender));
    const elapsed = Date.now() - started;
    expect(statuses).toHaveLength(150);
    // over a minute, a new window would have opened and the count below would mean nothing
    expect(elapsed).toBeLessThan(60_000);
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
  }, 120_000);

  it('sign-in failures count across instances: blocked on one, blocked on the other', async () => {
    const [one, two] = generation.map((i) => i.base) as [string, string];
    const login = (base: string) =>
      fetch(`${base}/api/portal/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ email: 'victim@example.com', password: 'not the password 1' }),
      });
    // Three free failures for the account in all (AUTH_FREE_FAILURES_PER_ACCOUNT), spread over both
    // instances; the fourth blocks it for a minute everywhere.
    for (const base of [one, two, one, two]) expect((await login(base)).status).toBe(401);
    for (const base of [one, two]) {
      const blocked = await login(base);
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(50);
    }
  });

  it('the validators share one per-IP limit (10 a minute): 15 calls over both, exactly 10 served', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        fetch(`${validation[i % 2]!.base}/v1/formats`).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }),
      ),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});
