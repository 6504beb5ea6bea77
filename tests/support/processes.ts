/** Starting the built services as real processes, for tests of the process around the apps. */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe } from '@jest/globals';
import { REPO_ROOT } from './shared.js';

export const built =
  fs.existsSync(path.join(REPO_ROOT, 'apps/generation-api/dist/main.js')) &&
  fs.existsSync(path.join(REPO_ROOT, 'apps/validator-api/dist/main.js'));
if (!built) console.warn('process tests: apps/*/dist is missing (run pnpm build); skipped');
export const describeIfBuilt: typeof describe.skip = built ? describe : describe.skip;

export { freePort } from './servers.js';

export interface Started {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Runs `node <script>` from the repository root with the given env (LOG_LEVEL warn unless set) */
export function start(script: string, env: Record<string, string>, args: string[] = []): Started {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'einv-proc-'));
  const child = spawn(process.execPath, [...args, path.join(REPO_ROOT, script)], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      DATABASE_URL: path.join(dataDir, 'einv.sqlite'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve({ code, signal });
    }),
  );
  return { child, output: () => out, exited };
}

/** Waits until `url` answers 200 (or throws after `ms`) */
export async function waitForOk(url: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer 200 within ${ms} ms`);
}

/** Waits until `predicate` holds (polling), or throws after `ms` */
export async function waitUntil(predicate: () => boolean, what: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
