/**
 * Expands the operands of `einv validate` into files: a directory means every *.xml and *.pdf under
 * it (any case, recursively), a glob is matched with tinyglobby, anything else is taken as a file
 * (so a missing file is reported by name when it is read, not silently dropped).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';
import { say } from '../i18n/messages.js';

const INVOICE_FILES = ['**/*.[xX][mM][lL]', '**/*.[pP][dD][fF]'];

export interface ExpandedInputs {
  files: string[];
  /** Operands that gave no file (an empty directory, a glob matching nothing): exit 2, named on stderr */
  empty: string[];
}

export async function expandInputs(operands: readonly string[]): Promise<ExpandedInputs> {
  const empty: string[] = [];
  const seen = new Set<string>();
  const files: string[] = [];
  const add = (f: string) => {
    const key = path.resolve(f);
    if (seen.has(key)) return;
    seen.add(key);
    files.push(f);
  };
  for (const operand of operands) {
    const stat = await statOrUndefined(operand);
    if (stat?.isDirectory()) {
      const found = await glob(INVOICE_FILES, { cwd: operand, onlyFiles: true, dot: false });
      if (found.length === 0) empty.push(say('io.noFileInDirectory', { dir: operand }));
      for (const f of found.sort()) add(path.join(operand, f));
    } else if (!stat && isDynamicPattern(operand)) {
      const found = await glob(operand, { onlyFiles: true, dot: false });
      if (found.length === 0) empty.push(say('io.noMatch', { pattern: operand }));
      for (const f of found.sort()) add(f);
    } else {
      add(operand);
    }
  }
  return { files, empty };
}

/**
 * Asynchronous on purpose: on Node 20, a synchronous stat of a FIFO leaves the shared stat buffer in
 * a state that makes the ES module loader skip resolving symbolic links afterwards, so loading the
 * libraries then fails (ERR_MODULE_NOT_FOUND under pnpm's linked node_modules). The CLI test names a
 * FIFO on the command line.
 */
async function statOrUndefined(p: string) {
  try {
    return await fs.stat(p);
  } catch {
    return undefined;
  }
}
