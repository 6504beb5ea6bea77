/**
 * Files in, files out. `-` means stdin for inputs; no `-o` means stdout for outputs. Every error
 * names the file and says what went wrong (the OS error code in plain words).
 */
import fs from 'node:fs/promises';
import { formatSize } from '@einv/core-model/text';
import { UsageError } from './exit-codes.js';
import { cliLangNow, type MessageKey, say } from './i18n/messages.js';

/** Larger inputs are refused before they are read (the libraries accept at most 50 MiB PDFs, 20 MiB XML) */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

const OS_ERRORS: Record<string, MessageKey> = {
  ENOENT: 'io.ENOENT',
  EACCES: 'io.EACCES',
  EPERM: 'io.EACCES',
  EISDIR: 'io.EISDIR',
  ENOTDIR: 'io.ENOTDIR',
  EMFILE: 'io.EMFILE',
  ELOOP: 'io.ELOOP',
};

/** "permission denied (EACCES)" from a Node file-system error */
export function describeIoError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const known = code ? OS_ERRORS[code] : undefined;
  if (code) return `${known ? say(known) : (error as Error).message} (${code})`;
  return error instanceof Error ? error.message : String(error);
}

/** What a command reads, for its messages */
export type InputKind = 'input' | 'invoice' | 'invoiceJson' | 'invoiceXml' | 'pdf';

/** A byte count for people, in the language of the run ("64 MB", "64 Mo") */
const size = (bytes: number) => formatSize(bytes, cliLangNow());

/** Reads a file (or stdin for `-`) with the size limit; throws UsageError naming the file */
export async function readInput(file: string, kind: InputKind = 'input'): Promise<Uint8Array> {
  if (file === '-') return readStdin();
  const what = say(`what.${kind}`);
  try {
    const stat = await fs.stat(file);
    if (stat.isDirectory()) throw new UsageError(say('io.isDirectory', { file, what }));
    // a FIFO or a device would block the read forever (or never end)
    if (!stat.isFile()) throw new UsageError(say('io.notRegular', { file, what }));
    if (stat.size > MAX_INPUT_BYTES)
      throw new UsageError(say('io.tooLarge', { file, size: size(stat.size), max: size(MAX_INPUT_BYTES) }));
    return new Uint8Array(await fs.readFile(file));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(say('io.cannotRead', { file, what, reason: describeIoError(e) }));
  }
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > MAX_INPUT_BYTES)
      throw new UsageError(say('io.stdinTooLarge', { max: formatSize(MAX_INPUT_BYTES, cliLangNow()) }));
    chunks.push(chunk as Buffer);
  }
  return new Uint8Array(Buffer.concat(chunks));
}

/** Writes to the file given with -o, or to stdout; binary output is refused on a terminal */
export async function writeOutput(
  out: string | undefined,
  data: string | Uint8Array,
  options: { binary?: boolean } = {},
): Promise<void> {
  if (out === undefined || out === '-') {
    if (options.binary && process.stdout.isTTY) throw new UsageError(say('io.pdfToTerminal'));
    await new Promise<void>((resolve, reject) =>
      process.stdout.write(data, (e) => (e ? reject(e) : resolve())),
    );
    return;
  }
  try {
    await fs.writeFile(out, data);
  } catch (e) {
    throw new UsageError(say('io.cannotWrite', { file: out, reason: describeIoError(e) }));
  }
}
