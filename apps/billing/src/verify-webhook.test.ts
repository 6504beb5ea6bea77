import fs from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { describeIfShared, sharedPath } from '../../../tests/support/shared.js';
import { verifyWebhook } from './verify-webhook.js';

const SECRET = 'test_webhook_secret';
const body = '{"meta":{"event_name":"order_created"}}';
// Well-formed (64 hex digits) but not the HMAC of `body`: must be rejected by comparison, not by shape.
const WELL_FORMED_WRONG = '54b7d07d1db35bbaf57fa3ad5e4e1a01c30d2f7f1e3c0d7bd2f93b2b5b3e0d11';

describe('verifyWebhook', () => {
  it('accepts the provider signature of the exact raw body, as string or Buffer', async () => {
    const { createHmac } = await import('node:crypto');
    const sig = createHmac('sha256', SECRET).update(body).digest('hex');
    expect(verifyWebhook(body, sig, SECRET)).toBe(true);
    expect(verifyWebhook(Buffer.from(body), sig, SECRET)).toBe(true);
    expect(verifyWebhook(body, sig.toUpperCase(), SECRET)).toBe(true);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['short', 'abc123'],
    ['non-hex of the right length', 'z'.repeat(64)],
    ['right signature plus trailing junk', `${'0'.repeat(64)}zz`],
    ['a number', 12345],
    ['an array of headers', ['a', 'b']],
    ['well-formed but wrong', WELL_FORMED_WRONG],
  ])('returns false, never throws, for a %s signature', (_label, signature) => {
    expect(() => verifyWebhook(body, signature, SECRET)).not.toThrow();
    expect(verifyWebhook(body, signature, SECRET)).toBe(false);
  });

  it('rejects a re-serialised body (the HMAC covers the raw bytes)', async () => {
    const { createHmac } = await import('node:crypto');
    const sig = createHmac('sha256', SECRET).update(body).digest('hex');
    expect(verifyWebhook(JSON.stringify(JSON.parse(body), null, 2), sig, SECRET)).toBe(false);
  });

  it('rejects everything when no secret is configured', async () => {
    const { createHmac } = await import('node:crypto');
    const sig = createHmac('sha256', '').update(body).digest('hex');
    expect(verifyWebhook(body, sig, '')).toBe(false);
  });
});

describeIfShared('verifyWebhook on the provider samples', () => {
  const lines = fs
    .readFileSync(sharedPath('billing/samples/SIGNATURES.txt'), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
  it.each(lines.map((l) => l.split(/\s+/) as [string, string]))(
    '%s verifies with its published signature',
    (file, sig) => {
      const raw = fs.readFileSync(sharedPath('billing/samples', file));
      expect(verifyWebhook(raw, sig, SECRET)).toBe(true);
      expect(verifyWebhook(raw, sig, 'another_secret')).toBe(false);
    },
  );
});
