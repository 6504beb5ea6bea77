/**
 * The password rule of the portal: 10 to 200 characters and not in the common-password list of
 * zxcvbn-ts (@zxcvbn-ts/language-common, about 49,000 leaked passwords), compared case-insensitively.
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 200;

const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

/** Why a password is refused, or undefined when it is acceptable */
export function passwordProblem(password: unknown): string | undefined {
  if (typeof password !== 'string' || password.length < MIN_PASSWORD_LENGTH)
    return `expected a password of at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH)
    return `expected a password of at most ${MAX_PASSWORD_LENGTH} characters`;
  if (COMMON.has(password.toLowerCase()))
    return 'this password is in a list of commonly used passwords; choose another';
  return undefined;
}
