/**
 * Billing over HTTP with signed provider-shaped events: custom-data binding wins over email, each
 * subscription event is applied, the "paid until" rule, the customer-portal link, the unmapped
 * variant, and the logging of a bad signature.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildApp, capturedLogger, deliver, LEVEL, verifiedSignIn } from './harness.js';
import type { Mailbox } from './mailbox.js';
import { startMailbox } from './mailbox.js';
import { invoiceBody, orderBody, signBody, subscriptionBody } from './provider-events.js';

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(() => mailbox.close());

const CHECKOUT = {
  BILLING_CHECKOUT_URL_SITE: 'https://acme.lemonsqueezy.com/checkout/buy/site-uuid',
  BILLING_CHECKOUT_URL_MULTI: 'https://acme.lemonsqueezy.com/checkout/buy/multi-uuid?embed=0',
};
type App = Awaited<ReturnType<typeof buildApp>>['app'];

async function account(app: App, email: string) {
  const agent = await verifiedSignIn(app, mailbox, email);
  const me = (await agent.get('/api/portal/me')).body;
  const publicId = new URL(me.billing.upgrade.MULTI).searchParams.get('checkout[custom][account_id]') ?? '';
  return { agent, publicId, me: async () => (await agent.get('/api/portal/me')).body };
}

describe('binding purchases to accounts', () => {
  it('the Upgrade links carry the account’s opaque id as checkout custom data', async () => {
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl, ...CHECKOUT });
    const { agent, publicId } = await account(app, 'up@example.com');
    expect(publicId).toMatch(/^acc_[0-9a-f]{32}$/);
    const { upgrade } = (await agent.get('/api/portal/me')).body.billing;
    const site = new URL(upgrade.SITE);
    expect(`${site.origin}${site.pathname}`).toBe(CHECKOUT.BILLING_CHECKOUT_URL_SITE);
    expect(site.searchParams.get('checkout[email]')).toBe('up@example.com');
    expect(new URL(upgrade.MULTI).searchParams.get('embed')).toBe('0');
  });

  it('an unverified account gets no Upgrade link', async () => {
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl, ...CHECKOUT });
    const agent = request.agent(app);
    const me = (
      await agent.post('/api/portal/signup').send({ email: 'nov@example.com', password: 'long enough pw 1' })
    ).body;
    expect(me.billing.upgrade).toEqual({});
  });

  it('custom data wins over email: the purchase goes to the account the checkout named', async () => {
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl, ...CHECKOUT });
    const buyer = await account(app, 'buyer@example.com');
    const other = await account(app, 'paid-with@example.com');
    const body = orderBody('order_created', {
      email: 'paid-with@example.com', // the checkout email belongs to another verified account
      orderId: '501',
      variant: 222222,
      updatedAt: '2026-11-01T00:00:00Z',
      accountId: buyer.publicId,
    });
    expect((await deliver(app, body)).body.outcome).toBe('applied');
    expect((await buyer.me()).plan).toBe('MULTI');
    expect((await other.me()).plan).toBe('FREE');
  });

  it('custom data naming no account leaves the purchase pending (no fallback to email)', async () => {
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl, ...CHECKOUT });
    const owner = await account(app, 'x@example.com');
    const body = orderBody('order_created', {
      email: 'x@example.com',
      orderId: '502',
      variant: 222222,
      updatedAt: '2026-11-01T00:00:00Z',
      accountId: 'acc_00000000000000000000000000000000',
    });
    expect((await deliver(app, body)).body.outcome).toBe('pending');
    expect((await owner.me()).plan).toBe('FREE');
  });
});

describe('every subscription event is applied', () => {
  it('created, payment failed/recovered, paused (void/free), unpaused, resumed, unpaid, cancelled, refunded', async () => {
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl, ...CHECKOUT });
    const { publicId, me } = await account(app, 'sub@example.com');
    const base = { email: 'sub@example.com', orderId: '601', variant: 222222, accountId: publicId };
    const sub = (name: string, status: string, updatedAt: string, extra: object = {}) =>
      subscriptionBody(name, { ...base, subscriptionId: '61', status, updatedAt, ...extra });
    const steps: [string, string, Record<string, unknown>][] = [
      [
        'order_created',
        orderBody('order_created', { ...base, updatedAt: '2026-11-01T00:00:00Z' }),
        { plan: 'MULTI' },
      ],
      [
        'subscription_created',
        sub('subscription_created', 'active', '2026-11-01T00:00:01Z'),
        {
          plan: 'MULTI',
          billing: { manageUrl: expect.stringMatching(/^https:\/\/acme\.lemonsqueezy\.com\/billing/) },
        },
      ],
      [
        'subscription_payment_failed',
        invoiceBody('subscription_payment_failed', {
          email: base.email,
          invoiceId: '9001',
          subscriptionId: '61',
          updatedAt: '2026-11-02T00:00:00Z',
        }),
        { plan: 'MULTI', billing: { pastDue: true } },
      ],
      [
        'subscription_payment_recovered',
        invoiceBody('subscription_payment_recovered', {
          email: base.email,
          invoiceId: '9001',
          subscriptionId: '61',
          updatedAt: '2026-11-03T00:00:00Z',
        }),
        { plan: 'MULTI', billing: { pastDue: false } },
      ],
      [
        'paused (void)',
        sub('subscription_paused', 'paused', '2026-11-04T00:00:00Z', { pause: { mode: 'void' } }),
        { plan: 'FREE' },
      ],
      [
        'subscription_unpaused',
        sub('subscription_unpaused', 'active', '2026-11-05T00:00:00Z'),
        { plan: 'MULTI' },
      ],
      [
        'paused (free)',
        sub('subscription_paused', 'paused', '2026-11-06T00:00:00Z', { pause: { mode: 'free' } }),
        { plan: 'MULTI' },
      ],
      [
        'subscription_resumed',
        sub('subscription_resumed', 'active', '2026-11-07T00:00:00Z'),
        { plan: 'MULTI' },
      ],
      ['unpaid', sub('subscription_updated', 'unpaid', '2026-11-08T00:00:00Z'), { plan: 'FREE' }],
      ['active again', sub('subscription_updated', 'active', '2026-11-09T00:00:00Z'), { plan: 'MULTI' }],
      [
        'subscription_cancelled',
        sub('subscription_cancelled', 'cancelled', '2026-11-10T00:00:00Z', {
          endsAt: '2026-12-01T00:00:00Z',
        }),
        { plan: 'MULTI', paidUntil: '2026-12-01T00:00:00Z' },
      ],
      [
        'resumed after cancel',
        sub('subscription_resumed', 'active', '2026-11-11T00:00:00Z'),
        { plan: 'MULTI' },
      ],
      [
        'order_refunded',
        orderBody('order_refunded', { ...base, updatedAt: '2026-11-12T00:00:00Z' }),
        { plan: 'FREE' },
      ],
    ];
    for (const [label, body, expected] of steps) {
      const res = await deliver(app, body);
      expect({ label, status: res.status, outcome: res.body.outcome }).toEqual({
        label,
        status: 200,
        outcome: 'applied',
      });
      const shown = await me();
      expect({ label, ...shown }).toMatchObject({ label, ...expected });
      if (!('paidUntil' in expected))
        expect({ label, paidUntil: shown.paidUntil }).toEqual({ label, paidUntil: undefined });
    }
  });

  it('a payment event that arrives before its subscription waits and applies when the subscription arrives', async () => {
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl, ...CHECKOUT });
    const { publicId, me } = await account(app, 'early@example.com');
    const failed = invoiceBody('subscription_payment_failed', {
      email: 'early@example.com',
      invoiceId: '9101',
      subscriptionId: '71',
      updatedAt: '2026-11-02T00:00:00Z',
    });
    expect((await deliver(app, failed)).body.outcome).toBe('waiting');
    const created = subscriptionBody('subscription_created', {
      email: 'early@example.com',
      orderId: '701',
      variant: 111111,
      accountId: publicId,
      subscriptionId: '71',
      status: 'active',
      updatedAt: '2026-11-01T00:00:00Z',
    });
    expect((await deliver(app, created)).body.outcome).toBe('applied');
    expect(await me()).toMatchObject({ plan: 'SITE', billing: { pastDue: true } });
  });
});

describe('"paid until" is shown only when the plan shown is ending', () => {
  it('an active MULTI with a cancelled SITE shows no date; two cancelled MULTI show the later end', async () => {
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl, ...CHECKOUT });
    const { publicId, me } = await account(app, 'until@example.com');
    const p = (orderId: string, variant: number) => ({
      email: 'until@example.com',
      orderId,
      variant,
      accountId: publicId,
    });
    await deliver(
      app,
      orderBody('order_created', { ...p('801', 111111), updatedAt: '2026-11-01T00:00:00Z' }),
    );
    await deliver(
      app,
      subscriptionBody('subscription_cancelled', {
        ...p('801', 111111),
        subscriptionId: '81',
        status: 'cancelled',
        endsAt: '2026-12-05T00:00:00Z',
        updatedAt: '2026-11-02T00:00:00Z',
      }),
    );
    expect(await me()).toMatchObject({ plan: 'SITE', paidUntil: '2026-12-05T00:00:00Z' });
    await deliver(
      app,
      orderBody('order_created', { ...p('802', 222222), updatedAt: '2026-11-03T00:00:00Z' }),
    );
    const live = await me();
    expect(live.plan).toBe('MULTI');
    expect(live.paidUntil).toBeUndefined(); // not the end of the cancelled SITE
    for (const [orderId, sub, endsAt] of [
      ['802', '82', '2026-12-20T00:00:00Z'],
      ['803', '83', '2026-12-10T00:00:00Z'],
    ] as const) {
      if (orderId === '803')
        await deliver(
          app,
          orderBody('order_created', { ...p('803', 222222), updatedAt: '2026-11-04T00:00:00Z' }),
        );
      await deliver(
        app,
        subscriptionBody('subscription_cancelled', {
          ...p(orderId, 222222),
          subscriptionId: sub,
          status: 'cancelled',
          endsAt,
          updatedAt: '2026-11-05T00:00:00Z',
        }),
      );
    }
    expect(await me()).toMatchObject({ plan: 'MULTI', paidUntil: '2026-12-20T00:00:00Z' });
  });
});

describe('misconfiguration and bad deliveries', () => {
  it('an unmapped variant: 200, stored unmapped (not applied), logged at error with the variant id, portal says processing', async () => {
    const { logger, lines } = capturedLogger();
    const built = await buildApp({ SMTP_URL: mailbox.smtpUrl, ...CHECKOUT }, undefined, logger);
    const { publicId, me } = await account(built.app, 'odd@example.com');
    const body = orderBody('order_created', {
      email: 'odd@example.com',
      orderId: '901',
      variant: 999999,
      updatedAt: '2026-11-01T00:00:00Z',
      accountId: publicId,
    });
    const res = await deliver(built.app, body);
    expect(res.status).toBe(200);
    expect(res.body.outcome).toBe('unmapped');
    expect(res.body.outcome).not.toBe('applied');
    expect(await built.billing.events()).toEqual([{ eventName: 'order_created', outcome: 'unmapped' }]);
    const logged = lines.find((l) => l.level === LEVEL.error && l.variantId === 999999);
    expect(String(logged?.msg)).toMatch(/variant 999999 maps to no plan/);
    expect(lines.some((l) => l.outcome === 'applied')).toBe(false);
    expect(await me()).toMatchObject({ plan: 'FREE', billing: { processing: true } });
  });

  it('a bad signature: 401 Unauthorized, logged at warn without the body', async () => {
    const { logger, lines } = capturedLogger();
    const { app } = await buildApp({}, undefined, logger);
    const body = orderBody('order_created', {
      email: 'secret-buyer@example.com',
      orderId: '1',
      variant: 111111,
      updatedAt: '2026-11-01T00:00:00Z',
    });
    const res = await request(app)
      .post('/api/webhooks/billing')
      .set('content-type', 'application/json')
      .set('x-signature', signBody(body, 'not the secret'))
      .send(body);
    expect(res.status).toBe(401);
    expect(res.text).toBe('Unauthorized');
    expect(
      lines.some((l) => l.level === LEVEL.warn && l.msg === 'billing webhook refused: bad signature'),
    ).toBe(true);
    expect(JSON.stringify(lines)).not.toContain('secret-buyer');
  });
});

describe('OpenAPI', () => {
  it('lists every portal and webhook route with its method', async () => {
    const { app } = await buildApp();
    const { paths } = (await request(app).get('/api/openapi.json')).body;
    const routes: [string, string][] = [
      ['/api/portal/plans', 'get'],
      ['/api/portal/signup', 'post'],
      ['/api/portal/login', 'post'],
      ['/api/portal/logout', 'post'],
      ['/api/portal/verify-email', 'post'],
      ['/api/portal/verify-email/resend', 'post'],
      ['/api/portal/password-reset/request', 'post'],
      ['/api/portal/password-reset', 'post'],
      ['/api/portal/password', 'post'],
      ['/api/portal/email', 'post'],
      ['/api/portal/account', 'delete'],
      ['/api/portal/me', 'get'],
      ['/api/portal/keys', 'get'],
      ['/api/portal/keys', 'post'],
      ['/api/portal/keys/{id}', 'delete'],
      ['/api/portal/keys/{id}/suspend', 'post'],
      ['/api/portal/keys/{id}/activate', 'post'],
      ['/api/webhooks/billing', 'post'],
    ];
    for (const [route, method] of routes)
      expect({ route, method, listed: !!paths[route]?.[method] }).toEqual({ route, method, listed: true });
  });
});
