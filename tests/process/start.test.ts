/**
 * The process around the services (issue 14): listen errors stop a service and `pnpm start` naming
 * the port and variable; the supervisor keeps one service up while it restarts the other; SIGTERM
 * stops both cleanly; slow clients are cut by the server timeouts.
 */
import { execFileSync } from 'node:child_process';
import net from 'node:net';
import { afterEach, expect, it } from '@jest/globals';
import {
  describeIfBuilt,
  freePort,
  type Started,
  start,
  waitForOk,
  waitUntil,
} from '../support/processes.js';

const running: Started[] = [];
afterEach(() => {
  for (const p of running.splice(0)) if (p.child.exitCode === null) p.child.kill('SIGKILL');
});
function track(p: Started): Started {
  running.push(p);
  return p;
}

async function occupied(): Promise<{ port: number; close: () => void }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}

describeIfBuilt('listen errors', () => {
  it('a service on a busy port exits 3 naming the port and PORT', async () => {
    const busy = await occupied();
    try {
      const p = track(start('apps/validator-api/dist/main.js', { PORT: String(busy.port) }));
      expect((await p.exited).code).toBe(3);
      expect(p.output()).toContain(`port ${busy.port} (PORT) is already in use`);
    } finally {
      busy.close();
    }
  });

  it('pnpm start exits 3 naming GENERATION_PORT when that port is busy, and stops the validator', async () => {
    const busy = await occupied();
    try {
      const p = track(
        start('scripts/start.mjs', {
          GENERATION_PORT: String(busy.port),
          VALIDATOR_PORT: String(await freePort()),
        }),
      );
      expect((await p.exited).code).toBe(3);
      expect(p.output()).toMatch(new RegExp(`cannot listen on port ${busy.port}: set GENERATION_PORT`));
    } finally {
      busy.close();
    }
  });

  it('pnpm start exits 2 naming the variable for a port that is not a number', async () => {
    const p = track(start('scripts/start.mjs', { GENERATION_PORT: 'abc' }));
    expect((await p.exited).code).toBe(2);
    expect(p.output()).toContain('GENERATION_PORT must be a port number from 1 to 65535, got "abc"');
  });

  it('an unsupported DATABASE_URL scheme stops the generation service with exit 2', async () => {
    const p = track(
      start('apps/generation-api/dist/main.js', {
        PORT: String(await freePort()),
        DATABASE_URL: 'mysql://u@h/db',
      }),
    );
    expect((await p.exited).code).toBe(2);
    expect(p.output()).toContain('DATABASE_URL has the unsupported scheme "mysql:"');
  });

  it('a PostgreSQL URL nobody answers stops the generation service with exit 2, naming it without the password', async () => {
    const p = track(
      start('apps/generation-api/dist/main.js', {
        PORT: String(await freePort()),
        DATABASE_URL: `postgres://einv:s3cret@127.0.0.1:${await freePort()}/einv`,
      }),
    );
    expect((await p.exited).code).toBe(2);
    expect(p.output()).toContain('DATABASE_URL: the database cannot be opened or migrated');
    expect(p.output()).toContain('127.0.0.1');
    expect(p.output()).not.toContain('s3cret');
  });
});

describeIfBuilt('the pnpm start supervisor', () => {
  it('restarts a killed service with backoff while the other keeps answering; SIGTERM stops both with 0', async () => {
    const gport = await freePort();
    const vport = await freePort();
    const p = track(
      start('scripts/start.mjs', { GENERATION_PORT: String(gport), VALIDATOR_PORT: String(vport) }),
    );
    await waitForOk(`http://127.0.0.1:${gport}/healthz`);
    await waitForOk(`http://127.0.0.1:${vport}/healthz`);
    const children = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(p.child.pid)], {
      encoding: 'utf8',
    });
    const generation = children.split('\n').find((l) => l.includes('generation-api/dist/main.js'));
    expect(generation).toBeDefined();
    process.kill(Number(generation?.trim().split(/\s+/)[0]), 'SIGKILL');
    await waitUntil(
      () => p.output().includes('generation-api exited (signal SIGKILL); restarting in 1 s'),
      'the restart notice',
    );
    expect(p.output()).toContain('validator-api keeps running');
    expect((await fetch(`http://127.0.0.1:${vport}/healthz`)).status).toBe(200);
    await waitForOk(`http://127.0.0.1:${gport}/healthz`);
    p.child.kill('SIGTERM');
    expect((await p.exited).code).toBe(0);
  });
});

describeIfBuilt('server timeouts', () => {
  it('a client that never finishes its headers is cut after HEADERS_TIMEOUT_MS (slowloris)', async () => {
    const port = await freePort();
    const p = track(
      start('apps/validator-api/dist/main.js', { PORT: String(port), HEADERS_TIMEOUT_MS: '1500' }),
    );
    await waitForOk(`http://127.0.0.1:${port}/healthz`);
    const socket = net.connect(port, '127.0.0.1');
    const t0 = Date.now();
    let answer = '';
    socket.on('data', (d) => {
      answer += String(d);
    });
    socket.write('POST /v1/validate HTTP/1.1\r\nHost: x\r\n');
    const drip = setInterval(() => socket.write('X-Slow: 1\r\n'), 300);
    await new Promise((resolve) => socket.on('close', resolve));
    clearInterval(drip);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    p.child.kill('SIGTERM');
    expect((await p.exited).code).toBe(0);
  });
});
