/**
 * Access to ../shared, the official artefacts beside the clone. Tests that need it use
 * `describeIfShared` so they skip (and say so) when it is absent; the product never reads it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe } from '@jest/globals';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SHARED = process.env.EINV_SHARED ?? path.resolve(REPO_ROOT, '../shared');
export const hasShared = fs.existsSync(path.join(SHARED, 'README.md'));
export const describeIfShared: typeof describe.skip = hasShared ? describe : describe.skip;

/** Absolute path of a file under ../shared */
export function sharedPath(...parts: string[]): string {
  return path.join(SHARED, ...parts);
}

/** Files under a ../shared folder matching a predicate, sorted, as absolute paths */
export function sharedFiles(dir: string, accept: (name: string) => boolean): string[] {
  const root = sharedPath(dir);
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (accept(e.name)) out.push(p);
    }
  };
  walk(root);
  return out.sort();
}
