// Two builds' CII readers in one process: readCiiElement of build A and of build B alternate on the
// same documents (the official CII examples, a 1,000-line synthetic CII invoice), each build reading
// the tree its own parser made (parsed once, outside the timing), their results must be equal as
// JSON (invoice, profile, diagnostics, locations, source facts), and the CPU time of the process
// per round is compared (median of interleaved rounds, the order of the two builds alternated from
// round to round: the second read of a round pays for the first one's garbage, up to ×1.3 at 1,000
// lines, so a fixed order measured the order). The reader's share of validateDocument is
// a sixth; this isolates it from the rest (compare-builds.mjs for the whole). With `10000` in the
// filter, a 10,000-line invoice (one read per round, 9 rounds).
//   node bench/compare-cii-reader.mjs A_ROOT B_ROOT [filter]
import { largeInvoiceXml } from '../fixtures/scripts/gen-large-xml.mjs';
import { alternated, buildRoots, importFrom, median, officialExamples, readerTrees } from './lib.mjs';

const { aRoot, bRoot, only } = buildRoots('compare-cii-reader.mjs');
const builds = await Promise.all(
  [aRoot, bRoot].map(async (root) => ({
    parseXml: (await importFrom(root, 'xml/dist/index.js')).parseXml,
    read: (await importFrom(root, 'cii/dist/index.js')).readCiiElement,
  })),
);

const examples = officialExamples('cii');
const sets = [
  ['CII examples', examples],
  ['CII 1,000 lines', [Buffer.from(largeInvoiceXml('cii', 1000))]],
];
if (only?.includes('10000')) sets.push(['CII 10000 lines', [Buffer.from(largeInvoiceXml('cii', 10000))]]);

console.log(`A = ${aRoot}\nB = ${bRoot}\n`);
for (const [name, docs] of sets) {
  if (only && !name.includes(only)) continue;
  const trees = readerTrees(name, builds, docs);
  const large = name.includes('10000');
  const reps = docs.length > 1 ? 20 : large ? 1 : 2;
  const cpu = (b) => {
    const { read } = builds[b];
    const c0 = process.cpuUsage();
    for (let r = 0; r < reps; r++) for (const root of trees[b]) read(root);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000 / reps;
  };
  for (let i = 0; i < 3; i++) {
    cpu(0);
    cpu(1);
  }
  const { a, b, ratios } = alternated(cpu, large ? 9 : 15);
  console.log(
    `${name.padEnd(16)} CPU ms per round: A ${median(a).toFixed(2)}, B ${median(b).toFixed(2)}, B / A ${(median(b) / median(a)).toFixed(3)} (median of the rounds' ratios ${median(ratios).toFixed(3)})`,
  );
}
