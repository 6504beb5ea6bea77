/**
 * Identity over HTTP with a real in-process SMTP server: signup → mail → verify → plan, the hijack
 * scenario of issue 13, reset, change of password and email, deletion, password policy, brute-force
 * delays, and the timing of unknown vs known emails.
 */
import { billingSchema, tablesFor } from '@einv/billing';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { count } from 'drizzle-orm';
import request from 'supertest';
import {
  buildApp,
  capturedLogger,
  deliver,
  followVerifyLink,
  LEVEL,
  newKey,
  PASSWORD,
  signedIn,
  validInvoice,
  verifiedSignIn,
} from './harness.js';
import type { Mailbox } from './mailbox.js';
import { linkToken, startMailbox } from './mailbox.js';
import { orderBody } from './provider-events.js';

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(() => mailbox.close());

type App = Awaited<ReturnType<typeof buildApp>>['app'];
const useKey = (app: App, key: string) =>
  request(app).post('/api/v1/validate').set('authorization', `Bearer ${key}`).send({ invoice: {} });

describe('email verification', () => {
  it('signup → verification mail (English) → verify → the paid plan of a purchase for that email', async () => {
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl });
    const agent = request.agent(app);
    const signup = await agent
      .post('/api/portal/signup')
      .send({ email: 'Eve@Example.com', password: PASSWORD, lang: 'en' });
    expect(signup.status).toBe(201);
    expect(signup.body).toMatchObject({ email: 'eve@example.com', emailVerified: false, plan: 'FREE' });
    const mail = await mailbox.next('eve@example.com');
    expect(mail.subject).toBe('einv: confirm your email address');
    expect(mail.link).toMatch(/^http:\/\/portal\.test\/api\/portal#verify=\d+\.[\w-]{43}$/);
    expect(mail.html).toContain(mail.link);

    expect((await deliver(app, orderBody('order_created', order('eve@example.com')))).body.outcome).toBe(
      'pending',
    );
    expect((await agent.get('/api/portal/me')).body.plan).toBe('FREE');
    expect((await followVerifyLink(app, mail.link)).status).toBe(200);
    expect((await agent.get('/api/portal/me')).body).toMatchObject({ emailVerified: true, plan: 'MULTI' });
    // single use
    const again = await followVerifyLink(app, mail.link);
    expect(again.status).toBe(400);
    expect(again.body.type).toBe('urn:einv:problem:invalid-link');
  });

  it('mails in French by default; a link expires after 48 h; a forged secret is refused', async () => {
    let now = new Date('2026-11-22T10:00:00Z');
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl }, () => now);
    await signedIn(app, 'fr@example.com');
    const mail = await mailbox.next('fr@example.com');
    expect(mail.subject).toBe('einv : confirmez votre adresse e-mail');
    const { token } = linkToken(mail.link);
    const forged = `${token.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await request(app).post('/api/portal/verify-email').send({ token: forged })).status).toBe(400);
    now = new Date('2026-11-24T10:00:01Z');
    expect((await followVerifyLink(app, mail.link)).status).toBe(400);
  });

  it('without SMTP_URL the link is logged at info with "dev mode: mail not sent"', async () => {
    const { logger, lines } = capturedLogger();
    const { app } = await buildApp({}, undefined, logger);
    await signedIn(app, 'dev@example.com');
    await new Promise((r) => setTimeout(r, 50));
    const line = lines.find((l) => String(l.msg).includes('dev mode: mail not sent'));
    expect(line).toMatchObject({ level: LEVEL.info, to: 'dev@example.com' });
    expect(String(line?.link)).toMatch(/^http:\/\/portal\.test\/api\/portal#verify=/);
  });
});

describe('the hijack of issue 13', () => {
  it('a stranger signing up with the buyer’s email stays on FREE; the owner recovers the address by reset', async () => {
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl });
    expect((await deliver(app, orderBody('order_created', order('dave@example.com')))).body.outcome).toBe(
      'pending',
    );
    // The stranger signs up as dave and gets FREE terms only; the purchase stays pending.
    const stranger = await signedIn(app, 'dave@example.com', 'stranger password 1');
    expect((await stranger.get('/api/portal/me')).body).toMatchObject({ plan: 'FREE', emailVerified: false });
    const strangerKey = await newKey(stranger, 'stolen');
    expect((await useKey(app, strangerKey)).status).toBe(200); // FREE terms
    // The real owner gets 409 with a pointer to reset, asks for a reset, and reads dave's mailbox.
    const taken = await request(app)
      .post('/api/portal/signup')
      .send({ email: 'dave@example.com', password: 'owner password 123' });
    expect(taken.status).toBe(409);
    expect(taken.body.detail).toMatch(/reset/);
    mailbox.mails.length = 0;
    expect(
      (await request(app).post('/api/portal/password-reset/request').send({ email: 'dave@example.com' }))
        .status,
    ).toBe(202);
    const mail = await mailbox.next('dave@example.com', /reset|réinitialisez/);
    const { action, token } = linkToken(mail.link);
    expect(action).toBe('reset');
    const reset = await request(app)
      .post('/api/portal/password-reset')
      .send({ token, password: 'owner password 123' });
    expect(reset.status).toBe(200);
    // Every session of the account ended, and the stranger's key (made before the address was proved) is revoked.
    expect((await stranger.get('/api/portal/me')).status).toBe(401);
    expect((await useKey(app, strangerKey)).status).toBe(401);
    expect(
      (
        await request(app)
          .post('/api/portal/login')
          .send({ email: 'dave@example.com', password: 'stranger password 1' })
      ).status,
    ).toBe(401);
    const owner = request.agent(app);
    const login = await owner
      .post('/api/portal/login')
      .send({ email: 'dave@example.com', password: 'owner password 123' });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ plan: 'MULTI', emailVerified: true });
    // The reset link is single-use
    expect(
      (await request(app).post('/api/portal/password-reset').send({ token, password: 'another password 99' }))
        .status,
    ).toBe(400);
  });

  it('a reset request for an unknown email answers the same 202 and sends nothing', async () => {
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl });
    const res = await request(app)
      .post('/api/portal/password-reset/request')
      .send({ email: 'nobody@example.com' });
    expect(res.status).toBe(202);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailbox.mails.filter((m) => m.to === 'nobody@example.com')).toHaveLength(0);
  });
});

describe('password policy', () => {
  it.each([
    ['short', 'short pw'],
    ['common (zxcvbn-ts list)', 'password123'],
    ['common, other case', 'QWERTYUIOP'],
  ])('refuses a %s password with field password', async (_label, password) => {
    const { app } = await buildApp();
    const res = await request(app).post('/api/portal/signup').send({ email: 'p@example.com', password });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('password');
  });
});

describe('account self-service', () => {
  it('change password ends the other sessions; change email is confirmed from the new address', async () => {
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl });
    const first = await verifiedSignIn(app, mailbox, 'move@example.com');
    const second = request.agent(app);
    await second.post('/api/portal/login').send({ email: 'move@example.com', password: PASSWORD });
    const wrong = await first
      .post('/api/portal/password')
      .send({ currentPassword: 'not the password', newPassword: 'brand new password 1' });
    expect(wrong.status).toBe(403);
    const changed = await first
      .post('/api/portal/password')
      .send({ currentPassword: PASSWORD, newPassword: 'brand new password 1' });
    expect(changed.status).toBe(204);
    expect((await first.get('/api/portal/me')).status).toBe(200);
    expect((await second.get('/api/portal/me')).status).toBe(401);

    const move = await first
      .post('/api/portal/email')
      .send({ email: 'moved@example.com', password: 'brand new password 1' });
    expect(move.status).toBe(202);
    expect((await first.get('/api/portal/me')).body).toMatchObject({
      email: 'move@example.com',
      pendingEmail: 'moved@example.com',
    });
    const mail = await mailbox.next('moved@example.com', /new email|nouvelle adresse/);
    expect((await followVerifyLink(app, mail.link)).status).toBe(200);
    expect((await first.get('/api/portal/me')).body).toMatchObject({
      email: 'moved@example.com',
      emailVerified: true,
    });
  });

  it('deletion needs the password, revokes the keys, frees the email and keeps billing records', async () => {
    const built = await buildApp({ SMTP_URL: mailbox.smtpUrl });
    const { app } = built;
    const agent = await verifiedSignIn(app, mailbox, 'gone@example.com');
    await deliver(app, orderBody('order_created', order('gone@example.com')));
    const key = await newKey(agent);
    expect((await agent.delete('/api/portal/account').send({ password: 'wrong password 00' })).status).toBe(
      403,
    );
    expect((await agent.delete('/api/portal/account').send({ password: PASSWORD })).status).toBe(204);
    expect((await agent.get('/api/portal/me')).status).toBe(401);
    expect((await useKey(app, key)).status).toBe(401);
    expect(
      (await request(app).post('/api/portal/login').send({ email: 'gone@example.com', password: PASSWORD }))
        .status,
    ).toBe(401);
    expect(await built.billing.events()).toHaveLength(1);
    const { entitlements } = tablesFor(billingSchema, built.database.dialect);
    expect(await built.database.query((q) => q.select({ n: count() }).from(entitlements))).toEqual([
      { n: 1 },
    ]);
    // The address is free again, and a new account there starts without the old purchases.
    const again = await signedIn(app, 'gone@example.com');
    expect((await again.get('/api/portal/me')).body.plan).toBe('FREE');
  });
});

describe('brute force', () => {
  it('failed logins: growing delays per account (429 + Retry-After), the same for an unknown email, logged at warn', async () => {
    const { logger, lines } = capturedLogger();
    const { app } = await buildApp(
      { SMTP_URL: mailbox.smtpUrl, AUTH_FREE_FAILURES_PER_ACCOUNT: '3' },
      undefined,
      logger,
    );
    await signedIn(app, 'known@example.com');
    for (const email of ['known@example.com', 'unknown@example.com']) {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push(
          (await request(app).post('/api/portal/login').send({ email, password: 'wrong password 00' }))
            .status,
        );
      expect(statuses).toEqual([401, 401, 401, 401, 429]);
      if (email !== 'known@example.com') continue;
      const blocked = await request(app).post('/api/portal/login').send({ email, password: PASSWORD });
      expect(blocked.status).toBe(429); // even the right password waits
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(lines.filter((l) => l.level === LEVEL.warn && l.msg === 'login failed').length).toBe(8);
    expect(JSON.stringify(lines)).not.toContain('known@example.com');
  });

  it('failed API-key authentications are limited per IP', async () => {
    const { logger, lines } = capturedLogger();
    const { app } = await buildApp({ AUTH_FREE_FAILURES_PER_IP: '2' }, undefined, logger);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await useKey(app, `einv_${'x'.repeat(50)}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    expect(lines.some((l) => l.level === LEVEL.warn && l.msg === 'API key refused')).toBe(true);
  });

  it('unknown and known emails: same status, login time medians within 10 %', async () => {
    const { app } = await buildApp({ AUTH_DELAY_BASE_MS: '0' });
    await signedIn(app, 'timed@example.com');
    // One listening server for every request (supertest on a bare app starts one per request), and
    // pairs in ABBA order so that drift in the machine's load falls on both sides alike.
    const server = app.listen(0, '127.0.0.1');
    try {
      // Wall time and this process's CPU time (process.cpuUsage counts scrypt's libuv threads too) of
      // one failed login. On this shared two-core machine, wall time swings by about 10 % with the
      // neighbours' load, so the verdict is on CPU time, the work the service does for an answer;
      // wall time is printed beside it.
      const time = async (email: string) => {
        const cpu = process.cpuUsage();
        const start = process.hrtime.bigint();
        const res = await request(server)
          .post('/api/portal/login')
          .send({ email, password: 'wrong password 00' });
        expect(res.status).toBe(401);
        const used = process.cpuUsage(cpu);
        return { wall: Number(process.hrtime.bigint() - start) / 1e6, cpu: (used.user + used.system) / 1000 };
      };
      await time('timed@example.com'); // warm-up
      await time('nobody@example.com');
      // Each pair is measured back to back (ABBA order), so the ratio within a pair sees one machine
      // load; the median of the pair ratios then ignores the pairs a neighbour's burst disturbed.
      const ratios = { wall: [] as number[], cpu: [] as number[] };
      const samples = { known: [] as number[], unknown: [] as number[] };
      for (let i = 0; i < 31; i++) {
        let k: { wall: number; cpu: number };
        let u: { wall: number; cpu: number };
        if (i % 2 === 0) {
          k = await time('timed@example.com');
          u = await time(`nobody${i}@example.com`);
        } else {
          u = await time(`nobody${i}@example.com`);
          k = await time('timed@example.com');
        }
        samples.known.push(k.cpu);
        samples.unknown.push(u.cpu);
        ratios.wall.push(u.wall / k.wall);
        ratios.cpu.push(u.cpu / k.cpu);
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      const ratio = median(ratios.cpu);
      const medians = { knownCpuMs: median(samples.known), unknownCpuMs: median(samples.unknown) };
      console.log(
        `login timing: median pair ratio unknown/known CPU ${ratio.toFixed(3)}, wall ${median(ratios.wall).toFixed(3)}; ${JSON.stringify(medians)}`,
      );
      expect({ ratio, medians, within10pc: ratio > 0.9 && ratio < 1.1 }).toEqual({
        ratio,
        medians,
        within10pc: true,
      });
    } finally {
      server.close();
    }
  });
});

describe('keys people understand', () => {
  it('a suspended key gets 401 key-suspended saying why; the FREE 402 links to the upgrade page', async () => {
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl, FREE_MONTHLY_QUOTA: '0' });
    const agent = await verifiedSignIn(app, mailbox, 'keys@example.com');
    await deliver(app, orderBody('order_created', order('keys@example.com')));
    const [k1, k2] = [await newKey(agent, 'one'), await newKey(agent, 'two')];
    await deliver(
      app,
      orderBody('order_refunded', { ...order('keys@example.com'), updatedAt: '2026-11-05T00:00:00Z' }),
    );
    const listed = (await agent.get('/api/portal/keys')).body.keys;
    expect(listed[1]).toMatchObject({ status: 'suspended', lastUsedAt: null });
    expect(listed[1].suspendedBecause).toMatch(
      /FREE plan allows 1 active key; choose which one stays active/,
    );
    const suspended = await useKey(app, k2);
    expect(suspended.status).toBe(401);
    expect(suspended.body.type).toBe('urn:einv:problem:key-suspended');
    expect(suspended.body.detail).toMatch(/suspended: your FREE plan allows 1 active key/);
    const invalid = await useKey(app, `${k1.slice(0, -4)}AAAA`);
    expect(invalid.body.type).toBe('urn:einv:problem:unauthorized');
    // Revoking the active key revives nothing
    expect((await agent.delete(`/api/portal/keys/${listed[0].id}`)).status).toBe(204);
    expect((await useKey(app, k2)).status).toBe(401);
    // The user chooses: activate the suspended key
    expect((await agent.post(`/api/portal/keys/${listed[1].id}/activate`).send({})).status).toBe(204);
    expect((await useKey(app, k2)).status).toBe(200);
    expect((await agent.get('/api/portal/keys')).body.keys[1].lastUsedAt).toBe('2026-11-22T10:00:00.000Z');
    const quota = await request(app)
      .post('/api/v1/generate')
      .set('authorization', `Bearer ${k2}`)
      .send({ invoice: validInvoice() });
    expect(quota.status).toBe(402);
    expect(quota.body.upgradeUrl).toBe('http://portal.test/api/portal#upgrade');
  });

  it('at the limit, activating a suspended key names the active key it replaces', async () => {
    const { app } = await buildApp({ SMTP_URL: mailbox.smtpUrl });
    const agent = await verifiedSignIn(app, mailbox, 'swap@example.com');
    await deliver(app, orderBody('order_created', order('swap@example.com')));
    await newKey(agent, 'one');
    await newKey(agent, 'two');
    await deliver(
      app,
      orderBody('order_refunded', { ...order('swap@example.com'), updatedAt: '2026-11-05T00:00:00Z' }),
    );
    const [one, two] = (await agent.get('/api/portal/keys')).body.keys;
    const refused = await agent.post(`/api/portal/keys/${two.id}/activate`).send({});
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ type: 'urn:einv:problem:key-limit', field: 'replacing' });
    expect((await agent.post(`/api/portal/keys/${two.id}/activate`).send({ replacing: one.id })).status).toBe(
      204,
    );
    const statuses = (await agent.get('/api/portal/keys')).body.keys.map((k: { status: string }) => k.status);
    expect(statuses).toEqual(['suspended', 'active']);
  });
});

function order(email: string) {
  return {
    email,
    orderId: `${email.length}${email.charCodeAt(0)}`,
    variant: 222222,
    updatedAt: '2026-11-01T00:00:00Z',
  };
}
