// Two ways of serving the validator compared at the same time, for a machine shared with other work
// (issue 14, decision 0183): both variants of bench/validator-variants.mjs run at once, each on its
// own port with its own autocannon client (10 connections, CII_example1), so in every round both see
// the same load; the order of starting alternates. Per round and variant: req/s, p99, the server's
// CPU per request (event loop, other threads, from /proc) and its sleeps; then the paired ratios
// (first ÷ second) per round and their medians. The ratios hold under load where the absolute figures
// do not; on a loaded machine the cores are never idle, so what a variant saves in idle time shows only
// in a quiet run of bench/http-path.bench.mjs.
// Usage: nice -n 10 node bench/http-path-paired.mjs [A] [B] [ROUNDS] [SECONDS]
//   A, B: VARIANT[,NAME=VALUE...] (service settings; NODE_ARGS=... is given to node, space-separated;
//   ROOT=DIR serves that built checkout's validator instead of this one's, to compare two builds),
//   e.g. `pool,WORKER_THREADS=1`, `pool,NODE_ARGS=--single-threaded-gc` or `pool,ROOT=/work/ci20`
//   (defaults: pool unstacked 5 8: the service as shipped against it without small uploads stacked)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { postLoad, startService, stopService, threadCpu } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [first = 'pool', second = 'unstacked', rounds = '5', seconds = '8'] = process.argv.slice(2);
const cii = fs.readFileSync(path.resolve(root, '../shared/en16931/cii/examples/CII_example1.xml'));

/** `VARIANT[,NAME=VALUE...]`: the variant, its settings, and node's own arguments (NODE_ARGS) */
function parseSide(spec) {
  const [variant, ...settings] = spec.split(',');
  const env = Object.fromEntries(
    settings.map((s) => [s.slice(0, s.indexOf('=')), s.slice(s.indexOf('=') + 1)]),
  );
  const { NODE_ARGS = '', ROOT = root, ...rest } = env;
  return { variant, env: rest, nodeArgs: NODE_ARGS.split(' ').filter(Boolean), build: path.resolve(ROOT) };
}

/** The validator served as `spec` says (bench/validator-variants.mjs of its build) on `port` */
function start(spec, port) {
  const { variant, env, nodeArgs, build } = parseSide(spec);
  return startService(
    path.join(build, 'bench/validator-variants.mjs'),
    port,
    { ...env, VARIANT: variant },
    nodeArgs,
  );
}

const url = (port) => `http://127.0.0.1:${port}/v1/validate`;
const sides = [
  { variant: first, port: 3975, rows: [] },
  { variant: second, port: 3976, rows: [] },
];
for (let round = 0; round < Number(rounds); round++) {
  const order = round % 2 ? [sides[1], sides[0]] : sides;
  const children = await Promise.all(order.map((side) => start(side.variant, side.port)));
  for (const side of order)
    for (let i = 0; i < 100; i++)
      await (
        await fetch(url(side.port), {
          method: 'POST',
          headers: { 'content-type': 'application/xml' },
          body: cii,
        })
      ).arrayBuffer();
  const before = children.map((child) => threadCpu([child.pid]));
  const results = await Promise.all(
    order.map((side) => postLoad(url(side.port), cii, { duration: Number(seconds), connections: 10 })),
  );
  const after = children.map((child) => threadCpu([child.pid]));
  await Promise.all(children.map((child) => stopService(child)));
  order.forEach((side, i) => {
    const n = results[i].requests.total;
    const per = (key) => (after[i][key] - before[i][key]) / n;
    const row = {
      'req/s': results[i].requests.average,
      'p99 ms': results[i].latency.p99,
      'event loop ms': per('eventLoops'),
      'other threads ms': per('others'),
      'server ms': per('eventLoops') + per('others'),
      'event loop sleeps': per('eventLoopSleeps'),
      'other sleeps': per('otherSleeps'),
      'non-2xx': results[i].non2xx + results[i].errors,
    };
    side.rows.push(row);
    console.log(
      `round ${round} ${side.variant}: ${Object.entries(row)
        .map(([k, v]) => `${k} ${Number.isInteger(v) ? v : v.toFixed(3)}`)
        .join(', ')}`,
    );
  });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
for (const side of sides)
  console.log(
    `median ${side.variant}: ${Object.keys(side.rows[0])
      .map((k) => `${k} ${median(side.rows.map((row) => row[k])).toFixed(3)}`)
      .join(', ')}`,
  );
for (const key of ['server ms', 'event loop ms', 'other threads ms', 'req/s']) {
  const ratios = sides[0].rows.map((row, i) => row[key] / sides[1].rows[i][key]);
  console.log(
    `${key}, ${first} ÷ ${second} per round: ${ratios.map((r) => r.toFixed(3)).join(' ')}; median ${median(ratios).toFixed(3)}`,
  );
}
