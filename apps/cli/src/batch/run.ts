/**
 * Runs validateFile over many files on N worker threads (piscina) and hands the verdicts back in
 * input order, as soon as every earlier one is known, so streamed output (pretty, jsonl) is
 * deterministic whatever the thread timing. With one job (or a small batch) the files are validated
 * in this thread: no worker start-up.
 */
import type { ValidateDocumentOptions } from '@einv/facturx';
import { say } from '../i18n/messages.js';
import type { FileVerdict } from './validate-file.js';
import type { ValidateTask } from './worker.js';

export interface BatchOptions {
  jobs: number;
  options: ValidateDocumentOptions;
  /** Called once per file, in input order */
  onVerdict: (verdict: FileVerdict, index: number) => void;
  /** Called once per finished file, in completion order (progress bar) */
  onProgress?: () => void;
}

/**
 * A worker thread first loads the libraries (about 0.7 CPU-seconds, bench/cli.bench.mjs) and warms
 * its JIT alone: that is the work of some 90 corpus files (about 8 ms each), so a thread only pays
 * off with enough files to share: at most one per this many. Small batches are validated in the
 * main thread whatever --jobs says.
 */
export const FILES_PER_THREAD = 100;

export async function validateBatch(files: readonly string[], batch: BatchOptions): Promise<void> {
  const pending = new Map<number, FileVerdict>();
  let next = 0;
  const settle = (index: number, verdict: FileVerdict) => {
    batch.onProgress?.();
    pending.set(index, verdict);
    for (let v = pending.get(next); v !== undefined; v = pending.get(next)) {
      pending.delete(next);
      batch.onVerdict(v, next);
      next++;
    }
  };
  const threads = Math.min(batch.jobs, Math.ceil(files.length / FILES_PER_THREAD));
  if (threads <= 1) {
    const { validateFile } = await import('./validate-file.js');
    for (const [i, file] of files.entries()) settle(i, await validateFile(file, batch.options));
    return;
  }
  const { Piscina } = await import('piscina');
  const pool = new Piscina<ValidateTask, FileVerdict>({
    filename: new URL('./worker.js', import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
  });
  try {
    await Promise.all(
      files.map((file, i) =>
        pool.run({ file, options: batch.options }).then(
          (verdict) => settle(i, verdict),
          (e: unknown) =>
            settle(i, { file, error: say('error.workerFailed', { file, reason: (e as Error).message }) }),
        ),
      ),
    );
  } finally {
    await pool.destroy();
  }
}
