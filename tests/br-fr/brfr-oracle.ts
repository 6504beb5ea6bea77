/**
 * The official BR-FR schematrons alone (both editions) in one child process: the same SaxonJS
 * runner as tests/support/oracle.ts (../shared/tools/official-oracle/oracle.mjs, its `run`), but
 * without the CEN set, which the BR-FR comparison does not need. Halves the differential test time.
 */
import { type OracleAssert, runJsonLines } from '../support/oracle.js';

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
  return runJsonLines<BrFrOracleResult>({ script: SCRIPT }, docs, 'BR-FR oracle');
}
