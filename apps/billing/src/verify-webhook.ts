import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/i;

/**
 * Checks the billing provider's `x-signature` header: the lowercase hex HMAC-SHA256 of the raw body
 * under the shared secret. Returns false, never throws, for a missing, short, non-hex or wrong
 * signature (the provider's own Node sample throws on a length mismatch, which becomes a 500 and three
 * pointless retries). The shape check comes first so that timingSafeEqual always compares 32 bytes;
 * Buffer.from(hex) would otherwise silently drop trailing junk.
 */
export function verifyWebhook(payload: Buffer | string, signature: unknown, secret: string): boolean {
  if (typeof signature !== 'string' || !HEX_SHA256.test(signature)) return false;
  if (typeof secret !== 'string' || secret.length === 0) return false;
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  const expected = createHmac('sha256', secret).update(payload).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
