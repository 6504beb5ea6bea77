// Runs every bench/*.bench.mjs in its own process, one after another (the machine has 2 cores:
// running them side by side would measure the contention, not the code).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const files = fs
  .readdirSync(here)
  .filter((f) => f.endsWith('.bench.mjs') && (!only || f.includes(only)))
  .sort();
let failed = 0;
for (const f of files) {
  console.log(`\n# ${f}`);
  const r = spawnSync(process.execPath, ['--expose-gc', path.join(here, f)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
