#!/usr/bin/env node
/**
 * Cross-check of the two ways to run the official CEN 1.3.16 XSLT (decision 0115): Saxon-HE on the
 * JVM (scripts/lib/saxon-he-oracle.mjs, the engine of the long differential runs) against SaxonJS
 * (../shared/tools/official-oracle/oracle.mjs, the shared oracle) on
 *   - every answer of the SaxonJS content-hash cache whose XML this script can regenerate: the
 *     official examples, unit cases (cases.jsonl) and every XML file of ../shared, and the
 *     differential's seeded mutants (their id `base~seed.index` says how to remake them; the hash
 *     must match);
 *   - every official example and unit case, judged by SaxonJS now when the cache lacks it.
 * Both engines must report the same set of failed assertion ids with their flags, or both stop on
 * the document (an XSLT dynamic error). Prints the figures and every difference; `--list FILE`
 * writes the differing documents (id, both sides) as JSON lines. Exit code 1 on any difference.
 *
 *   EINV_ORACLE_CACHE_DIR=/work/oracle-cache node scripts/saxon-he-crosscheck.mjs [--list FILE]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Module } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { differentialBases, SHARED } from './lib/differential-bases.mjs';
import { cacheableOracleAnswer } from './lib/oracle-errors.mjs';
import { saxonHeCacheKey, startSaxonHeOracle } from './lib/saxon-he-oracle.mjs';
import { loadStructure, schemaMutants } from './lib/schema-mutations.mjs';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHE = process.env.EINV_ORACLE_CACHE_DIR ?? path.join(REPO, 'node_modules/.cache/einv-oracle');
const listArg = process.argv.indexOf('--list');
const LIST = listArg >= 0 ? process.argv[listArg + 1] : undefined;
if (LIST) fs.writeFileSync(LIST, '');

process.env.NODE_PATH = path.join(REPO, 'node_modules');
Module._initPaths();
const saxonJs = await import(path.join(SHARED, 'tools/official-oracle/oracle.mjs'));

const plainKey = (xml) => crypto.createHash('sha256').update(xml).digest('hex');
const cached = (key) => {
  const file = path.join(CACHE, `${key}.json`);
  return fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined;
};

/** Every XML file under a folder of ../shared */
function xmlFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') out.push(...xmlFiles(file));
    else if (/\.xml$/i.test(entry.name)) out.push(file);
  }
  return out;
}

// ---- the documents: by plain (SaxonJS) cache key ----
const docs = new Map();
/** official: an official example or unit case, judged by SaxonJS now when the cache lacks it */
const add = (id, xml, official) => {
  const key = plainKey(xml);
  if (!docs.has(key)) docs.set(key, { id, xml, official });
};
for (const line of fs.readFileSync(path.join(SHARED, 'en16931/cases.jsonl'), 'utf8').split('\n')) {
  if (!line.trim()) continue;
  const c = JSON.parse(line);
  // a unit case carries its XML; an example names its file
  if (c.xml) add(`${c.file}#${c.test_id}`, c.xml, true);
  else add(c.path, fs.readFileSync(path.join(SHARED, 'en16931', c.path), 'utf8'), true);
}
for (const dir of ['en16931/cii/examples', 'en16931/ubl/examples', 'en16931/unit-cases'])
  for (const file of xmlFiles(path.join(SHARED, dir)))
    add(path.relative(SHARED, file), fs.readFileSync(file, 'utf8'), true);
for (const file of xmlFiles(SHARED)) {
  if (fs.statSync(file).size > 2_000_000) continue;
  add(path.relative(SHARED, file), fs.readFileSync(file, 'utf8'), false);
}

// the differential's mutants named in the cache: regenerated from their base, seed and index
const cacheFiles = fs.readdirSync(CACHE).filter((f) => f.endsWith('.json'));
const wanted = new Map(); // base id + seed -> highest index
let plainAnswers = 0;
for (const f of cacheFiles) {
  const answer = JSON.parse(fs.readFileSync(path.join(CACHE, f), 'utf8'));
  if (answer.engine) continue; // another engine's answer (Saxon-HE, keyed apart)
  plainAnswers++;
  const m = /^(.*)~(\d+)\.(\d+)$/.exec(String(answer.id));
  if (!m) continue;
  const k = `${m[1]}\t${m[2]}`;
  wanted.set(k, Math.max(wanted.get(k) ?? -1, Number(m[3])));
}
const bases = new Map(differentialBases().map((b) => [b.id, b]));
const models = { CII: loadStructure('CII'), UBL: loadStructure('UBL') };
for (const [k, last] of wanted) {
  const [baseId, seed] = k.split('\t');
  const base = bases.get(baseId);
  if (!base) continue;
  for (const doc of schemaMutants(base, models[base.syntax], last + 1, Number(seed)))
    add(doc.id, doc.xml, false);
}

console.error(`${docs.size} documents regenerated; ${plainAnswers} SaxonJS answers in the cache`);

// ---- both engines on every document with a SaxonJS answer ----
const saxonHe = await startSaxonHeOracle();
const started = Date.now();
const sides = (answer) =>
  answer.error || answer.syntax === null
    ? 'stopped'
    : [...new Set(answer.failed.map((f) => `${f.id}/${f.flag}`))].sort().join(' ');
let compared = 0;
let fromCache = 0;
let freshSaxonJs = 0;
let bothStopped = 0;
let sameLocations = 0;
let officialCases = 0;
const differences = [];
const work = [...docs.values()].filter(
  (d) => d.official || fs.existsSync(path.join(CACHE, `${plainKey(d.xml)}.json`)),
);
// queued at once: the JVM judges while SaxonJS (this thread) runs the uncached official cases
const heAnswers = work.map(async (d) => {
  const key = saxonHeCacheKey(d.xml);
  const hit = cached(key);
  if (hit) return hit;
  const r = { id: d.id, ...(await saxonHe.validate(d.xml)) };
  if (cacheableOracleAnswer(r)) fs.writeFileSync(path.join(CACHE, `${key}.json`), JSON.stringify(r));
  return r;
});
for (const [i, d] of work.entries()) {
  let js = cached(plainKey(d.xml));
  if (js) fromCache++;
  else {
    try {
      js = { id: d.id, ...saxonJs.validate(d.xml) };
    } catch (e) {
      js = { id: d.id, syntax: null, failed: [], error: String(e?.message ?? e) };
    }
    freshSaxonJs++;
    if (cacheableOracleAnswer(js))
      fs.writeFileSync(path.join(CACHE, `${plainKey(d.xml)}.json`), JSON.stringify(js));
  }
  const he = await heAnswers[i];
  compared++;
  if (d.official) officialCases++;
  const a = sides(js);
  const b = sides(he);
  if (a === 'stopped' && b === 'stopped') bothStopped++;
  if (a !== b) {
    differences.push({
      id: d.id,
      saxonJs: js.error ? `error: ${js.error}` : a,
      saxonHe: he.error ? `error: ${he.error}` : b,
    });
    if (LIST) fs.appendFileSync(LIST, `${JSON.stringify(differences.at(-1))}\n`);
    continue;
  }
  const where = (answer) =>
    answer.failed
      .map((f) => `${f.id} ${f.location}`)
      .sort()
      .join('\n');
  if (a === 'stopped' || where(js) === where(he)) sameLocations++;
  if (compared % 1000 === 0)
    console.error(
      `${compared}/${work.length} compared, ${differences.length} differences, ${Math.round((Date.now() - started) / 1000)} s`,
    );
}
saxonHe.close();

console.log(
  [
    `Saxon-HE vs SaxonJS, official CEN 1.3.16 XSLT: ${compared - differences.length}/${compared} documents with the identical set of failed assertion ids and flags` +
      ` (${bothStopped} of them stopped by the XSLT on both engines); ${sameLocations} also with identical locations.`,
    `Documents: ${officialCases} official examples and unit cases, the rest the differential's mutants and other XML files of ../shared; ${fromCache} SaxonJS answers from the cache (of ${plainAnswers} plain answers there), ${freshSaxonJs} official examples and unit cases judged by SaxonJS now; ${Math.round((Date.now() - started) / 1000)} s.`,
    `Differences (${differences.length}):`,
    ...differences.map((d) => `- ${d.id}: SaxonJS [${d.saxonJs}] Saxon-HE [${d.saxonHe}]`),
  ].join('\n'),
);
process.exitCode = differences.length ? 1 : 0;
