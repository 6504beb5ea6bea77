// Two builds' rules in one process: validate() of build A and of build B alternate on the same
// invoices (the official CII and UBL examples, read once with each build's own reader — the rules
// read the context counts their own reader recorded beside the facts, decision 0201 — the options
// as validateDocument passes them), their results must be equal as JSON, and the CPU time of the
// process per round is compared (median of interleaved rounds). The rules' share of
// validateDocument is small; this isolates it from the reader's noise (compare-builds.mjs for
// the whole). Then the same for isCdarXml, the first question validateDocument asks of a file.
// Under load, more rounds (--rounds 41) and the median of each round pair's ratio ("paired") are
// steadier than the ratio of the two medians; each pair runs in alternating order.
// --fresh: each round first reads its documents again (not timed), as validateDocument does, so
// nothing a build kept from validating the same facts before (a memo keyed by the facts' lists)
// answers for it; without it the same read results are validated round after round (session 17).
//   node bench/compare-rules.mjs A_ROOT B_ROOT [filter] [--rounds 15] [--fresh]
import fs from 'node:fs';
import path from 'node:path';
import { largeInvoiceXml } from '../fixtures/scripts/gen-large-xml.mjs';
import { SHARED_DIR } from './lib.mjs';

const argv = process.argv.slice(2);
const roundsAt = argv.indexOf('--rounds');
const ROUNDS = roundsAt >= 0 ? Number(argv.splice(roundsAt, 2)[1]) : 15;
const freshAt = argv.indexOf('--fresh');
const FRESH = freshAt >= 0 && argv.splice(freshAt, 1).length > 0;
const [aRoot, bRoot, only] = argv;
if (!aRoot || !bRoot) {
  console.error('usage: node bench/compare-rules.mjs A_ROOT B_ROOT [filter] [--rounds 15]');
  process.exit(2);
}
const load = (root, file) => import(path.resolve(root, 'packages', file));
/** Each build's reader: validate() of a build reads what its own reader recorded (decision 0201) */
const readerOf = async (root) => ({
  detect: await load(root, 'facturx/dist/detect.js'),
  locationsOf: (await load(root, 'core-model/dist/index.js')).locationsOf,
});
const readerA = await readerOf(aRoot);
const readerB = await readerOf(bRoot);
const A = (await load(aRoot, 'rules/dist/index.js')).validate;
const B = (await load(bRoot, 'rules/dist/index.js')).validate;
const cdarA = (await load(aRoot, 'facturx/dist/index.js')).isCdarXml;
const cdarB = (await load(bRoot, 'facturx/dist/index.js')).isCdarXml;

const examples = (dir) =>
  fs
    .readdirSync(path.join(SHARED_DIR, dir))
    .filter((f) => /\.xml$/i.test(f) && !f.startsWith('FT '))
    .sort()
    .map((f) => fs.readFileSync(path.join(SHARED_DIR, dir, f)));

/** validate()'s arguments as judgeDocument builds them (default options), read by `reader` */
function argumentsOf({ detect, locationsOf }, bytes) {
  const read = detect.detectReadAndCheck(bytes, { lang: 'en' }, {});
  const profile = read.documentProfile ?? read.profile;
  const options = {
    syntax: read.syntax,
    lang: 'en',
    frenchEdition: 'transition',
    ...(profile ? { profile } : {}),
    locations: locationsOf(read),
    ...(read.source ? { source: read.source } : {}),
  };
  return [read.invoice, options];
}

const median = (v) => [...v].sort((x, y) => x - y)[v.length >> 1];
/** Median CPU ms per round of `run(fn)` for A and B, and the median of B / A per pair of rounds */
function interleaved(run, a, b) {
  for (let i = 0; i < 5; i++) {
    run(a);
    run(b);
  }
  const ta = [];
  const tb = [];
  for (let r = 0; r < ROUNDS; r++) {
    if (r % 2 === 0) {
      ta.push(run(a));
      tb.push(run(b));
    } else {
      tb.push(run(b));
      ta.push(run(a));
    }
  }
  return [median(ta), median(tb), median(ta.map((t, k) => tb[k] / t))];
}
const cpuOf = (rounds, body) => {
  const c0 = process.cpuUsage();
  for (let r = 0; r < rounds; r++) body();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000 / rounds;
};
console.log(`A = ${aRoot}\nB = ${bRoot}\n`);
for (const [name, docs] of [
  ['CII examples', () => examples('en16931/cii/examples')],
  ['UBL examples', () => examples('en16931/ubl/examples')],
  ['CII 1,000 lines', () => [Buffer.from(largeInvoiceXml('cii', 1000))]],
  ['UBL 1,000 lines', () => [Buffer.from(largeInvoiceXml('ubl', 1000))]],
]) {
  if (only && !name.includes(only)) continue;
  const files = docs();
  const callsOf = new Map([
    [A, files.map((bytes) => argumentsOf(readerA, bytes))],
    [B, files.map((bytes) => argumentsOf(readerB, bytes))],
  ]);
  const calls = callsOf.get(B);
  callsOf.get(A).forEach(([invoice, options], k) => {
    if (JSON.stringify(A(invoice, options)) !== JSON.stringify(B(...calls[k])))
      console.log(`!! ${name}: the results differ`);
  });
  const rounds = calls.length > 1 ? 20 : 4;
  const readerFor = new Map([
    [A, readerA],
    [B, readerB],
  ]);
  /** CPU ms of one validation of each document, read just before (not timed) */
  const freshRound = (validate) => {
    const reader = readerFor.get(validate);
    let ms = 0;
    for (const bytes of files) {
      const [invoice, options] = argumentsOf(reader, bytes);
      ms += cpuOf(1, () => validate(invoice, options));
    }
    return ms;
  };
  const [a, b, paired] = interleaved(
    FRESH
      ? (validate) => {
          let ms = 0;
          for (let r = 0; r < rounds; r++) ms += freshRound(validate);
          return ms / rounds;
        }
      : (validate) =>
          cpuOf(rounds, () => {
            for (const [invoice, options] of callsOf.get(validate)) validate(invoice, options);
          }),
    A,
    B,
  );
  console.log(
    `${name.padEnd(16)} validate()${FRESH ? ' (fresh reads)' : ''} CPU ms per round of ${calls.length}: A ${a.toFixed(3)}, B ${b.toFixed(3)}, B / A ${(b / a).toFixed(3)} (paired ${paired.toFixed(3)})`,
  );
}

const files = [...examples('en16931/cii/examples'), ...examples('en16931/ubl/examples')];
for (const bytes of files) if (cdarA(bytes) !== cdarB(bytes)) console.log('!! isCdarXml: the answers differ');
if (only && !'isCdarXml'.includes(only)) process.exit(0);
const [ca, cb, cpaired] = interleaved(
  (isCdarXml) =>
    cpuOf(200, () => {
      for (const bytes of files) isCdarXml(bytes);
    }),
  cdarA,
  cdarB,
);
const us = (ms) => ((ms * 1000) / files.length).toFixed(2);
console.log(
  `isCdarXml per official example, CPU µs: A ${us(ca)}, B ${us(cb)}, B / A ${(cb / ca).toFixed(3)} (paired ${cpaired.toFixed(3)})`,
);
