import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** API keys look like `einv_<12 chars prefix><43 chars secret>`: recognisable in logs and secret scanners. */
export const KEY_PREFIX = 'einv_';
const PREFIX_LENGTH = KEY_PREFIX.length + 12;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${KEY_PREFIX}${randomBytes(9).toString('base64url')}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, PREFIX_LENGTH), hash: sha256(key) };
}

/** The public prefix of a presented key, or undefined when it cannot be one of ours */
export function prefixOf(key: string): string | undefined {
  return key.startsWith(KEY_PREFIX) && key.length > PREFIX_LENGTH && key.length < 200
    ? key.slice(0, PREFIX_LENGTH)
    : undefined;
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function newSessionToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}

/**
 * A mailed link's token: `<row id>.<secret>`. The id finds the row; the secret's SHA-256 is what is
 * stored, compared with sameHash (constant time).
 */
export function newLinkSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: sha256(secret) };
}

export function splitLinkToken(token: unknown): { id: number; secret: string } | undefined {
  if (typeof token !== 'string' || token.length > 200) return undefined;
  const match = /^(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  return match ? { id: Number(match[1]), secret: match[2]! } : undefined;
}
