/**
 * Runs the built `einv` (apps/cli/dist/main.js) as a subprocess, as a user or a CI job would: no
 * in-process shortcut. `pnpm test` builds first; a jest run without a build fails here, saying so.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CLI_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const REPO_ROOT = path.resolve(CLI_ROOT, '../..');
export const EINV = path.join(CLI_ROOT, 'dist/main.js');

export interface EinvRun {
  status: number | null;
  stdout: string;
  stderr: string;
  stdoutBytes: Buffer;
}

export function assertBuilt(): void {
  if (!fs.existsSync(EINV))
    throw new Error(`${EINV} is missing: build first (pnpm run build; pnpm test does it)`);
}

/**
 * The locale of the machine running the tests must not decide their language (decision 0150): einv
 * runs in the C locale (English) unless a test gives `env` (LANG=fr_FR.UTF-8 for the French runs)
 */
const C_LOCALE = { LANG: 'C.UTF-8', LC_ALL: undefined, LC_MESSAGES: undefined };

export function einv(
  args: string[],
  options: { cwd?: string; input?: string | Buffer; env?: Record<string, string | undefined> } = {},
): EinvRun {
  const r = spawnSync(process.execPath, [EINV, ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    input: options.input ?? '',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, ...C_LOCALE, NO_COLOR: '1', FORCE_COLOR: undefined, ...options.env },
    timeout: 240_000,
  });
  if (r.error) throw r.error;
  return {
    status: r.status,
    stdout: r.stdout.toString('utf8'),
    stderr: r.stderr.toString('utf8'),
    stdoutBytes: r.stdout,
  };
}
