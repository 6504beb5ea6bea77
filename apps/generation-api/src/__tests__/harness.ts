/**
 * Builds the real generation app for contract tests over HTTP, on the database of the configuration
 * under test: in-memory SQLite, or PostgreSQL when the `postgres` jest project runs the suite
 * (tests/support/test-database.ts), and in that project Redis for the rate limits and sign-in delays.
 */
import { createHmac } from 'node:crypto';
import { BILLING_MIGRATIONS } from '@einv/billing';
import { connectRedis, memoryStores, redisStores } from '@einv/http-kit';
import { afterAll } from '@jest/globals';
import type { Logger } from 'pino';
import { pino } from 'pino';
import request from 'supertest';
import { loadFixture } from '../../../../fixtures/load.js';
import { openTestDatabase, testRedisUrl } from '../../../../tests/support/test-database.js';
import { memoryThrottles, redisThrottles } from '../auth/failure-throttle.js';
import { loadConfig } from '../config.js';
import { GENERATION_MIGRATIONS } from '../db/migrate.js';
import { createService } from '../service.js';
import type { Mailbox } from './mailbox.js';
import { linkToken } from './mailbox.js';

export const WEBHOOK_SECRET = 'test_webhook_secret';
export const PASSWORD = 'correct horse battery';

export async function buildApp(
  env: Record<string, string> = {},
  clock: () => Date = () => new Date('2026-11-22T10:00:00Z'),
  logger: Logger = pino({ level: 'silent' }),
) {
  const config = loadConfig({
    BILLING_WEBHOOK_SECRET: WEBHOOK_SECRET,
    BILLING_SITE_VARIANT_IDS: '111111',
    BILLING_MULTI_VARIANT_IDS: '222222',
    RATE_LIMIT_PER_MINUTE: '10000',
    PUBLIC_URL: 'http://portal.test',
    ...env,
  });
  const database = await openTestDatabase([BILLING_MIGRATIONS, GENERATION_MIGRATIONS]);
  const redis = await testRedis();
  const service = createService(config, database, logger, clock, {
    stores: redis ? redisStores(redis, testPrefix()) : memoryStores,
    throttles: redis ? redisThrottles(redis, testPrefix()) : memoryThrottles,
  });
  return { ...service, database, config };
}

/** One Redis client per test file in the postgres jest project (counters in memory otherwise) */
let redisClient: ReturnType<typeof connectRedis> | undefined;
afterAll(() => redisClient?.disconnect());
async function testRedis() {
  const url = testRedisUrl();
  if (!url) return undefined;
  redisClient ??= connectRedis(url);
  return redisClient;
}
/** Each app its own key space in the shared Redis, as each in-memory app has its own counters */
let apps = 0;
const run = Math.random().toString(36).slice(2, 10);
const testPrefix = () => `test:${run}:${++apps}:`;

/** Signs up through the portal and returns an agent holding the session cookie */
export async function signedIn(
  app: Awaited<ReturnType<typeof buildApp>>['app'],
  email = 'ada@example.com',
  password = PASSWORD,
) {
  const agent = request.agent(app);
  const res = await agent.post('/api/portal/signup').send({ email, password });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
  return agent;
}

/** Follows a verification link from a received mail the way the portal page does */
export async function followVerifyLink(app: Awaited<ReturnType<typeof buildApp>>['app'], link: string) {
  const { action, token } = linkToken(link);
  if (action !== 'verify') throw new Error(`not a verification link: ${link}`);
  return request(app).post('/api/portal/verify-email').send({ token });
}

/** Signs up and verifies the email through the mail the service sent */
export async function verifiedSignIn(
  app: Awaited<ReturnType<typeof buildApp>>['app'],
  mailbox: Mailbox,
  email = 'ada@example.com',
  password = PASSWORD,
) {
  const agent = await signedIn(app, email, password);
  const mail = await mailbox.next(email, /confirm/i);
  const res = await followVerifyLink(app, mail.link);
  if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${res.text}`);
  return agent;
}

export async function newKey(agent: Awaited<ReturnType<typeof signedIn>>, name = 'test'): Promise<string> {
  const res = await agent.post('/api/portal/keys').send({ name });
  if (res.status !== 201) throw new Error(`key creation failed: ${res.status} ${res.text}`);
  return res.body.key as string;
}

/** A French B2B sale that passes every rule: our fixture fr-b2b-simple (hand-worked totals in the file) */
export function validInvoice() {
  const invoice = loadFixture('fr-b2b-simple').invoice;
  return {
    ...invoice,
    number: invoice.number ?? '',
    seller: { ...invoice.seller },
    lines: invoice.lines ?? [],
  };
}

/** A pino logger whose lines (parsed) land in an array, for assertions on levels and contents */
export function capturedLogger(): { logger: Logger; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

export const LEVEL = { info: 30, warn: 40, error: 50 } as const;

/** Delivers a provider event body to the billing webhook, signed with the test secret */
export function deliver(app: Awaited<ReturnType<typeof buildApp>>['app'], body: string) {
  return request(app)
    .post('/api/webhooks/billing')
    .set('content-type', 'application/json')
    .set('x-signature', createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex'))
    .send(body);
}
