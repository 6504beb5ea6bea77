/**
 * Many instances (issue 14): two generation processes on one database and one real Redis server
 * (Debian's redis-server, started here on a free loopback port). A key created through instance 1
 * works on instance 2, and 150 requests from one client spread over both within a minute get exactly
 * the limit (100) accepted. Skips, saying so, without the binary or the build.
 * PostgreSQL is not covered yet: the services run on SQLite only (see docs/deploy.md).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { built, freePort, type Started, start, waitForOk } from '../support/processes.js';

function which(binary: string): string | undefined {
  try {
    return execFileSync('which', [binary], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
const redisServer = which('redis-server');
if (!redisServer) console.warn('scale tests: redis-server not found (apt-get install redis-server); skipped');
const describeIfReady = built && redisServer ? describe : describe.skip;

describeIfReady('two generation instances on one database and one Redis', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'einv-scale-'));
  const instances: { base: string; p: Started }[] = [];
  let redis: ReturnType<typeof spawn> | undefined;

  beforeAll(async () => {
    const redisPort = await freePort();
    redis = spawn(
      redisServer as string,
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const env = {
      DATABASE_URL: path.join(dir, 'einv.sqlite'),
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      RATE_LIMIT_PER_MINUTE: '100',
      LOG_LEVEL: 'warn',
    };
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const p = start('apps/generation-api/dist/main.js', { ...env, PORT: String(port) });
      instances.push({ base: `http://127.0.0.1:${port}`, p });
      await waitForOk(`http://127.0.0.1:${port}/readyz`); // one at a time: the first applies the migrations
    }
  });

  afterAll(async () => {
    for (const { p } of instances) p.child.kill('SIGTERM');
    await Promise.all(instances.map(({ p }) => p.exited));
    redis?.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('/readyz reports the database and Redis', async () => {
    const ready = await (await fetch(`${instances[1]?.base}/readyz`)).json();
    expect(ready).toMatchObject({ status: 'ready', checks: { database: 'ok', redis: 'ok', pool: 'ok' } });
  });

  it('a key created through instance 1 works on instance 2; 150 requests over both get exactly 100 accepted', async () => {
    const [one, two] = instances.map((i) => i.base) as [string, string];
    const json = { 'content-type': 'application/json' };
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
    const xml = Buffer.from('<not-an-invoice/>').toString('base64');
    const call = (base: string) =>
      fetch(`${base}/api/v1/parse`, {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${key}` },
        body: JSON.stringify({ xml }),
      }).then(async (r) => {
        await r.arrayBuffer();
        return r.status;
      });
    // instance 2 knows the key (400: the content is no invoice, so the key was accepted)
    expect(await call(two)).toBe(400);
    const statuses: number[] = [];
    for (let batch = 0; batch < 15; batch++)
      statuses.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => call(i % 2 ? one : two)))));
    const accepted = statuses.filter((s) => s !== 429).length;
    expect(accepted + 1).toBe(100); // the first call above counted too
    expect(statuses.filter((s) => s === 429).length).toBe(51);
  });
});
