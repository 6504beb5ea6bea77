// Shared benchmark helpers: medians over warmed runs, printed as a table, so every bench in bench/
// reports the same way. Benchmarks import the built packages (dist), like a user would.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { largeInvoiceXml } from '../fixtures/scripts/gen-large-xml.mjs';

/** Runs fn `warmup` times, then `runs` times, and returns timing statistics in milliseconds. */
export function measure(fn, { warmup = 20, runs = 200 } = {}) {
  for (let i = 0; i < warmup; i++) fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

/** Async variant of measure() */
export async function measureAsync(fn, { warmup = 5, runs = 30 } = {}) {
  for (let i = 0; i < warmup; i++) await fn();
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return stats(samples);
}

export function stats(samples) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p90: q(0.9), p99: q(0.99), min: s[0], runs: s.length };
}

/**
 * `rounds` interleaved measures of two builds, `measure(0)` for A and `measure(1)` for B, the order
 * alternated from round to round (A then B, then B then A): in one process the second measure of a
 * round pays for garbage the first one left, so a fixed order puts that on one build. The measures
 * of each build, and each round's B / A.
 */
export function alternated(measure, rounds) {
  const a = [];
  const b = [];
  const ratios = [];
  for (let r = 0; r < rounds; r++) {
    let x;
    let y;
    if (r % 2 === 0) {
      x = measure(0);
      y = measure(1);
    } else {
      y = measure(1);
      x = measure(0);
    }
    a.push(x);
    b.push(y);
    ratios.push(y / x);
  }
  return { a, b, ratios };
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Prints rows {name, median, ...} as a fixed-width table with ms to 3 decimals */
export function printTable(title, rows) {
  console.log(`\n## ${title}\n`);
  const cols = Object.keys(rows[0] ?? {});
  console.log(`| ${cols.join(' | ')} |`);
  console.log(`|${cols.map(() => '---').join('|')}|`);
  for (const r of rows) console.log(`| ${cols.map((c) => fmt(r[c])).join(' | ')} |`);
}

function fmt(v) {
  return typeof v === 'number' ? (Number.isInteger(v) ? String(v) : v.toFixed(3)) : String(v);
}

/** The shared artefacts folder (../shared beside the clone, or EINV_SHARED) */
export const SHARED_DIR =
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: benchmarks only, never run by turbo tasks
  process.env.EINV_SHARED ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared');

/** The XML files of a folder of ../shared, sorted by name: { name, bytes, xml } */
export function sharedXmlFiles(dir) {
  return fs
    .readdirSync(path.join(SHARED_DIR, dir))
    .filter((f) => /\.xml$/i.test(f))
    .sort()
    .map((f) => {
      const bytes = fs.readFileSync(path.join(SHARED_DIR, dir, f));
      return { name: f, bytes, xml: bytes.toString('utf8') };
    });
}

/**
 * A set named on the command line of the benches that time whole validateDocument calls in processes
 * of their own (compare-builds-apart, validate-document-phases), as bytes: 'cii' | 'ubl', every
 * official example of the syntax (as the issue's bench takes them); 'cii1000', 'ubl10000', …, a
 * synthetic invoice of that many lines (fixtures/scripts/gen-large-xml.mjs)
 */
export function documentSet(set) {
  if (set === 'cii' || set === 'ubl') return sharedXmlFiles(`en16931/${set}/examples`).map((d) => d.bytes);
  const m = /^(cii|ubl)(\d+)$/.exec(set);
  if (!m) throw new Error(`unknown set ${set}: cii, ubl, or cii|ubl followed by a number of lines`);
  return [Buffer.from(largeInvoiceXml(m[1], Number(m[2])))];
}

/**
 * The rounds over `docs` that warm a process before it is timed, as the issue's bench warms einv
 * (decision 0250): ~2,000 calls over the examples; a large file as many rounds as 2,000 examples'
 * bytes (~80 MB), at least 3
 */
export function warmRoundsOf(docs) {
  const bytes = docs.reduce((sum, d) => sum + d.length, 0);
  return docs.length > 1 ? Math.ceil(2000 / docs.length) : Math.max(3, Math.ceil(80e6 / bytes));
}

/**
 * The document sets of the compare-* benches, [name, bytes[]]: the official CII and UBL examples
 * (without the "FT " example, whose 3 MB attachment would dominate), the 1,000-line synthetic
 * invoices, and the given larger CII invoices (e.g. [10000])
 */
export function speedSets(largerCii = []) {
  return [
    ['CII examples', officialExamples('cii')],
    ['UBL examples', officialExamples('ubl')],
    ['CII 1,000 lines', [Buffer.from(largeInvoiceXml('cii', 1000))]],
    ['UBL 1,000 lines', [Buffer.from(largeInvoiceXml('ubl', 1000))]],
    ...largerCii.map((n) => [
      `CII ${n.toLocaleString('en')} lines`,
      [Buffer.from(largeInvoiceXml('cii', n))],
    ]),
  ];
}

/**
 * The official EN 16931 examples of one syntax ('cii' or 'ubl') as the compare-* benches time them:
 * the bytes, in name order, without the "FT " example, whose 3 MB attachment would dominate
 */
export function officialExamples(syntax) {
  const dir = path.join(SHARED_DIR, 'en16931', syntax, 'examples');
  return fs
    .readdirSync(dir)
    .filter((f) => /\.xml$/i.test(f) && !f.startsWith('FT '))
    .sort()
    .map((f) => fs.readFileSync(path.join(dir, f)));
}

/** What a caller sees of a reader's result: its enumerable fields, the locations record built */
const seenOfRead = (result) => JSON.stringify({ ...result, locations: result.locations });

/**
 * The trees of `docs` as each build's own parser makes them ([A's, B's]), after checking that both
 * builds' readers (`build.read`) give what a caller sees alike on every document (a line `!!` when
 * not): the start of compare-cii-reader and compare-ubl-reader
 */
export function readerTrees(setName, builds, docs) {
  const trees = builds.map((b) => docs.map((d) => b.parseXml(d, { maxBytes: 256e6 }).root));
  for (let i = 0; i < docs.length; i++)
    if (seenOfRead(builds[0].read(trees[0][i])) !== seenOfRead(builds[1].read(trees[1][i])))
      console.log(`!! ${setName}: the results differ (document ${i})`);
  return trees;
}

const TICK_MS = 1000 / 100; // USER_HZ: /proc counts CPU time in 1/100 s on Linux

/**
 * CPU ms used so far by the processes' threads: their event loops, and every other thread; and how
 * many times each side went to sleep waiting for something (voluntary context switches: each one
 * is a wake-up later, which on this virtual machine costs tens of microseconds of CPU)
 */
export function threadCpu(pids) {
  let eventLoops = 0;
  let others = 0;
  let eventLoopSleeps = 0;
  let otherSleeps = 0;
  for (const pid of pids)
    for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
      let stat;
      let status;
      try {
        stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
        status = fs.readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
      } catch {
        continue; // a thread that ended between the listing and the read
      }
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
      const sleeps = Number(/\nvoluntary_ctxt_switches:\s+(\d+)/.exec(status)?.[1] ?? 0);
      // the event loop is the thread whose id is the process id; worker threads and V8's and libuv's
      // helper threads (GC, compiler, file system) are work off the event loop
      if (tid === String(pid)) {
        eventLoops += ms;
        eventLoopSleeps += sleeps;
      } else {
        others += ms;
        otherSleeps += sleeps;
      }
    }
  return { eventLoops, others, eventLoopSleeps, otherSleeps };
}

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts a built service (`entry`, from the repository root, or an absolute path) as its own process on `port`, rate
 * limits lifted and logs at warn, and resolves with the child once /healthz answers
 */
export async function startService(entry, port, env = {}, nodeArgs = []) {
  const child = spawn(process.execPath, [...nodeArgs, path.resolve(REPO_ROOT, entry)], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${entry} did not start on port ${port}`);
}

/** SIGTERM, and resolves when the process has exited */
export async function stopService(child) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/**
 * Warms a started service as its traffic would: `seconds` of the same load (10 connections), so that
 * the thread serving it has compiled the work (V8 tiers a validation up over its first few thousand
 * calls: a first 10 s run gave p99 20 ms where the next ones gave 16–17, session 18) and its heap has
 * grown to its working size. The runs measured after it are the warmed runs.
 */
export async function warmService(url, body, { seconds = 3, type = 'application/xml' } = {}) {
  await postLoad(url, body, { duration: seconds, connections: 10, type });
}

/** autocannon POSTing the same body for `duration` seconds over `connections`: its result */
export function postLoad(url, body, { duration, connections, type = 'application/xml' }) {
  return new Promise((resolve, reject) =>
    autocannon(
      { url, method: 'POST', headers: { 'content-type': type }, body, duration, connections },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  );
}

/**
 * The two build roots of a compare-* bench and its optional filter, from the command line; without
 * both roots, the usage and exit code 2. Each root holds packages/*\/dist (a built checkout).
 */
export function buildRoots(script) {
  const [aRoot, bRoot, only] = process.argv.slice(2);
  if (!aRoot || !bRoot) {
    console.error(`usage: node bench/${script} A_ROOT B_ROOT [filter]`);
    process.exit(2);
  }
  return { aRoot, bRoot, only };
}

/** A built module of the build at `root`: `packages/<file>` (e.g. `xml/dist/index.js`) */
export function importFrom(root, file) {
  return import(path.resolve(root, 'packages', file));
}
