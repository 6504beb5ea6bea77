#!/usr/bin/env node
/**
 * Two builds must give the same reports (the guard of the speed work, issue 18): loads
 * `validateDocument` from two built roots and compares their reports, byte for byte as JSON, on
 *   - every XML and PDF file under ../shared (official examples and test files, BR-FR Annexe B,
 *     EXTENDED-CTC-FR, CDAR, UBL 2.1 samples, the corpus);
 *   - schema-driven mutants of the official examples and the corpus (scripts/lib/schema-mutations.mjs:
 *     optional elements and groups removed, repeated, emptied, reordered), COUNT per syntax;
 *   - with the default options, and a seeded share of them again in French, as EXTENDED-CTC-FR and
 *     with the French rules in their standard edition.
 * A speed change must not move a single finding, location, message or rule set: any difference is
 * printed (document, options, the first differing character) and the exit code is 1.
 *
 *   node scripts/same-reports.mjs A_ROOT B_ROOT [--mutants 2000] [--seed 1]
 * where each root holds packages/*\/dist (e.g. a built clone of main and your built worktree).
 */
import fs from 'node:fs';
import path from 'node:path';
import { differentialBases, SHARED } from './lib/differential-bases.mjs';
import { prng } from './lib/prng.mjs';
import { loadStructure, schemaMutants } from './lib/schema-mutations.mjs';

const [aRoot, bRoot] = process.argv.slice(2);
if (!aRoot || !bRoot || aRoot.startsWith('--') || bRoot.startsWith('--')) {
  console.error('usage: node scripts/same-reports.mjs A_ROOT B_ROOT [--mutants 2000] [--seed 1]');
  process.exit(2);
}
function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const MUTANTS = Number(arg('mutants', '2000'));
const SEED = Number(arg('seed', '1'));

const load = async (root) =>
  (await import(path.resolve(root, 'packages/facturx/dist/index.js'))).validateDocument;
const A = await load(aRoot);
const B = await load(bRoot);

/** Large enough for the biggest shared file; the services keep their own limits */
const LIMITS = { maxXmlBytes: 64 * 1024 * 1024, maxPdfBytes: 64 * 1024 * 1024 };
const VARIANTS = [
  { lang: 'fr' },
  { profile: 'EXTENDED-CTC-FR' },
  { frenchEdition: 'standard' },
  { lang: 'fr', frenchEdition: 'off' },
];

function filesUnder(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else if (/\.(xml|pdf)$/i.test(entry.name)) out.push(full);
  }
  return out.sort();
}

/** The report as JSON, or the error thrown (a throw must be the same on both sides too) */
function judge(validate, bytes, options) {
  try {
    return JSON.stringify(validate(bytes, { ...LIMITS, ...options }));
  } catch (e) {
    return `throws ${e?.name}: ${e?.message}`;
  }
}

const random = prng(SEED);
let compared = 0;
let differing = 0;
function compare(id, bytes) {
  const runs = [{}];
  // a seeded quarter of the documents again under one of the other option sets
  if (random() < 0.25) runs.push(VARIANTS[Math.floor(random() * VARIANTS.length)]);
  for (const options of runs) {
    const a = judge(A, bytes, options);
    const b = judge(B, bytes, options);
    compared++;
    if (a === b) continue;
    differing++;
    let at = 0;
    while (at < a.length && a[at] === b[at]) at++;
    if (differing <= 20)
      console.log(
        `!! ${id} ${JSON.stringify(options)}: reports differ at character ${at}\n   A …${a.slice(Math.max(0, at - 80), at + 120)}\n   B …${b.slice(Math.max(0, at - 80), at + 120)}`,
      );
  }
}

const started = Date.now();
const files = filesUnder(SHARED).filter((f) => !f.includes(`${path.sep}tools${path.sep}`));
for (const file of files) compare(path.relative(SHARED, file), fs.readFileSync(file));
const filesCompared = compared;

const encoder = new TextEncoder();
const bases = differentialBases();
for (const syntax of ['CII', 'UBL']) {
  const model = loadStructure(syntax);
  const mine = bases.filter((b) => b.syntax === syntax);
  const perBase = Math.ceil(MUTANTS / mine.length);
  let made = 0;
  for (const [i, base] of mine.entries()) {
    if (made >= MUTANTS) break;
    for (const doc of schemaMutants(base, model, perBase, SEED * 100_000 + i)) {
      if (made++ >= MUTANTS) break;
      compare(`${doc.id}`, encoder.encode(doc.xml));
    }
  }
}

console.log(
  `${files.length} shared files and ${MUTANTS} mutants per syntax: ${compared} reports compared ` +
    `(${filesCompared} of the files), ${differing} differ; ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(differing === 0 ? 0 : 1);
