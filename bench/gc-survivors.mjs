// What validateDocument leaves for the garbage collector (issue 18, session 16, decision 0203): one
// build's validateDocument repeated on a speed set, then the same rounds again under V8's sampling
// heap profiler twice (inspector HeapProfiler.startSampling): once with every allocation, once
// without the objects a scavenge collected. The second counts what a scavenge did NOT collect: the
// objects V8 allocated in the old generation (pretenured by allocation site) and those that survived
// a scavenge (alive, or pointed to by a dead old object until the next mark-compact: these are
// copied twice). Printed per allocating function (and its caller), in KB per document, with the
// share of its allocations that a scavenge did not collect. A document's objects are all garbage
// once its report is made, so a function near 100 % is one whose objects are pretenured or kept
// past the document by the old objects that point to them.
// Sampled (one sample per 512 bytes allocated on average): read the larger rows, not the last digit.
//   node bench/gc-survivors.mjs ROOT [set filter, e.g. "CII examples"] [rounds] [rows]
import { Session } from 'node:inspector/promises';
import { importFrom, speedSets } from './lib.mjs';

const [root, only = 'CII examples', roundsArg, rowsArg] = process.argv.slice(2);
if (!root) {
  console.error('usage: node bench/gc-survivors.mjs ROOT [set filter] [rounds] [rows]');
  process.exit(2);
}
const { validateDocument } = await importFrom(root, 'facturx/dist/index.js');
const found = speedSets().find(([name]) => name.includes(only));
if (!found) {
  console.error(`no speed set matches "${only}"`);
  process.exit(2);
}
const [setName, docs] = found;
const rounds = Number(roundsArg ?? (docs.length > 1 ? 150 : 10));
const rows = Number(rowsArg ?? 25);
const run = () => {
  for (let r = 0; r < rounds; r++) for (const bytes of docs) validateDocument(bytes, { maxXmlBytes: 256e6 });
};
run(); // warm: compiled code, and the pretenuring decisions of a process that has validated before

const session = new Session();
session.connect();
/** KB per document allocated by each function (with its caller), from one sampled run */
async function sampled(withCollectedByScavenges) {
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 512,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: withCollectedByScavenges,
  });
  run();
  const { profile } = await session.post('HeapProfiler.getSamplingProfile');
  await session.post('HeapProfiler.stopSampling');
  const byFunction = new Map();
  const where = (frame) =>
    `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/packages\//, '')}:${frame.lineNumber + 1}`;
  const todo = [[profile.head, '']];
  while (todo.length > 0) {
    const [node, caller] = todo.pop();
    const here = where(node.callFrame);
    if (node.selfSize > 0) {
      const key = caller === '' ? here : `${here} < ${caller}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + node.selfSize);
    }
    for (const child of node.children) todo.push([child, here]);
  }
  const perDocument = 1024 * rounds * docs.length;
  for (const [key, bytes] of byFunction) byFunction.set(key, bytes / perDocument);
  return byFunction;
}
const all = await sampled(true);
const kept = await sampled(false);
session.disconnect();

const sum = (m) => [...m.values()].reduce((s, v) => s + v, 0);
console.log(`${root}, ${setName}: ${rounds} rounds of ${docs.length} document(s)`);
console.log(
  `allocated ${sum(all).toFixed(1)} KB per document, not collected by a scavenge ${sum(kept).toFixed(1)} KB\n`,
);
console.log('not collected  allocated  share  function < caller');
for (const [key, kb] of [...kept].sort((x, y) => y[1] - x[1]).slice(0, rows)) {
  const total = all.get(key) ?? 0;
  const share = total > 0 ? `${Math.min(100, Math.round((100 * kb) / total))} %` : '';
  console.log(
    `${kb.toFixed(2).padStart(10)} KB ${total.toFixed(2).padStart(8)} KB ${share.padStart(6)}  ${key}`,
  );
}
