// The validator's worker pool under mixed load (issue 14), on the built service as its own process:
// 1. one client streams heavy PDFs (a 440 kB Factur-X from the corpus) back to back while autocannon
//    sends small CII validations (CII_example1): the small ones' p50/p99;
// 2. CII validation throughput, 10 connections, with the pool at its default size (the cores) and, in
//    the same run as the reference, with WORKER_THREADS=1.
// Usage: node bench/pool.bench.mjs   (needs `pnpm build` and ../shared)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postLoad, startService, stopService, warmService } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shared = path.resolve(root, '../shared');
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const cii = fs.readFileSync(path.join(shared, 'en16931/cii/examples/CII_example1.xml'));
const heavyPath = path.join(
  shared,
  'corpus/stephanstapel_ZUGFeRD-csharp/documentation/zugferd240de/Beispiele/3. EN16931/EN16931_Betriebskostenabrechnung/EN16931_Betriebskostenabrechnung_fx.pdf',
);
const heavy = fs.readFileSync(heavyPath);

const startValidator = (port, env = {}) => startService('apps/validator-api/dist/main.js', port, env);

const load = (url, connections) => postLoad(url, cii, { duration: DURATION, connections });

async function warm(url) {
  for (let i = 0; i < 20; i++)
    await (
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/xml' }, body: cii })
    ).arrayBuffer();
  for (let i = 0; i < 5; i++)
    await (
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/pdf' }, body: heavy })
    ).arrayBuffer();
  await warmService(url, cii);
}

const rows = [];
const port = 3951;
const url = `http://127.0.0.1:${port}/v1/validate`;

// 1. heavy stream + small stream
let child = await startValidator(port);
await warm(url);
let heavyDone = 0;
let heavyMs = 0;
let stop = false;
const heavyStream = (async () => {
  while (!stop) {
    const t0 = performance.now();
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: heavy,
    });
    await res.arrayBuffer();
    heavyMs += performance.now() - t0;
    heavyDone++;
  }
})();
const mixed = await load(url, 1);
stop = true;
await heavyStream;
rows.push({
  scenario: `small CII (1 connection) while heavy ${Math.round(heavy.length / 1024)} kB PDFs stream`,
  'req/s': Math.round(mixed.requests.average),
  'p50 ms': mixed.latency.p50,
  'p99 ms': mixed.latency.p99,
  'non-2xx': mixed.non2xx,
  note: `${heavyDone} heavy PDFs, mean ${Math.round(heavyMs / Math.max(1, heavyDone))} ms`,
});

// 2. throughput with the pool at its default size
const pooled = await load(url, 10);
rows.push({
  scenario: `CII throughput, pool of ${os.availableParallelism()} threads, 10 connections`,
  'req/s': Math.round(pooled.requests.average),
  'p50 ms': pooled.latency.p50,
  'p99 ms': pooled.latency.p99,
  'non-2xx': pooled.non2xx,
});
await stopService(child);

child = await startValidator(port, { WORKER_THREADS: '1' });
await warm(url);
const single = await load(url, 10);
rows.push({
  scenario: 'reference: CII throughput, WORKER_THREADS=1, 10 connections',
  'req/s': Math.round(single.requests.average),
  'p50 ms': single.latency.p50,
  'p99 ms': single.latency.p99,
  'non-2xx': single.non2xx,
});
await stopService(child);

console.table(rows);
console.log(
  `pool / 1 thread: ×${(pooled.requests.average / single.requests.average).toFixed(2)}; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
