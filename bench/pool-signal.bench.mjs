// What a task's budget signal costs the event loop (decision 0170): piscina calls of a task that
// does nothing, one worker thread, 2 in flight, with no signal, with an AbortController's signal and
// with an EventEmitter signal (what http-kit's pool passes), each with its budget timer. CPU of this
// thread per call, from Linux /proc (schedstat, ns), medians over interleaved rounds.
// Usage: nice -n 10 node bench/pool-signal.bench.mjs   (after `pnpm build`; Linux)
import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from './lib.mjs';

// piscina as http-kit has it (the repository root does not depend on it)
const { Piscina } = createRequire(new URL('../apps/http-kit/package.json', import.meta.url))('piscina');

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'einv-pool-signal-'));
const taskFile = path.join(dir, 'task.mjs');
fs.writeFileSync(taskFile, 'export default function nothing() { return 1; }\n');
const pool = new Piscina({ filename: pathToFileURL(taskFile).href, minThreads: 1, maxThreads: 1 });

/** CPU ms this process's main thread has used so far */
const mainCpu = () =>
  Number(fs.readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;

const BUDGET_MS = 600_000;
const signals = {
  'no signal': () => ({}),
  AbortController: () => {
    const controller = new AbortController();
    return { signal: controller.signal, timer: setTimeout(() => controller.abort(), BUDGET_MS) };
  },
  'EventEmitter (http-kit)': () => {
    const emitter = Object.assign(new EventEmitter(), { aborted: false });
    const timer = setTimeout(() => {
      emitter.aborted = true;
      emitter.emit('abort');
    }, BUDGET_MS);
    return { signal: emitter, timer };
  },
};

const CALLS = 10_000;
const ROUNDS = 5;
const calls = async (make, n) => {
  let next = 0;
  const sender = async () => {
    while (next++ < n) {
      const { signal, timer } = make();
      try {
        await pool.run(1, signal ? { signal } : {});
      } finally {
        clearTimeout(timer);
      }
    }
  };
  await Promise.all([sender(), sender()]);
};
const samples = Object.fromEntries(Object.keys(signals).map((k) => [k, []]));
for (let round = 0; round < ROUNDS; round++)
  for (const [name, make] of Object.entries(signals)) {
    await calls(make, 1_000);
    const t0 = mainCpu();
    await calls(make, CALLS);
    samples[name].push(((mainCpu() - t0) / CALLS) * 1000);
  }
await pool.close();
fs.rmSync(dir, { recursive: true, force: true });
console.table(
  Object.entries(samples).map(([signal, us]) => ({
    signal,
    'event loop µs per call (median)': median(us).toFixed(1),
    rounds: us.map((u) => u.toFixed(1)).join(' '),
  })),
);
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
