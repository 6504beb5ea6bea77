/**
 * The official BR-FR schematrons alone (both editions) in one child process: the same SaxonJS
 * runner as tests/support/oracle.ts (../shared/tools/official-oracle/oracle.mjs, its `run`), but
 * without the CEN set, which the BR-FR comparison does not need. Halves the differential test time.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { OracleAssert } from '../support/oracle.js';
import { REPO_ROOT, sharedPath } from '../support/shared.js';

export interface BrFrOracleResult {
  id: string;
  standard: OracleAssert[];
  transition: OracleAssert[];
  error?: string;
}

const SCRIPT = `
import readline from 'node:readline';
const { run, syntaxOf } = await import(process.env.EINV_ORACLE_URL);
for await (const line of readline.createInterface({ input: process.stdin })) {
  if (!line.trim()) continue;
  const { id, xml } = JSON.parse(line);
  try {
    const s = syntaxOf(xml);
    if (!s) { console.log(JSON.stringify({ id, standard: [], transition: [], error: 'not an invoice' })); continue; }
    console.log(JSON.stringify({ id, standard: run('brfr-' + s, xml), transition: run('brfr-warning-' + s, xml) }));
  } catch (e) { console.log(JSON.stringify({ id, standard: [], transition: [], error: String(e && e.message || e) })); }
}
`;

/** Runs both BR-FR editions on every document, in order */
export function runBrFrOracle(docs: { id: string; xml: string }[]): Promise<BrFrOracleResult[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', SCRIPT], {
      env: {
        ...process.env,
        NODE_PATH: path.join(REPO_ROOT, 'node_modules'),
        EINV_ORACLE_URL: `file://${sharedPath('tools/official-oracle/oracle.mjs')}`,
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString('utf8');
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d.toString('utf8');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`BR-FR oracle exited ${code}: ${err.slice(0, 2000)}`));
      resolve(
        out
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l) as BrFrOracleResult),
      );
    });
    for (const d of docs) child.stdin.write(`${JSON.stringify(d)}\n`);
    child.stdin.end();
  });
}
