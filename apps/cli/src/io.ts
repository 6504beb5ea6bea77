/**
 * Files in, files out. `-` means stdin for inputs; no `-o` means stdout for outputs. Every error
 * names the file and says what went wrong (the OS error code in plain words).
 */
import fs from 'node:fs/promises';
import { UsageError } from './exit-codes.js';

/** Larger inputs are refused before they are read (the libraries accept at most 50 MiB PDFs, 20 MiB XML) */
export const MAX_INPUT_BYTES = 64 * 1024 * 1024;

const OS_ERRORS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'is a directory',
  ENOTDIR: 'a parent is not a directory',
  EMFILE: 'too many open files',
  ELOOP: 'too many symbolic links',
};

/** "permission denied (EACCES)" from a Node file-system error */
export function describeIoError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code) return `${OS_ERRORS[code] ?? (error as Error).message} (${code})`;
  return error instanceof Error ? error.message : String(error);
}

/** Reads a file (or stdin for `-`) with the size limit; throws UsageError naming the file */
export async function readInput(file: string, what = 'input'): Promise<Uint8Array> {
  if (file === '-') return readStdin();
  try {
    const stat = await fs.stat(file);
    if (stat.isDirectory()) throw new UsageError(`${file}: is a directory; expected a file (${what})`);
    // a FIFO or a device would block the read forever (or never end)
    if (!stat.isFile()) throw new UsageError(`${file}: not a regular file (${what})`);
    if (stat.size > MAX_INPUT_BYTES)
      throw new UsageError(`${file}: ${stat.size} bytes; at most ${MAX_INPUT_BYTES} are accepted`);
    return new Uint8Array(await fs.readFile(file));
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${file}: cannot read the ${what}: ${describeIoError(e)}`);
  }
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    size += (chunk as Buffer).length;
    if (size > MAX_INPUT_BYTES) throw new UsageError(`stdin: more than ${MAX_INPUT_BYTES} bytes`);
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
    if (options.binary && process.stdout.isTTY)
      throw new UsageError('refusing to write a PDF to the terminal: give -o FILE or redirect stdout');
    await new Promise<void>((resolve, reject) =>
      process.stdout.write(data, (e) => (e ? reject(e) : resolve())),
    );
    return;
  }
  try {
    await fs.writeFile(out, data);
  } catch (e) {
    throw new UsageError(`${out}: cannot write the output: ${describeIoError(e)}`);
  }
}
