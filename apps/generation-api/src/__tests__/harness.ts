/** Builds the real generation app on an in-memory SQLite database, for contract tests over HTTP. */
import { BillingStore, migrateBilling, openSqlite } from '@einv/billing';
import { pino } from 'pino';
import request from 'supertest';
import { loadFixture } from '../../../../fixtures/load.js';
import { AccountService } from '../accounts.js';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { migrateGeneration } from '../db/migrate.js';

export const WEBHOOK_SECRET = 'test_webhook_secret';

export function buildApp(
  env: Record<string, string> = {},
  clock: () => Date = () => new Date('2026-11-22T10:00:00Z'),
) {
  const config = loadConfig({
    BILLING_WEBHOOK_SECRET: WEBHOOK_SECRET,
    BILLING_SITE_VARIANT_IDS: '111111',
    BILLING_MULTI_VARIANT_IDS: '222222',
    RATE_LIMIT_PER_MINUTE: '10000',
    ...env,
  });
  const { sqlite, db } = openSqlite(':memory:');
  migrateBilling(db);
  migrateGeneration(db);
  const billing = new BillingStore(db, config.billing);
  const accounts = new AccountService(db, billing, config.billing.limits, clock);
  const app = createApp({ config, accounts, billing, logger: pino({ level: 'silent' }), clock });
  return { app, accounts, billing, sqlite, config };
}

/** Signs up through the portal and returns an agent holding the session cookie */
export async function signedIn(
  app: ReturnType<typeof buildApp>['app'],
  email = 'ada@example.com',
  password = 'correct horse battery',
) {
  const agent = request.agent(app);
  const res = await agent.post('/api/portal/signup').send({ email, password });
  if (res.status !== 201) throw new Error(`signup failed: ${res.status} ${res.text}`);
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
