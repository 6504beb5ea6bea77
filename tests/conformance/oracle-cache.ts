/**
 * runOracle with a local on-disk cache keyed by the SHA-256 of each document: the official verdict
 * of a given XML never changes, so re-runs only pay SaxonJS for new documents. The cache lives in
 * node_modules/.cache (never committed); CI starts cold and runs everything in one batch.
 * EINV_ORACLE_CACHE=0 bypasses it (to time a cold run); EINV_ORACLE_CACHE_DIR moves it (so several
 * checkouts on one machine share the answers they paid for). With options (other rule sets), the key
 * is the options and the XML together: a plain EN 16931 answer is never reused for another set.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type OracleOptions, type OracleResult, runOracle } from '../support/oracle.js';
import { REPO_ROOT } from '../support/shared.js';

const DIR = process.env.EINV_ORACLE_CACHE_DIR ?? path.join(REPO_ROOT, 'node_modules/.cache/einv-oracle');
/** Documents per oracle process (SaxonJS warms up in about a second) */
const BATCH = 250;

export async function runOracleCached(
  docs: { id: string; xml: string }[],
  options: OracleOptions = {},
): Promise<OracleResult[]> {
  if (process.env.EINV_ORACLE_CACHE === '0') return runOracle(docs, options);
  fs.mkdirSync(DIR, { recursive: true });
  // plain runs keep the XML-only key every existing cache entry has
  const prefix = Object.keys(options).length
    ? `${JSON.stringify(options, Object.keys(options).sort())}\n`
    : '';
  const key = (xml: string) => crypto.createHash('sha256').update(prefix).update(xml).digest('hex');
  const results = new Map<string, OracleResult>();
  const missing: { id: string; xml: string }[] = [];
  for (const d of docs) {
    const file = path.join(DIR, `${key(d.xml)}.json`);
    if (fs.existsSync(file))
      results.set(d.id, { ...(JSON.parse(fs.readFileSync(file, 'utf8')) as OracleResult), id: d.id });
    else missing.push(d);
  }
  // in batches, each cached as soon as it is judged: a long run cut short keeps what it paid for
  for (let start = 0; start < missing.length; start += BATCH) {
    const batch = missing.slice(start, start + BATCH);
    const fresh = await runOracle(batch, options);
    const byId = new Map(batch.map((d) => [d.id, d.xml]));
    for (const r of fresh) {
      results.set(r.id, r);
      const xml = byId.get(r.id);
      if (xml !== undefined && !r.error)
        fs.writeFileSync(path.join(DIR, `${key(xml)}.json`), JSON.stringify(r));
    }
  }
  return docs.map(
    (d) => results.get(d.id) ?? { id: d.id, syntax: null, failed: [], error: 'no oracle result' },
  );
}
