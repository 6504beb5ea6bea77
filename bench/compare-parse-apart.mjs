// Two builds' bare parse, each in processes of its own (issue 18, session 16): compare-parse.mjs puts
// both builds in one process, where V8 decides per allocation site whether to allocate the elements
// in the old generation (pretenuring), and each build has its own sites: a 1,000-line CII parses in
// ~4 ms when its elements are pretenured and ~10 ms when they are not (each scavenge during the parse
// then copies the tree built so far), so ratios there moved by ±30 % from run to run. Here each
// round is a fresh process per build, alternating A and B, with the young generation fixed at 64 MB
// and the collector on the main thread (`--min-semi-space-size=64 --max-semi-space-size=64
// --single-threaded-gc`): a parse of up to 1,000 lines then meets at most one scavenge, whichever
// choice V8 makes. Median CPU per parse round over the processes. The trees are compared by
// compare-parse.mjs, not here.
//   node bench/compare-parse-apart.mjs A_ROOT B_ROOT [filter] [processes per build, default 6]
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { buildRoots, importFrom, median, speedSets } from './lib.mjs';

const FLAGS = ['--min-semi-space-size=64', '--max-semi-space-size=64', '--single-threaded-gc'];
const self = fileURLToPath(import.meta.url);

if (process.argv[2] === '--child') {
  // one process, one build, one set: warm up, then print the CPU ms per round
  const [, , , root, setName] = process.argv;
  const { parseXml } = await importFrom(root, 'xml/dist/index.js');
  const docs = speedSets([10000]).find(([name]) => name === setName)[1];
  const limits = { maxBytes: 64 * 1024 * 1024 };
  const lines = setName.includes('10,000') ? 10_000 : setName.includes('1,000') ? 1000 : 0;
  const rounds = lines === 10_000 ? 4 : lines === 1000 ? 40 : 300;
  for (let r = 0; r < Math.max(2, rounds >> 2); r++) for (const d of docs) parseXml(d, limits);
  const c0 = process.cpuUsage();
  for (let r = 0; r < rounds; r++) for (const d of docs) parseXml(d, limits);
  const c = process.cpuUsage(c0);
  console.log(((c.user + c.system) / 1000 / rounds).toFixed(4));
} else {
  const { aRoot, bRoot, only } = buildRoots('compare-parse-apart.mjs');
  const processes = Number(process.argv[5] ?? 6);
  const run = (root, setName) =>
    Number(execFileSync(process.execPath, [...FLAGS, self, '--child', root, setName], { encoding: 'utf8' }));
  console.log(`A = ${aRoot}\nB = ${bRoot}\n${processes} processes per build and set, ${FLAGS.join(' ')}\n`);
  for (const [name] of speedSets([10000])) {
    if (only && !name.includes(only)) continue;
    const a = [];
    const b = [];
    for (let i = 0; i < processes; i++) {
      a.push(run(aRoot, name));
      b.push(run(bRoot, name));
    }
    const [ma, mb] = [median(a), median(b)];
    console.log(
      `${name.padEnd(16)} CPU ms per round: A ${ma.toFixed(2)}, B ${mb.toFixed(2)}, B / A ${(mb / ma).toFixed(3)} (min ${(Math.min(...b) / Math.min(...a)).toFixed(3)})`,
    );
  }
}
