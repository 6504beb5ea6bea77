/**
 * Rate-limit buckets (issue 14, decision 0097): the API per key, the portal per IP, webhooks exempt,
 * IPv6 by /56 and loopback as one client, Retry-After equal to the real reset.
 */
import { clientKey } from '@einv/http-kit';
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildApp, newKey, signedIn, validInvoice } from './harness.js';

describe('buckets', () => {
  it('an integration at its API limit neither locks its owner out of the portal nor stops webhooks', async () => {
    const { app } = await buildApp({ RATE_LIMIT_PER_MINUTE: '3', PORTAL_RATE_LIMIT_PER_MINUTE: '50' });
    const agent = await signedIn(app);
    const key = await newKey(agent);
    const api = () =>
      request(app)
        .post('/api/v1/validate')
        .set('authorization', `Bearer ${key}`)
        .send({ invoice: validInvoice() });
    for (let i = 0; i < 3; i++) expect((await api()).status).toBe(200);
    const limited = await api();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ bucket: 'api', limit: 3 });
    expect((await agent.get('/api/portal/keys')).status).toBe(200);
    for (let i = 0; i < 8; i++) {
      const hook = await request(app).post('/api/webhooks/billing').set('x-signature', 'bad').send('{}');
      expect(hook.status).toBe(401); // refused by the signature, never by a limit
    }
  });

  it('each API key has its own bucket', async () => {
    const { app } = await buildApp({ RATE_LIMIT_PER_MINUTE: '2', FREE_MAX_KEYS: '1' });
    const a = await newKey(await signedIn(app, 'a@example.com'));
    const b = await newKey(await signedIn(app, 'b@example.com'));
    const call = (key: string) =>
      request(app)
        .post('/api/v1/validate')
        .set('authorization', `Bearer ${key}`)
        .send({ invoice: validInvoice() });
    await call(a);
    await call(a);
    expect((await call(a)).status).toBe(429);
    expect((await call(b)).status).toBe(200);
  });

  it('Retry-After is the time left in the window, not always 60', async () => {
    const { app } = await buildApp({ RATE_LIMIT_PER_MINUTE: '1' });
    expect((await request(app).get('/api/openapi.json')).status).toBe(200);
    await new Promise((r) => setTimeout(r, 2_100));
    const limited = await request(app).get('/api/openapi.json');
    expect(limited.status).toBe(429);
    const retry = Number(limited.headers['retry-after']);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(58);
    expect(limited.body.retryAfter).toBe(retry);
  });
});

describe('client keys', () => {
  it('IPv6 clients are keyed by /56; loopback is one client however it connects', () => {
    expect(clientKey('2001:db8:aa:100::1')).toBe(clientKey('2001:db8:aa:1ff:ffff::2'));
    expect(clientKey('2001:db8:aa:100::1')).not.toBe(clientKey('2001:db8:aa:200::1'));
    expect(clientKey('::1')).toBe(clientKey('127.0.0.1'));
    expect(clientKey('::ffff:127.0.0.1')).toBe(clientKey('::1'));
    expect(clientKey('203.0.113.5')).not.toBe(clientKey('203.0.113.6'));
  });
});
