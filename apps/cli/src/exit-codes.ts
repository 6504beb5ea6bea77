/**
 * The three exit codes of every einv command (docs/cli.md): CI scripts branch on them, so they are
 * named once here and nowhere else.
 */
export const EXIT = {
  /** Everything valid (or, with --expect, everything as expected); the command did its job */
  ok: 0,
  /** Some document is invalid (or not as expected), or the input could not become an invoice */
  invalid: 1,
  /** Usage error (bad option, unknown rule) or I/O error (a file could not be read or written) */
  usage: 2,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** A failure the user must fix in the command line or the file system: exit 2 with this message */
export class UsageError extends Error {
  override name = 'UsageError';
}
