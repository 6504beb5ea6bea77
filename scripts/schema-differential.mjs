#!/usr/bin/env node
/**
 * The schema-driven differential (issue 11; figures in docs/conformance.md): generates COUNT
 * mutants per syntax of the official examples and the corpus (scripts/lib/schema-mutations.mjs:
 * XSD-optional elements and groups removed, repeated, emptied, reordered), runs each through the
 * official CEN 1.3.16 XSLT and through einv's validateDocument (built packages), and compares the
 * full sets of fired EN 16931 business rule ids (BR-*, BR-FR excluded). Prints identical / total
 * per syntax and every kind of difference with an example.
 *
 *   pnpm run build && node scripts/schema-differential.mjs [--count 20000] [--seed 1] [--syntax CII|UBL]
 *     [--engine saxon-js|saxon-he] [--list FILE] [--reverse] [--cached-only]
 *
 * --engine picks who runs the official XSLT: saxon-js (default; the shared oracle.mjs, the SEF files)
 * or saxon-he (the same official XSLT files under Saxon-HE in one warm JVM,
 * scripts/lib/saxon-he-oracle.mjs; decision 0115 says why it is as official and how it was
 * cross-checked). Oracle answers are cached by content hash in node_modules/.cache/einv-oracle
 * (EINV_ORACLE_CACHE_DIR moves it; the same cache as the test suite's runOracleCached), each engine
 * under its own key, so a rerun after a fix costs only einv's side. The seeded sample of the test
 * suite (tests/conformance/schema-differential.test.ts) uses the same generator.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Module } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateDocument } from '../packages/facturx/dist/index.js';
import { isContractAlias } from '../packages/rules/dist/index.js';
import { businessRulesOfReport, isBusinessRule } from './lib/business-rules.mjs';
import { differentialBases, SHARED } from './lib/differential-bases.mjs';
import { cacheableOracleAnswer } from './lib/oracle-errors.mjs';
import { SAXON_HE_ENGINE, saxonHeCacheKey, startSaxonHeOracle } from './lib/saxon-he-oracle.mjs';
import { loadStructure, schemaMutants } from './lib/schema-mutations.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(here, '..');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}
const COUNT = Number(arg('count', '20000'));
const SEED = Number(arg('seed', '1'));
const SYNTAXES = arg('syntax', 'UBL,CII').split(',');
// --reverse walks the bases from the last one (a second process fills the oracle cache from the
// other end; the mutants of a base do not depend on the order); --cached-only judges only the
// documents whose official verdict is already cached (a report at any time of a long run)
const REVERSE = process.argv.includes('--reverse');
const CACHED_ONLY = process.argv.includes('--cached-only');
// --list FILE writes every differing document as one JSON line (id, mutation, both sides' extra ids)
const LIST = arg('list', undefined);
if (LIST) fs.writeFileSync(LIST, '');
const ENGINE = arg('engine', 'saxon-js');
if (ENGINE !== 'saxon-js' && ENGINE !== SAXON_HE_ENGINE)
  throw new Error(`--engine ${ENGINE}: expected saxon-js or ${SAXON_HE_ENGINE}`);

// The oracle resolves saxon-js through NODE_PATH (our devDependency), as tests/support/oracle.ts does
process.env.NODE_PATH = path.join(REPO, 'node_modules');
Module._initPaths();
const oracle = await import(path.join(SHARED, 'tools/official-oracle/oracle.mjs'));

const CACHE = process.env.EINV_ORACLE_CACHE_DIR ?? path.join(REPO, 'node_modules/.cache/einv-oracle');
fs.mkdirSync(CACHE, { recursive: true });

const saxonHe = ENGINE === SAXON_HE_ENGINE && !CACHED_ONLY ? await startSaxonHeOracle() : undefined;
/** The cache file of a document's answer: SaxonJS answers by the XML alone, Saxon-HE's by engine and XML */
const cacheFile = (xml) =>
  path.join(
    CACHE,
    `${ENGINE === SAXON_HE_ENGINE ? saxonHeCacheKey(xml) : crypto.createHash('sha256').update(xml).digest('hex')}.json`,
  );

/** The official verdict of one document, from the content-hash cache or a fresh run of the engine */
async function official(doc) {
  const file = cacheFile(doc.xml);
  if (fs.existsSync(file)) return { ...JSON.parse(fs.readFileSync(file, 'utf8')), cached: true };
  if (CACHED_ONLY) return { id: doc.id, syntax: null, failed: [], notCached: true };
  try {
    const r = { id: doc.id, ...(saxonHe ? await saxonHe.validate(doc.xml) : oracle.validate(doc.xml)) };
    if (cacheableOracleAnswer(r)) fs.writeFileSync(file, JSON.stringify(r));
    return r;
  } catch (e) {
    return { id: doc.id, syntax: null, failed: [], error: String(e?.message ?? e) };
  }
}

const encoder = new TextEncoder();

/** einv's BR-* set, or undefined for a MINIMUM / BASIC-WL booking aid (judged by its profile, decision 0113) */
const ours = (doc) =>
  businessRulesOfReport(validateDocument(encoder.encode(doc.xml), { frenchEdition: 'off' }), isContractAlias);

const bases = differentialBases();
for (const syntax of SYNTAXES) {
  const model = loadStructure(syntax);
  const mine = bases.filter((b) => b.syntax === syntax);
  // some mutants stop the official XSLT itself (an emptied number is no xs:decimal): they are left
  // out, so each base gives a fifth more than its share and the run stops at COUNT judged documents
  const perBase = Math.ceil((COUNT * 1.2) / mine.length);
  const started = Date.now();
  let total = 0;
  let identical = 0;
  let oracleErrors = 0;
  let notCached = 0;
  let fresh = 0;
  const kinds = new Map();
  let basesDone = 0;
  const summary = () => {
    console.log(
      `\n## ${syntax}: ${identical}/${total} identical (${((100 * identical) / Math.max(1, total)).toFixed(2)} %), ` +
        `${basesDone} of ${mine.length} bases, seed ${SEED}, oracle ${ENGINE}, ${Math.round((Date.now() - started) / 1000)} s; ${oracleErrors} documents the oracle could not judge (left out)` +
        (CACHED_ONLY ? `; ${notCached} not judged yet (--cached-only)` : ''),
    );
    for (const [key, k] of [...kinds.entries()].sort((a, b) => b[1].n - a[1].n))
      console.log(`- ${k.n} × ${key} — e.g. ${k.example}`);
  };
  // the loop is synchronous (no signal handler would run): a long run stopped on purpose reports
  // through its per-base progress line (identical / total so far) and --list (every difference)
  const order = [...mine.keys()];
  if (REVERSE) order.reverse();
  for (const [n, i] of order.entries()) {
    const base = mine[i];
    if (total >= COUNT) break;
    const seed = SEED * 100_000 + i;
    // a long run fills the cache base after base: a base whose first mutant is not judged yet is skipped
    const first = CACHED_ONLY ? schemaMutants(base, model, 1, seed)[0] : undefined;
    if (first && (await official(first)).notCached) {
      notCached += perBase;
      continue;
    }
    const mutants = schemaMutants(base, model, perBase, seed);
    // the whole base is queued at once: Saxon-HE's JVM judges the next documents while einv judges
    // this one (SaxonJS runs in this thread, so there it makes no difference)
    const answers = mutants.map((doc) => official(doc));
    for (const [m, doc] of mutants.entries()) {
      if (total >= COUNT) break;
      const off = await answers[m];
      if (!off.cached) fresh++;
      if (off.notCached) {
        notCached++;
        continue;
      }
      if (off.error || off.syntax === null) {
        oracleErrors++;
        continue;
      }
      const mineSet = ours(doc);
      if (!mineSet) continue;
      total++;
      const theirs = new Set(off.failed.map((f) => f.id).filter(isBusinessRule));
      const onlyOurs = [...mineSet].filter((r) => !theirs.has(r)).sort();
      const onlyOfficial = [...theirs].filter((r) => !mineSet.has(r)).sort();
      if (!onlyOurs.length && !onlyOfficial.length) {
        identical++;
        continue;
      }
      if (LIST)
        fs.appendFileSync(
          LIST,
          `${JSON.stringify({ id: doc.id, what: doc.what, onlyOurs, onlyOfficial })}\n`,
        );
      const key = `only ours [${onlyOurs.join(' ')}] only official [${onlyOfficial.join(' ')}]`;
      const k = kinds.get(key) ?? { n: 0, example: `${doc.id} (${doc.what})` };
      k.n++;
      kinds.set(key, k);
    }
    basesDone = n + 1;
    console.error(
      `${syntax}: ${n + 1}/${mine.length} bases, ${identical}/${total} identical, ${oracleErrors} not judged by the oracle, ${fresh} oracle runs, ${Math.round((Date.now() - started) / 1000)} s`,
    );
  }
  summary();
}
saxonHe?.close();
