/**
 * The official validator as a test oracle: runs ../shared/tools/official-oracle/oracle.mjs (the CEN
 * EN 16931 1.3.16 XSLT, optionally Factur-X and BR-FR, under SaxonJS) in a child process. saxon-js
 * is our devDependency; NODE_PATH lets the read-only oracle script resolve it from our node_modules.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT, sharedPath } from './shared.js';

export interface OracleAssert {
  id: string;
  flag: string;
  location: string;
  text: string;
}
export interface OracleResult {
  id: string;
  syntax: 'cii' | 'ubl' | null;
  failed: OracleAssert[];
  error?: string;
}
export interface OracleOptions {
  /** true = the Factur-X EN16931 profile schematron; a profile name = that profile's */
  facturx?: boolean | 'MINIMUM' | 'BASIC-WL' | 'BASIC' | 'EN16931' | 'EXTENDED';
  /** false leaves the CEN set out (a booking-aid profile alone) */
  cen?: false;
  /** 'brfr' = standard 1.4.0.03 (all fatal), 'brfr-warning' = transition edition 1.4.0.02 */
  brfr?: 'brfr' | 'brfr-warning';
  /** Release of the standard BR-FR edition (and of EXTENDED-CTC-FR, which only exists in 1.4.0.03) */
  brfrVersion?: '1.4.0.03' | '1.4.0.04';
  /** Adds the EXTENDED-CTC-FR set (with `cen: false`, the set a document declaring the profile gets) */
  extendedCtcFr?: boolean;
}

/**
 * Runs a Node program in a child process that resolves saxon-js from our node_modules and the oracle
 * script from ../shared (EINV_ORACLE_URL), feeds it one JSON line per document, and parses one JSON
 * line per answer. `program` is either the oracle's own arguments or an inline ESM script.
 */
export function runJsonLines<T>(
  program: { args: string[] } | { script: string },
  docs: { id: string; xml: string }[],
  label: string,
): Promise<T[]> {
  const args = 'args' in program ? program.args : ['--input-type=module', '-e', program.script];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
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
      if (code !== 0) return reject(new Error(`${label} exited ${code}: ${err.slice(0, 2000)}`));
      resolve(
        out
          .split('\n')
          .filter((l) => l.trim())
          .map((l) => JSON.parse(l) as T),
      );
    });
    for (const d of docs) child.stdin.write(`${JSON.stringify(d)}\n`);
    child.stdin.end();
  });
}

/** Runs the official validation on many documents in one process (SaxonJS warms up once). */
export function runOracle(
  docs: { id: string; xml: string }[],
  options: OracleOptions = {},
): Promise<OracleResult[]> {
  const args = [sharedPath('tools/official-oracle/oracle.mjs'), '--stdin-jsonl'];
  if (options.facturx) args.push(options.facturx === true ? '--facturx' : `--facturx=${options.facturx}`);
  if (options.cen === false) args.push('--no-cen');
  if (options.brfr) args.push(`--${options.brfr}`);
  if (options.brfrVersion) args.push('--brfr-version', options.brfrVersion);
  if (options.extendedCtcFr) args.push('--extended-ctc-fr');
  return runJsonLines<OracleResult>({ args }, docs, 'oracle');
}
