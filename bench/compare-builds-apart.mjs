// Two builds of einv compared in separate processes, alternated (A B, B A, …), each process warmed
// like the bench (decision 0250: ~2,000 validateDocument calls over the official examples, or
// the same time's worth on a large file) before its timed rounds. Each process prints the median
// round's wall and CPU time per document (CPU: the process, V8's helper threads included); this
// script prints the medians over processes, every process's figure (the spread to judge a ratio by),
// and B ÷ A. Separate processes keep one build's JIT state and heap out of the other's figures, which
// an in-process A/B (compare-builds.mjs) cannot.
//   node bench/compare-builds-apart.mjs A_ROOT B_ROOT [set] [pairs]
// set: cii | ubl (the official examples, default cii) | cii100 | cii1000 | cii10000 | ubl100 | ubl1000 |
// ubl10000 (synthetic invoices, fixtures/scripts/gen-large-xml.mjs); pairs: default 4.
// Each root holds packages/*/dist (a built clone of main and a built worktree, say).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentSet, median, warmRoundsOf } from './lib.mjs';

const self = fileURLToPath(import.meta.url);

async function child(root, set) {
  const { validateDocument } = await import(path.join(path.resolve(root), 'packages/facturx/dist/index.js'));
  const docs = documentSet(set).map((b) => new Uint8Array(b));
  const options = { maxXmlBytes: 64 * 1024 * 1024 };
  const warmRounds = warmRoundsOf(docs);
  for (let i = 0; i < warmRounds; i++) for (const d of docs) validateDocument(d, options);
  const lines = Number(/\d+$/.exec(set)?.[0] ?? 0);
  const rounds = lines >= 10000 ? 4 : lines >= 1000 ? 30 : 200;
  const walls = [];
  const cpus = [];
  for (let r = 0; r < rounds; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    for (const d of docs) validateDocument(d, options);
    const c = process.cpuUsage(c0);
    walls.push((performance.now() - t0) / docs.length);
    cpus.push((c.user + c.system) / 1000 / docs.length);
  }
  console.log(JSON.stringify({ wall: median(walls), cpu: median(cpus) }));
}

if (process.argv[2] === '--child') {
  await child(process.argv[3], process.argv[4]);
} else {
  const [a, b, set = 'cii', pairs = '4'] = process.argv.slice(2);
  if (!a || !b) {
    console.error('usage: node bench/compare-builds-apart.mjs A_ROOT B_ROOT [set] [pairs]');
    process.exit(2);
  }
  const runs = { A: [], B: [] };
  for (let p = 0; p < Number(pairs); p++) {
    const order =
      p % 2 === 0
        ? [
            ['A', a],
            ['B', b],
          ]
        : [
            ['B', b],
            ['A', a],
          ];
    for (const [key, root] of order) {
      const r = spawnSync(process.execPath, [self, '--child', root, set], { encoding: 'utf8' });
      if (r.status !== 0) {
        console.error(r.stderr);
        process.exit(1);
      }
      runs[key].push(JSON.parse(r.stdout.trim().split('\n').pop()));
    }
  }
  const shown = (x) => x.toFixed(x < 1 ? 4 : 2);
  console.log(
    `A = ${a}\nB = ${b}\nset ${set}, ${pairs} pairs of processes; ms per document, median round of each process`,
  );
  for (const measure of ['wall', 'cpu']) {
    const av = runs.A.map((r) => r[measure]);
    const bv = runs.B.map((r) => r[measure]);
    console.log(
      `${measure}: A ${shown(median(av))} [${av.map(shown).join(' ')}]  B ${shown(median(bv))} [${bv.map(shown).join(' ')}]  B/A ×${(median(bv) / median(av)).toFixed(3)}`,
    );
  }
}
