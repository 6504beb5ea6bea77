// usage: node bench/compare-sniffing.mjs BUILD_A BUILD_B [cii|ubl] [pairs]  (decision 0257)
// in-situ cost of the head sniffing validateDocument does, per document: base = isCdarXml + rootStartTag
// (+ isPdf a second time, not counted), new = sniffHead. Warmed as ab.mjs (2,000 validateDocument calls), then
// 200 rounds where each document is validated and its sniffing timed right after.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

if (process.argv[2] === '--child') {
  const root = process.argv[3],
    set = process.argv[4];
  const D = await import(path.join(root, 'packages/facturx/dist/detect.js'));
  const { validateDocument } = await import(path.join(root, 'packages/facturx/dist/index.js'));
  const dir = `/work/shared/en16931/${set}/examples`;
  const docs = fs
    .readdirSync(dir)
    .filter((f) => /\.xml$/i.test(f))
    .sort()
    .map((f) => new Uint8Array(fs.readFileSync(path.join(dir, f))));
  const sniff = D.sniffHead
    ? (d) => D.isCdarHead(D.sniffHead(d))
    : (d) => D.isCdarXml(d) || D.rootStartTag(d);
  const warm = Math.ceil(2000 / docs.length);
  const ts = [];
  for (let i = 0; i < warm + 200; i++)
    for (const d of docs) {
      validateDocument(d);
      const t0 = process.hrtime.bigint();
      sniff(d);
      const t1 = process.hrtime.bigint();
      if (i >= warm) ts.push(Number(t1 - t0));
    }
  ts.sort((a, b) => a - b);
  const k = Math.floor(ts.length * 0.02);
  const kept = ts.slice(0, ts.length - k);
  console.log(kept.reduce((a, b) => a + b, 0) / kept.length / 1000, ts[ts.length >> 1] / 1000);
  process.exit(0);
}
const [A, B, set = 'cii', pairs = '4'] = process.argv.slice(2);
const r = { A: [], B: [], Am: [], Bm: [] };
for (let p = 0; p < +pairs; p++)
  for (const [k, root] of p % 2
    ? [
        ['B', B],
        ['A', A],
      ]
    : [
        ['A', A],
        ['B', B],
      ]) {
    const o = spawnSync(process.execPath, [process.argv[1], '--child', root, set], { encoding: 'utf8' });
    r[k].push(Number(o.stdout.trim().split(' ')[0]));
    r[`${k}m`].push(Number(o.stdout.trim().split(' ')[1]));
  }
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
console.log(
  `${set} sniffing µs/doc: A ${med(r.A).toFixed(3)} [${r.A.map((x) => x.toFixed(2)).join(' ')}]  B ${med(r.B).toFixed(3)} [${r.B.map((x) => x.toFixed(2)).join(' ')}]  B/A ×${(med(r.B) / med(r.A)).toFixed(3)} (mean of the 98 % fastest calls); median call A ${med(r.Am).toFixed(3)} B ${med(r.Bm).toFixed(3)}`,
);
