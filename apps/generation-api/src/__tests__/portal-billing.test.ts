import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildApp, newKey, signedIn, verifiedSignIn, WEBHOOK_SECRET } from './harness.js';
import type { Mailbox } from './mailbox.js';
import { startMailbox } from './mailbox.js';

const sign = (body: string) => createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
function orderEvent(email: string, variant: number, updatedAt: string, id = '1001') {
  return JSON.stringify({
    meta: { event_name: 'order_created' },
    data: {
      type: 'orders',
      id,
      attributes: {
        user_email: email,
        status: 'paid',
        updated_at: updatedAt,
        first_order_item: { variant_id: variant },
      },
    },
  });
}
function subscriptionEvent(
  name: string,
  email: string,
  variant: number,
  status: string,
  updatedAt: string,
  endsAt: string | null = null,
) {
  return JSON.stringify({
    meta: { event_name: name },
    data: {
      type: 'subscriptions',
      id: '77',
      attributes: {
        user_email: email,
        order_id: 1001,
        variant_id: variant,
        status,
        updated_at: updatedAt,
        ends_at: endsAt,
      },
    },
  });
}

describe('portal', () => {
  it('signs up (201) with an HttpOnly SameSite=Strict session cookie and shows plan, usage and limits', async () => {
    const { app } = await buildApp();
    const res = await request(app)
      .post('/api/portal/signup')
      .send({ email: 'Ada@Example.com', password: 'correct horse battery' });
    expect(res.status).toBe(201);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/einv_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect(res.body).toMatchObject({
      email: 'ada@example.com',
      plan: 'FREE',
      usage: { generated: 0 },
      limits: { maxKeys: 1, monthlyGenerations: 50 },
    });
  });

  it('refuses a duplicate email (409), a short password (400, field password) and a wrong login (401)', async () => {
    const { app } = await buildApp();
    await signedIn(app);
    const dup = await request(app)
      .post('/api/portal/signup')
      .send({ email: 'ada@example.com', password: 'another password' });
    expect(dup.status).toBe(409);
    expect(dup.type).toBe('application/problem+json');
    const short = await request(app)
      .post('/api/portal/signup')
      .send({ email: 'bob@example.com', password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.field).toBe('password');
    const wrong = await request(app)
      .post('/api/portal/login')
      .send({ email: 'ada@example.com', password: 'not the password' });
    expect(wrong.status).toBe(401);
    const right = await request(app)
      .post('/api/portal/login')
      .send({ email: 'ada@example.com', password: 'correct horse battery' });
    expect(right.status).toBe(200);
  });

  it('creates a key shown once (einv_ prefix), lists it without the secret, revokes it (204), then the key gives 401', async () => {
    const { app } = await buildApp();
    const agent = await signedIn(app);
    const created = await agent.post('/api/portal/keys').send({ name: 'shop' });
    expect(created.status).toBe(201);
    expect(created.body.key).toMatch(/^einv_[A-Za-z0-9_-]{40,}$/);
    expect(created.body.key.startsWith(created.body.prefix)).toBe(true);
    const list = await agent.get('/api/portal/keys');
    expect(list.body.keys).toEqual([
      expect.objectContaining({
        id: created.body.id,
        name: 'shop',
        prefix: created.body.prefix,
        status: 'active',
      }),
    ]);
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
    const ok = await request(app)
      .post('/api/v1/validate')
      .set('authorization', `Bearer ${created.body.key}`)
      .send({ invoice: {} });
    expect(ok.status).toBe(200);
    expect((await agent.delete(`/api/portal/keys/${created.body.id}`)).status).toBe(204);
    const after = await request(app)
      .post('/api/v1/validate')
      .set('authorization', `Bearer ${created.body.key}`)
      .send({ invoice: {} });
    expect(after.status).toBe(401);
    expect((await agent.delete(`/api/portal/keys/${created.body.id}`)).status).toBe(404);
  });

  it('FREE allows one live key: a second gets 403 saying the limit', async () => {
    const { app } = await buildApp();
    const agent = await signedIn(app);
    await newKey(agent, 'one');
    const second = await agent.post('/api/portal/keys').send({ name: 'two' });
    expect(second.status).toBe(403);
    expect(second.body.detail).toMatch(/FREE plan allows 1/);
  });

  it('needs a session (401), refuses cross-site mutations (403) and non-JSON posts (415)', async () => {
    const { app } = await buildApp();
    expect((await request(app).get('/api/portal/me')).status).toBe(401);
    const agent = await signedIn(app);
    const cross = await agent
      .post('/api/portal/keys')
      .set('origin', 'https://evil.example')
      .send({ name: 'x' });
    expect(cross.status).toBe(403);
    const form = await agent.post('/api/portal/keys').type('form').send('name=x');
    expect(form.status).toBe(415);
    expect((await agent.post('/api/portal/logout')).status).toBe(204);
    expect((await agent.get('/api/portal/me')).status).toBe(401);
  });

  it('serves the portal page', async () => {
    const { app } = await buildApp();
    const res = await request(app).get('/api/portal');
    expect(res.status).toBe(200);
    expect(res.text).toContain('id="login-form"');
    expect(res.text).toContain('autocomplete="new-password"');
  });
});

describe('billing webhook route', () => {
  let mailbox: Mailbox;
  beforeAll(async () => {
    mailbox = await startMailbox();
  });
  afterAll(() => mailbox.close());

  it('answers 401 with the text Unauthorized on a missing or wrong signature', async () => {
    const { app } = await buildApp();
    const body = orderEvent('ada@example.com', 111111, '2026-11-01T00:00:00Z');
    for (const sig of [undefined, 'abc', sign(`${body} `)]) {
      const req = request(app).post('/api/webhooks/billing').set('content-type', 'application/json');
      const res = await (sig ? req.set('x-signature', sig) : req).send(body);
      expect(res.status).toBe(401);
      expect(res.text).toBe('Unauthorized');
    }
  });

  it('an order for an email without an account waits, pending, and applies when that email is verified; duplicates change nothing', async () => {
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl });
    const body = orderEvent('late@example.com', 222222, '2026-11-01T00:00:00Z');
    const first = await request(app)
      .post('/api/webhooks/billing')
      .set('content-type', 'application/json')
      .set('x-signature', sign(body))
      .send(body);
    expect(first.status).toBe(200);
    const again = await request(app)
      .post('/api/webhooks/billing')
      .set('content-type', 'application/json')
      .set('x-signature', sign(body))
      .send(body);
    expect(again.status).toBe(200);
    expect(again.body.outcome).toBe('duplicate');
    expect(first.body.outcome).toBe('pending');
    const agent = await signedIn(app, 'late@example.com');
    expect((await agent.get('/api/portal/me')).body.plan).toBe('FREE'); // not before the email is verified
    const mail = await mailbox.next('late@example.com', /confirm/i);
    const token = new URL(mail.link).hash.replace('#verify=', '');
    expect((await agent.post('/api/portal/verify-email').send({ token })).status).toBe(200);
    expect((await agent.get('/api/portal/me')).body.plan).toBe('MULTI');
  });

  it('a downgrade suspends keys beyond the plan (oldest kept, nothing deleted); after an upgrade the user reactivates them', async () => {
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl });
    const agent = await verifiedSignIn(app, mailbox);
    const post = (body: string) =>
      request(app)
        .post('/api/webhooks/billing')
        .set('content-type', 'application/json')
        .set('x-signature', sign(body))
        .send(body);
    expect((await post(orderEvent('ada@example.com', 222222, '2026-11-01T00:00:00Z'))).status).toBe(200);
    const keys = [await newKey(agent, 'k1'), await newKey(agent, 'k2'), await newKey(agent, 'k3')];
    await post(
      subscriptionEvent('subscription_expired', 'ada@example.com', 222222, 'expired', '2026-11-10T00:00:00Z'),
    );
    const listed = (await agent.get('/api/portal/keys')).body.keys.map((k: { status: string }) => k.status);
    expect(listed).toEqual(['active', 'suspended', 'suspended']);
    const statuses = await Promise.all(
      keys.map(
        async (k) =>
          (
            await request(app)
              .post('/api/v1/validate')
              .set('authorization', `Bearer ${k}`)
              .send({ invoice: {} })
          ).status,
      ),
    );
    expect(statuses).toEqual([200, 401, 401]);
    await post(
      subscriptionEvent('subscription_updated', 'ada@example.com', 222222, 'active', '2026-11-12T00:00:00Z'),
    );
    const after = (await agent.get('/api/portal/keys')).body.keys;
    expect(after.map((k: { status: string }) => k.status)).toEqual(['active', 'suspended', 'suspended']);
    for (const k of after.slice(1))
      expect((await agent.post(`/api/portal/keys/${k.id}/activate`).send({})).status).toBe(204);
    const restored = (await agent.get('/api/portal/keys')).body.keys.map((k: { status: string }) => k.status);
    expect(restored).toEqual(['active', 'active', 'active']);
  });
});
