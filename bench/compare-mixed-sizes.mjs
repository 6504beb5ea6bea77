// validateDocument on small and large documents in one process, two builds in processes of their own
// (issue 18, session 18, decision 0242): a small document's tree is made of YoungElements and a
// larger one's of object literals, so every consumer meets both hidden classes in a process that
// validates both. Each child validates the official CII and UBL examples (without the 3 MB one) ten
// times, then the 1,000-line CII and UBL invoices once, for ROUNDS rounds after a warm-up, and prints
// the CPU ms per document of each kind; the builds alternate, PROCESSES times each.
//   node bench/compare-mixed-sizes.mjs A_ROOT B_ROOT [rounds, default 10] [processes per build, default 4]
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median, officialExamples } from './lib.mjs';

const self = fileURLToPath(import.meta.url);

if (process.argv[2] === '--child') {
  const [, , , root, roundsArg] = process.argv;
  const rounds = Number(roundsArg);
  const { validateDocument } = await import(path.resolve(root, 'packages/facturx/dist/index.js'));
  const { largeInvoiceXml } = await import(path.resolve(root, 'fixtures/scripts/gen-large-xml.mjs'));
  const small = [...officialExamples('cii'), ...officialExamples('ubl')];
  const large = [Buffer.from(largeInvoiceXml('cii', 1000)), Buffer.from(largeInvoiceXml('ubl', 1000))];
  const options = { maxXmlBytes: 256e6 };
  for (let i = 0; i < 3; i++) {
    for (const d of small) validateDocument(d, options);
    for (const d of large) validateDocument(d, options);
  }
  let smallCpu = 0;
  let largeCpu = 0;
  for (let r = 0; r < rounds; r++) {
    let c0 = process.cpuUsage();
    for (let k = 0; k < 10; k++) for (const d of small) validateDocument(d, options);
    let c = process.cpuUsage(c0);
    smallCpu += c.user + c.system;
    c0 = process.cpuUsage();
    for (const d of large) validateDocument(d, options);
    c = process.cpuUsage(c0);
    largeCpu += c.user + c.system;
  }
  console.log(
    JSON.stringify([smallCpu / 1000 / rounds / 10 / small.length, largeCpu / 1000 / rounds / large.length]),
  );
} else {
  const [aRoot, bRoot] = process.argv.slice(2, 4).map((r) => path.resolve(r ?? ''));
  if (!process.argv[3]) {
    console.error('usage: node bench/compare-mixed-sizes.mjs A_ROOT B_ROOT [rounds] [processes]');
    process.exit(2);
  }
  const rounds = process.argv[4] ?? '10';
  const processes = Number(process.argv[5] ?? 4);
  const run = (root) =>
    JSON.parse(execFileSync(process.execPath, [self, '--child', root, rounds], { encoding: 'utf8' }));
  const a = [];
  const b = [];
  for (let i = 0; i < processes; i++) {
    a.push(run(aRoot));
    b.push(run(bRoot));
  }
  console.log(`A = ${aRoot}\nB = ${bRoot}\n${processes} processes per build, ${rounds} rounds each\n`);
  for (const [k, name] of [
    [0, 'examples (CPU ms per document)'],
    [1, '1,000 lines (CPU ms per document)'],
  ]) {
    const [ma, mb] = [median(a.map((x) => x[k])), median(b.map((x) => x[k]))];
    const all = (xs) => xs.map((x) => x[k].toFixed(3)).join(' / ');
    console.log(`${name}: A ${all(a)}, B ${all(b)}; medians B / A ${(mb / ma).toFixed(3)}`);
  }
}
