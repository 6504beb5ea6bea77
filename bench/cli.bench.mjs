// The einv command line (apps/cli, BUILT): `einv validate` over every XML and PDF of ../shared/corpus
// with --jobs 1 (main thread) and --jobs 2 (two worker threads): files per second and the speed-up;
// the same files through validateDocument in this process as the reference (what the CLI adds:
// process start, reading, workers, JSON output); and the start-up time of `einv --version` beside a
// bare `node -e 0` measured in the same run. Wall-clock medians of whole processes; CPU seconds
// (user + system, from /usr/bin/time when present) because the shared 2-core machine inflates wall
// time under load — the load average is printed with the figures.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { validateDocument } from '../packages/facturx/dist/index.js';
import { median, printTable, SHARED_DIR } from './lib.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const EINV = path.join(here, '../apps/cli/dist/main.js');
const CORPUS = path.join(SHARED_DIR, 'corpus');
const TIME = fs.existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/** Runs a process once: wall ms, and CPU seconds when /usr/bin/time is there */
function runOnce(args) {
  const argv = TIME ? [TIME, '-f', 'CPU %U %S', process.execPath, ...args] : [process.execPath, ...args];
  const t0 = performance.now();
  const r = spawnSync(argv[0], argv.slice(1), { maxBuffer: 512 * 1024 * 1024 });
  const ms = performance.now() - t0;
  if (r.status !== 0 && r.status !== 1) throw new Error(`${args.join(' ')}: exit ${r.status}\n${r.stderr}`);
  const cpu = /CPU ([\d.]+) ([\d.]+)/.exec(r.stderr.toString());
  return { ms, cpu: cpu ? Number(cpu[1]) + Number(cpu[2]) : undefined, stdout: r.stdout };
}

function runMany(args, { warmup, runs }) {
  for (let i = 0; i < warmup; i++) runOnce(args);
  const samples = Array.from({ length: runs }, () => runOnce(args));
  const cpus = samples.map((s) => s.cpu).filter((c) => c !== undefined);
  return {
    ms: median(samples.map((s) => s.ms)),
    cpu: cpus.length ? median(cpus) : undefined,
    last: samples.at(-1),
  };
}

if (!fs.existsSync(CORPUS)) {
  console.log(`skipped: ${CORPUS} is absent`);
  process.exit(0);
}
console.log(
  `cores ${os.availableParallelism()}, load average at start ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);

// start-up
const bare = runMany(['-e', '0'], { warmup: 3, runs: 15 });
const version = runMany([EINV, '--version'], { warmup: 3, runs: 15 });
printTable('einv --version start-up (whole process, median of 15)', [
  {
    command: 'node -e 0 (reference)',
    'wall ms': bare.ms,
    'CPU ms': (bare.cpu ?? Number.NaN) * 1000,
    'wall - bare node ms': 0,
  },
  {
    command: 'einv --version',
    'wall ms': version.ms,
    'CPU ms': (version.cpu ?? Number.NaN) * 1000,
    'wall - bare node ms': version.ms - bare.ms,
  },
]);

// the batch
const files = [];
const walk = (d) => {
  for (const e of fs.readdirSync(d, { withFileTypes: true })) {
    const p = path.join(d, e.name);
    if (e.isDirectory()) walk(p);
    else if (/\.(xml|pdf)$/i.test(e.name)) files.push(p);
  }
};
walk(CORPUS);
const inProcess = [];
for (let run = 0; run < 4; run++) {
  const t0 = performance.now();
  for (const f of files) validateDocument(new Uint8Array(fs.readFileSync(f)));
  if (run > 0) inProcess.push(performance.now() - t0); // the first run warms up
}
const one = runMany([EINV, 'validate', CORPUS, '--format', 'json', '--jobs', '1'], { warmup: 1, runs: 3 });
const two = runMany([EINV, 'validate', CORPUS, '--format', 'json', '--jobs', '2'], { warmup: 1, runs: 3 });
const summary = JSON.parse(two.last.stdout.toString()).summary;
if (summary.files !== files.length)
  throw new Error(`einv saw ${summary.files} files, expected ${files.length}`);
const ref = median(inProcess);
const rate = (ms) => files.length / (ms / 1000);
printTable(
  `einv validate ../shared/corpus: ${files.length} files (${summary.valid} valid, ${summary.invalid} invalid), median of 3`,
  [
    {
      run: 'validateDocument in-process, warm (reference)',
      s: ref / 1000,
      'files/s': rate(ref),
      'CPU s': '-',
    },
    { run: 'einv validate --jobs 1', s: one.ms / 1000, 'files/s': rate(one.ms), 'CPU s': one.cpu ?? '-' },
    { run: 'einv validate --jobs 2', s: two.ms / 1000, 'files/s': rate(two.ms), 'CPU s': two.cpu ?? '-' },
  ],
);
console.log(
  `\nspeed-up --jobs 2 / --jobs 1: x${(one.ms / two.ms).toFixed(2)} (wall); --jobs 1 / in-process: x${(one.ms / ref).toFixed(2)}`,
);
console.log(
  `load average at end ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
