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
import { validateCdar } from '@einv/facturx';
import type { OracleAssert } from '../support/oracle.js';
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

const EDITIONS = [
  { key: 'standard', options: { frenchVersion: '1.4.0.03' } },
  { key: 'standard04', options: { frenchVersion: '1.4.0.04' } },
  { key: 'transition', options: { frenchEdition: 'transition' } },
] as const;

const official = (asserts: OracleAssert[]) => asserts.map((a) => `${a.id}:${a.flag}`).sort();

/**
 * Where validateCdar and the official sets disagree (failed assert ids and flags, as multisets), per
 * document and edition; also how many official failures the corpus made (a corpus that makes none
 * proves nothing)
 */
export function cdvDisagreements(
  corpus: { id: string; xml: string }[],
  oracle: Map<string, BrFrOracleResult>,
): { disagreements: string[]; fired: number } {
  const disagreements: string[] = [];
  let fired = 0;
  for (const doc of corpus) {
    const o = oracle.get(doc.id);
    if (!o || o.error) {
      disagreements.push(`${doc.id}: no official answer (${o?.error ?? 'missing'})`);
      continue;
    }
    for (const e of EDITIONS) {
      const want = official(o[e.key]);
      const r = validateCdar(doc.xml, e.options);
      const got = [...r.errors, ...r.warnings]
        .filter((f) => f.rule.startsWith('BR-FR-'))
        .map((f) => `${f.rule}:${f.severity}`)
        .sort();
      fired += want.length;
      if (JSON.stringify(got) !== JSON.stringify(want))
        disagreements.push(
          `${doc.id} [${e.key}]\n  official: ${want.join(' ')}\n  einv:     ${got.join(' ')}`,
        );
    }
  }
  return { disagreements, fired };
}
