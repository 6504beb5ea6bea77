/**
 * A worker pool of the built http-kit (`threadPool`) running the tasks of a module written for the
 * test into a temporary directory: the pool's own behaviour (budget, transfer) is tested on small
 * tasks instead of the services' real ones. `dispose` closes the pool and removes the directory.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PoolSettings } from '@einv/http-kit';
import { afterAll, beforeAll } from '@jest/globals';
import { REPO_ROOT } from './shared.js';

export interface BuiltThreadPool<Pool> {
  pool: Pool;
  dispose(): Promise<void>;
}

export async function builtThreadPool<Pool extends { close(): Promise<void> }>(
  name: string,
  tasksSource: string,
  options: PoolSettings,
): Promise<BuiltThreadPool<Pool>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `einv-${name}-`));
  const tasks = path.join(dir, 'tasks.mjs');
  fs.writeFileSync(tasks, tasksSource);
  const kit = await import(pathToFileURL(path.join(REPO_ROOT, 'apps/http-kit/dist/index.js')).href);
  const pool = kit.threadPool(pathToFileURL(tasks), options) as Pool;
  return {
    pool,
    async dispose() {
      await pool.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * builtThreadPool for a describe block: made before its tests, closed after them. Returns a getter,
 * since the pool exists only once beforeAll has run.
 */
export function threadPoolForSuite<Pool extends { close(): Promise<void> }>(
  name: string,
  tasksSource: string,
  options: PoolSettings,
): () => Pool {
  let built: BuiltThreadPool<Pool> | undefined;
  beforeAll(async () => {
    built = await builtThreadPool<Pool>(name, tasksSource, options);
  });
  afterAll(() => built?.dispose());
  return () => (built as BuiltThreadPool<Pool>).pool;
}
