/**
 * Real PostgreSQL and Redis servers for tests (issue 14): Debian's `postgresql` and `redis-server`
 * binaries, each started in a temporary directory on a free loopback port and stopped by the test.
 * PostgreSQL refuses to run as root, so as root its commands run as the `postgres` user (runuser).
 * When a binary is absent the start functions answer undefined and `serversMissing` says what to
 * install, so the tests skip with that message.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function which(binary: string): string | undefined {
  try {
    return execFileSync('which', [binary], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** The folder of initdb and postgres: Debian's newest /usr/lib/postgresql/N/bin, else the PATH */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin/initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(root, versions[0], 'bin');
  const initdb = which('initdb');
  return initdb ? path.dirname(fs.realpathSync(initdb)) : undefined;
}

const PG_BIN = postgresBin();
const REDIS_SERVER = which('redis-server');
const AS_ROOT = process.getuid?.() === 0;

/** What is missing to run the PostgreSQL + Redis tests, in words (undefined: nothing) */
export const serversMissing: string | undefined =
  [
    PG_BIN ? '' : 'PostgreSQL (apt-get install postgresql: initdb and postgres)',
    REDIS_SERVER ? '' : 'Redis (apt-get install redis-server)',
    AS_ROOT && PG_BIN && !which('runuser') ? 'runuser (util-linux), to run PostgreSQL as postgres' : '',
  ]
    .filter(Boolean)
    .join(', ') || undefined;

/** A loopback port nobody listens on right now */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

/** Runs a PostgreSQL binary, as the postgres user when this process is root */
function pgCommand(binary: string, args: string[]): [string, string[]] {
  const full = path.join(PG_BIN as string, binary);
  return AS_ROOT ? ['runuser', ['-u', 'postgres', '--', full, ...args]] : [full, args];
}

async function waitForPort(port: number, child: ChildProcess, log: () => string, ms = 60_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${log()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server did not listen on ${port} within ${ms} ms: ${log()}`);
}

/**
 * A fresh PostgreSQL cluster (trust authentication on loopback, user `einv`, no fsync: test data only)
 * in a temporary directory. `url` names its `postgres` database; tests create their own.
 */
export async function startPostgres(): Promise<RunningServer | undefined> {
  if (!PG_BIN || (AS_ROOT && !which('runuser'))) return undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'einv-pg-'));
  const data = path.join(dir, 'data');
  if (AS_ROOT) execFileSync('chown', ['postgres:postgres', dir]);
  const [initdb, initArgs] = pgCommand('initdb', [
    '-D',
    data,
    '-U',
    'einv',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
    '--locale=C',
  ]);
  execFileSync(initdb, initArgs, { stdio: 'pipe' });
  const port = await freePort();
  const [postgres, args] = pgCommand('postgres', [
    '-D',
    data,
    '-p',
    String(port),
    '-k',
    dir,
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'fsync=off',
    '-c',
    'synchronous_commit=off',
    '-c',
    'full_page_writes=off',
    '-c',
    'max_connections=300',
  ]);
  const child = spawn(postgres, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  const keep = (d: Buffer) => {
    log = (log + String(d)).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  await waitForPort(port, child, () => log);
  return {
    url: `postgres://einv@127.0.0.1:${port}/postgres`,
    async stop() {
      // The postmaster's own pid (runuser stands between it and us): SIGINT is PostgreSQL's fast shutdown.
      const pid = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.exitCode === null) process.kill(pid, 'SIGINT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A Redis server with no persistence on a free loopback port */
export async function startRedis(): Promise<RunningServer | undefined> {
  if (!REDIS_SERVER) return undefined;
  const port = await freePort();
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stdout?.on('data', (d) => {
    log = (log + String(d)).slice(-4000);
  });
  await waitForPort(port, child, () => log);
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
