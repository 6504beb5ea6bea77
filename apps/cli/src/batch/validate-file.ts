/**
 * One file of a batch: read it, hand the bytes to the facade's validateDocument, and turn an I/O
 * failure into a verdict of its own so that one bad file never stops the batch. Runs in a worker
 * thread (worker.ts) or, with --jobs 1, in the main thread.
 */
import { type DocumentReport, type ValidateDocumentOptions, validateDocument } from '@einv/facturx';
import { say, setCliLang } from '../i18n/messages.js';
import { readInput } from '../io.js';

export interface FileVerdict {
  file: string;
  /** What validateDocument said; absent when the file could not be read */
  report?: DocumentReport;
  /** Why the file could not be read (names the file and the OS error) */
  error?: string;
}

export async function validateFile(file: string, options: ValidateDocumentOptions): Promise<FileVerdict> {
  // a worker thread has its own copy of the messages: it speaks the language of the run
  setCliLang(options.lang === 'fr' ? 'fr' : 'en');
  let bytes: Uint8Array;
  try {
    bytes = await readInput(file, 'invoice');
  } catch (e) {
    return { file, error: (e as Error).message };
  }
  try {
    return { file, report: validateDocument(bytes, options) };
  } catch (e) {
    // validateDocument is total; should it ever throw, the batch goes on and says so for this file
    return { file, error: say('error.validationFailed', { file, reason: (e as Error).message }) };
  }
}
