// Two builds' UBL readers in one process: readUblElement of build A and of build B alternate on the
// same documents (the official UBL examples, 100- and 1,000-line synthetic UBL invoices, and with
// `10000` in the filter a 10,000-line one), each build reading the tree its own parser made (parsed once,
// outside the timing). Their results must be equal as JSON (invoice, document type, diagnostics,
// locations, source facts), and the CPU time of the process per round is compared (median of
// interleaved rounds, the order of the two builds alternated from round to round). The source facts (`ublSourceFacts`: xml-check's SourceWalk, another package)
// are timed alone as well, so the reader's own walk is readUblElement minus them.
//   node bench/compare-ubl-reader.mjs A_ROOT B_ROOT [filter]
import { largeInvoiceXml } from '../fixtures/scripts/gen-large-xml.mjs';
import { alternated, buildRoots, importFrom, median, officialExamples, readerTrees } from './lib.mjs';

const { aRoot, bRoot, only } = buildRoots('compare-ubl-reader.mjs');
const builds = await Promise.all(
  [aRoot, bRoot].map(async (root) => ({
    parseXml: (await importFrom(root, 'xml/dist/index.js')).parseXml,
    read: (await importFrom(root, 'ubl/dist/index.js')).readUblElement,
    facts: (await importFrom(root, 'ubl/dist/source-facts.js')).ublSourceFacts,
  })),
);

const examples = officialExamples('ubl');
const sets = [
  ['UBL examples', examples],
  ['UBL 100 lines', [Buffer.from(largeInvoiceXml('ubl', 100))]],
  ['UBL 1,000 lines', [Buffer.from(largeInvoiceXml('ubl', 1000))]],
];
if (only?.includes('10000')) sets.push(['UBL 10000 lines', [Buffer.from(largeInvoiceXml('ubl', 10000))]]);

console.log(`A = ${aRoot}\nB = ${bRoot}\n`);
for (const [name, docs] of sets) {
  if (only && !name.includes(only)) continue;
  const trees = readerTrees(name, builds, docs);
  // ~30-60 ms per timed sample on a quiet machine: the machine is shared, so many short rounds
  const reps = docs.length > 1 ? 20 : name.includes('10000') ? 1 : name.includes('100 ') ? 60 : 6;
  const rounds = name.includes('10000') ? 9 : 21;
  const time = (fn, roots) => {
    const c0 = process.cpuUsage();
    for (let r = 0; r < reps; r++) for (const root of roots) fn(root);
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1000 / reps;
  };
  const readOf = (b) => () => time(builds[b].read, trees[b]);
  // the source facts alone, with no lexical forms (a plain-number document has none)
  const factsOf = (b) => () => time((root) => builds[b].facts(root, [], new Map()), trees[b]);
  const measures = [
    ['readUblElement', readOf],
    ['source facts', factsOf],
  ];
  const medians = {};
  for (const [what, of] of measures) {
    const fa = of(0);
    const fb = of(1);
    for (let i = 0; i < 3; i++) {
      fa();
      fb();
    }
    const { a, b, ratios } = alternated((k) => (k === 0 ? fa() : fb()), rounds);
    medians[what] = [median(a), median(b), median(ratios)];
  }
  const [ra, rb, rr] = medians.readUblElement;
  const [sa, sb, sr] = medians['source facts'];
  const line = (what, a, b, ratio) =>
    console.log(
      `${name.padEnd(16)} ${what.padEnd(15)} CPU ms per round: A ${a.toFixed(2)}, B ${b.toFixed(2)}, B / A ${(b / a).toFixed(3)}${ratio === undefined ? '' : ` (median of the rounds' ratios ${ratio.toFixed(3)})`}`,
    );
  line('readUblElement', ra, rb, rr);
  line('source facts', sa, sb, sr);
  line('walk (the rest)', ra - sa, rb - sb);
}
