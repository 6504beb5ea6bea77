// Two builds of einv in one process: validateDocument of build A and of build B alternate on the
// same bytes (official examples, 1,000-line synthetic invoices), their reports must be equal byte
// for byte, and the CPU time of the process per round is compared (median of interleaved rounds).
// On a shared machine this is the fairest before/after: both builds suffer the same load.
//   node bench/compare-builds.mjs A_ROOT B_ROOT [filter]
// where each root holds packages/*/dist (e.g. a checkout of main and this one, both built).
import { buildRoots, importFrom, speedSets } from './lib.mjs';

const { aRoot, bRoot, only } = buildRoots('compare-builds.mjs');
const load = async (root) => (await importFrom(root, 'facturx/dist/index.js')).validateDocument;
const A = await load(aRoot);
const B = await load(bRoot);

const sets = speedSets();

const median = (v) => [...v].sort((x, y) => x - y)[v.length >> 1];
console.log(`A = ${aRoot}\nB = ${bRoot}\n`);
for (const [name, docs] of sets) {
  if (only && !name.includes(only)) continue;
  for (const bytes of docs)
    if (JSON.stringify(A(bytes)) !== JSON.stringify(B(bytes))) console.log(`!! ${name}: the reports differ`);
  const reps = docs.length > 1 ? 5 : 1;
  const cpu = (fn) => {
    const c0 = process.cpuUsage();
    for (let r = 0; r < reps; r++) for (const bytes of docs) fn(bytes);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000 / reps;
  };
  for (let i = 0; i < 2; i++) {
    cpu(A);
    cpu(B);
  }
  const a = [];
  const b = [];
  for (let r = 0; r < (docs.length > 1 ? 12 : 8); r++) {
    a.push(cpu(A));
    b.push(cpu(B));
  }
  console.log(
    `${name.padEnd(16)} CPU ms per round: A ${median(a).toFixed(1)}, B ${median(b).toFixed(1)}, B / A ${(median(b) / median(a)).toFixed(3)}`,
  );
}
