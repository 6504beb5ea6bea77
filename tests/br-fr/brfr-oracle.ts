/**
 * The official BR-FR schematrons alone (both editions, the standard one in 1.4.0.03 and 1.4.0.04) in one child process: the same SaxonJS
 * runner as tests/support/oracle.ts (../shared/tools/official-oracle/oracle.mjs, its `run`), but
 * without the CEN set, which the BR-FR comparison does not need. Halves the differential test time.
 */
import { type OracleAssert, runJsonLines } from '../support/oracle.js';

export interface BrFrOracleResult {
  id: string;
  /** standard edition 1.4.0.03 */
  standard: OracleAssert[];
  /** standard edition 1.4.0.04 */
  standard04: OracleAssert[];
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
    if (!s) { console.log(JSON.stringify({ id, standard: [], standard04: [], transition: [], error: 'not an invoice' })); continue; }
    console.log(JSON.stringify({ id, standard: run('brfr-' + s, xml), standard04: run('brfr-1.4.0.04-' + s, xml), transition: run('brfr-warning-' + s, xml) }));
  } catch (e) { console.log(JSON.stringify({ id, standard: [], standard04: [], transition: [], error: String(e && e.message || e) })); }
}
`;

/** Runs both BR-FR editions (the standard one in both releases) on every document, in order */
export function runBrFrOracle(docs: { id: string; xml: string }[]): Promise<BrFrOracleResult[]> {
  return runJsonLines<BrFrOracleResult>({ script: SCRIPT }, docs, 'BR-FR oracle');
}
