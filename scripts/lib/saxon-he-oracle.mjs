/**
 * The official CEN 1.3.16 XSLT (../shared/en16931/{cii,ubl}/xslt, the same stylesheets the SaxonJS
 * oracle's SEF files were compiled from) run by Saxon-HE (Debian libsaxonhe-java) in ONE long-lived
 * JVM (bench/saxon/SaxonBench.java, command `judge`): the official verdict at tens of documents a
 * second where SaxonJS gives about one under load. For long differential runs (decision 0115); its
 * answers are cached under their own key (saxonHeCacheKey), never mixed with SaxonJS answers.
 *
 *   const oracle = await startSaxonHeOracle();
 *   const { syntax, failed, error } = await oracle.validate(xml);   // failed: [{ id, flag, location, text }]
 *   oracle.close();
 *
 * Requests are queued on the JVM's stdin and answered in order, so a caller may send a base's
 * documents at once and judge einv's side while the JVM works.
 */
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { SHARED } from './differential-bases.mjs';
import { oracleSyntaxOf } from './oracle-syntax.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SAXON_HE_JAR = '/usr/share/java/Saxon-HE.jar';
const PROGRAM = path.resolve(here, '../../bench/saxon/SaxonBench.java');
const XSLT = {
  cii: path.join(SHARED, 'en16931/cii/xslt/EN16931-CII-validation.xslt'),
  ubl: path.join(SHARED, 'en16931/ubl/xslt/EN16931-UBL-validation.xslt'),
};
/** The engine's name: in cache keys and in every cached answer */
export const SAXON_HE_ENGINE = 'saxon-he';

/** Why this machine cannot run the engine, or undefined when it can */
export function saxonHeUnavailable() {
  if (!fs.existsSync(SAXON_HE_JAR)) return `needs ${SAXON_HE_JAR} (Debian libsaxonhe-java)`;
  if (spawnSync('java', ['-version']).status !== 0) return 'needs java (Debian default-jre-headless)';
  return undefined;
}

/**
 * The content-hash cache key of a Saxon-HE answer: the engine's name and the XML together, so a
 * plain SaxonJS entry (keyed by the XML alone, tests/conformance/oracle-cache.ts) is never taken
 * for one of these, nor the other way round.
 */
export function saxonHeCacheKey(xml) {
  return crypto.createHash('sha256').update(`engine:${SAXON_HE_ENGINE}\n`).update(xml).digest('hex');
}

/** Starts the JVM and compiles both XSLTs (a few seconds); rejects when the engine is unavailable */
export async function startSaxonHeOracle() {
  const missing = saxonHeUnavailable();
  if (missing) throw new Error(`Saxon-HE oracle: ${missing}`);
  const child = spawn('java', ['-Xss8m', '-cp', SAXON_HE_JAR, PROGRAM], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // Saxon's compile-time warnings about the official XSLT go to stderr: kept for a failure message
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-4000);
  });
  // a write to a JVM that stopped (or was stopped by close()) fails here; the exit handler below
  // rejects whatever was still waiting
  child.stdin.on('error', () => {});
  const waiting = [];
  let closed;
  readline.createInterface({ input: child.stdout }).on('line', (line) => waiting.shift()?.resolve(line));
  child.on('exit', (code) => {
    closed = new Error(`Saxon-HE oracle stopped (exit ${code}): ${stderr.slice(-1000)}`);
    for (const w of waiting.splice(0)) w.reject(closed);
  });
  const ask = (fields) =>
    new Promise((resolve, reject) => {
      if (closed) return reject(closed);
      waiting.push({ resolve: (line) => resolve(JSON.parse(line)), reject });
      child.stdin.write(`${fields.join('\t')}\n`);
    });
  for (const key of ['cii', 'ubl']) {
    const answer = await ask(['compile', key, XSLT[key]]);
    if (answer.error) throw new Error(`Saxon-HE could not compile the ${key} XSLT: ${answer.error}`);
  }
  let sequence = 0;
  return {
    /** The official verdict of one document, in the shape of oracle.mjs validate() */
    async validate(xml) {
      // the oracle's choice of schematron; CDAR messages are not EN 16931 invoices: not judged here
      const syntax = oracleSyntaxOf(xml);
      if (syntax !== 'cii' && syntax !== 'ubl')
        return { syntax: null, failed: [], error: 'not a CII or UBL invoice', engine: SAXON_HE_ENGINE };
      const base64 = Buffer.from(xml, 'utf8').toString('base64');
      const answer = await ask(['judge', syntax, String(sequence++), base64]);
      if (answer.error) return { syntax, failed: [], error: answer.error, engine: SAXON_HE_ENGINE };
      return { syntax, failed: answer.failed, engine: SAXON_HE_ENGINE };
    },
    /** Stops the JVM (answers still queued are dropped: call it once the ones you need are in) */
    close() {
      child.kill();
    },
  };
}
