/**
 * The official BR-FR-CDV sets (1.4.0.03, 1.4.0.04 and 1.4.0.02 _WARNING) on status messages, in one
 * child process (tests/br-fr/brfr-oracle.ts: syntaxOf() says `cdar`, so `brfr-*-cdar` runs), with an
 * on-disk cache. The key is the SHA-256 of the XML AND of the rule sets asked for ('cdv-3-editions'),
 * so it never mixes with the plain EN 16931 answers of tests/conformance/oracle-cache.ts that share
 * EINV_ORACLE_CACHE_DIR. EINV_ORACLE_CACHE=0 bypasses it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../support/shared.js';
import { type BrFrOracleResult, runBrFrOracle } from './brfr-oracle.js';

const DIR = path.join(
  process.env.EINV_ORACLE_CACHE_DIR ?? path.join(REPO_ROOT, 'node_modules/.cache/einv-oracle'),
  'cdv',
);
const OPTIONS_KEY = 'cdv-3-editions:brfr-cdar,brfr-1.4.0.04-cdar,brfr-warning-cdar';

export async function runCdvOracle(docs: { id: string; xml: string }[]): Promise<BrFrOracleResult[]> {
  const useCache = process.env.EINV_ORACLE_CACHE !== '0';
  const key = (xml: string) =>
    crypto.createHash('sha256').update(OPTIONS_KEY).update('\0').update(xml).digest('hex');
  const results = new Map<string, BrFrOracleResult>();
  const missing: { id: string; xml: string }[] = [];
  if (useCache) fs.mkdirSync(DIR, { recursive: true });
  for (const d of docs) {
    const file = path.join(DIR, `${key(d.xml)}.json`);
    if (useCache && fs.existsSync(file))
      results.set(d.id, { ...(JSON.parse(fs.readFileSync(file, 'utf8')) as BrFrOracleResult), id: d.id });
    else missing.push(d);
  }
  if (missing.length) {
    const fresh = await runBrFrOracle(missing);
    const byId = new Map(missing.map((d) => [d.id, d.xml]));
    for (const r of fresh) {
      results.set(r.id, r);
      const xml = byId.get(r.id);
      if (useCache && xml !== undefined && !r.error)
        fs.writeFileSync(path.join(DIR, `${key(xml)}.json`), JSON.stringify(r));
    }
  }
  return docs.map(
    (d) =>
      results.get(d.id) ?? {
        id: d.id,
        standard: [],
        standard04: [],
        transition: [],
        error: 'no oracle result',
      },
  );
}
