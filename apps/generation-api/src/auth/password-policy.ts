/**
 * The password rule of the portal: 10 to 200 characters and not in the common-password list of
 * zxcvbn-ts (@zxcvbn-ts/language-common, about 49,000 leaked passwords), compared case-insensitively.
 */
import { createRequire } from 'node:module';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

/** Loaded at the first check, not at start (it costs ~150 ms, and most requests never need it) */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  if (!common) {
    const { dictionary } = createRequire(import.meta.url)('@zxcvbn-ts/language-common') as {
      dictionary: { 'passwords-common': string[] };
    };
    common = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  }
  return common;
}

/** Why a password is refused, or undefined when it is acceptable */
export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH)
    return `expected a password of at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `expected a password of at most ${MAX_PASSWORD_LENGTH} characters`;
  if (commonPasswords().has(password.toLowerCase()))
    return 'this password is in a list of commonly used passwords; choose another';
  return undefined;
}
