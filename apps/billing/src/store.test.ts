import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { subscriptionEvent } from '../../../tests/support/billing-events.js';
import { describeIfShared, sharedPath } from '../../../tests/support/shared.js';
import { openTestDatabase, TEST_CONFIGURATION } from '../../../tests/support/test-database.js';
import { openDatabase } from './db/database.js';
import { BILLING_MIGRATIONS } from './db/migrate.js';
import type { BillingConfig } from './plans.js';
import { DEFAULT_PLAN_LIMITS } from './plans.js';
import type { AccountResolver } from './store.js';
import { BillingStore } from './store.js';

const config: BillingConfig = { variants: { SITE: [111111], MULTI: [222222] }, limits: DEFAULT_PLAN_LIMITS };
const EMAIL = 'ada@example.com';
/** Ada (1) and Bob (2) have verified accounts; no checkout carried custom data in these tests */
const ACCOUNT_IDS = new Map([
  [EMAIL, 1],
  ['bob@example.com', 2],
]);
const verified: AccountResolver = {
  byPublicId: async () => undefined,
  verifiedByEmail: async (email) => ACCOUNT_IDS.get(email),
};
const planFor = async (store: BillingStore, email: string, now: Date) =>
  (await store.accountBilling(ACCOUNT_IDS.get(email.toLowerCase()) ?? 0, now)).plan;
/** A fresh, migrated database of the configuration under test (SQLite, or PostgreSQL: see test-database.ts) */
const freshStore = async () =>
  new BillingStore(await openTestDatabase([BILLING_MIGRATIONS]), config, verified);

/** A provider-shaped event, as the samples are, with the fields the store reads */
function event(
  name: string,
  attrs: { variant?: number; status?: string; updatedAt: string; endsAt?: string | null; email?: string },
  resource: { type: 'orders' | 'subscriptions'; id: string; orderId?: string } = {
    type: 'subscriptions',
    id: '456789',
    orderId: '3456789',
  },
): string {
  const attributes: Record<string, unknown> = {
    user_email: attrs.email ?? EMAIL,
    status: attrs.status,
    updated_at: attrs.updatedAt,
    ends_at: attrs.endsAt ?? null,
  };
  if (resource.type === 'orders') attributes.first_order_item = { variant_id: attrs.variant };
  else Object.assign(attributes, { order_id: Number(resource.orderId), variant_id: attrs.variant });
  return JSON.stringify({
    meta: { event_name: name },
    data: { type: resource.type, id: resource.id, attributes },
  });
}
const order = (variant: number, updatedAt = '2025-01-15T10:00:05Z') =>
  event('order_created', { variant, status: 'paid', updatedAt }, { type: 'orders', id: '3456789' });

it(`runs on the configuration under test (${TEST_CONFIGURATION})`, async () => {
  // The postgres jest project must really be on PostgreSQL, not fall back to SQLite
  expect((await openTestDatabase([BILLING_MIGRATIONS])).dialect).toBe(TEST_CONFIGURATION);
});

describe('BillingStore plan transitions', () => {
  let store: BillingStore;
  const now = new Date('2025-02-10T00:00:00Z');
  beforeEach(async () => {
    store = await freshStore();
  });

  it('order_created for the SITE variant upgrades to SITE; for MULTI to MULTI', async () => {
    expect(await planFor(store, EMAIL, now)).toBe('FREE');
    expect((await store.handleEvent(order(111111), { now })).status).toBe('applied');
    expect(await planFor(store, EMAIL, now)).toBe('SITE');
    const other = event(
      'order_created',
      { variant: 222222, status: 'paid', updatedAt: '2025-01-16T00:00:00Z', email: 'bob@example.com' },
      { type: 'orders', id: '99' },
    );
    await store.handleEvent(other, { now });
    expect(await planFor(store, 'BOB@example.com', now)).toBe('MULTI');
  });

  it('subscription_cancelled keeps the plan until ends_at, then FREE', async () => {
    await store.handleEvent(order(111111), { now });
    await store.handleEvent(
      event('subscription_cancelled', {
        variant: 111111,
        status: 'cancelled',
        updatedAt: '2025-02-03T09:12:44Z',
        endsAt: '2025-02-15T10:00:05Z',
      }),
      { now },
    );
    expect(await planFor(store, EMAIL, now)).toBe('SITE');
    expect((await store.accountBilling(1, now)).paidUntil).toBe('2025-02-15T10:00:05Z');
    expect(await planFor(store, EMAIL, new Date('2025-02-15T10:00:06Z'))).toBe('FREE');
  });

  it('subscription_expired downgrades to FREE at once', async () => {
    await store.handleEvent(order(111111), { now });
    await store.handleEvent(
      event('subscription_expired', {
        variant: 111111,
        status: 'expired',
        updatedAt: '2025-02-09T00:00:00Z',
      }),
      { now },
    );
    expect(await planFor(store, EMAIL, now)).toBe('FREE');
  });

  it('subscription_updated moves SITE to MULTI and back, and a resume restores a cancelled plan', async () => {
    await store.handleEvent(order(111111), { now });
    await store.handleEvent(
      event('subscription_updated', { variant: 222222, status: 'active', updatedAt: '2025-01-20T14:30:00Z' }),
      { now },
    );
    expect(await planFor(store, EMAIL, now)).toBe('MULTI');
    await store.handleEvent(
      event('subscription_updated', { variant: 111111, status: 'active', updatedAt: '2025-01-21T00:00:00Z' }),
      { now },
    );
    expect(await planFor(store, EMAIL, now)).toBe('SITE');
    await store.handleEvent(
      event('subscription_cancelled', {
        variant: 111111,
        status: 'cancelled',
        updatedAt: '2025-01-22T00:00:00Z',
        endsAt: '2025-02-01T00:00:00Z',
      }),
      { now },
    );
    expect(await planFor(store, EMAIL, now)).toBe('FREE');
    await store.handleEvent(
      event('subscription_updated', { variant: 111111, status: 'active', updatedAt: '2025-01-23T00:00:00Z' }),
      { now },
    );
    expect(await planFor(store, EMAIL, now)).toBe('SITE');
  });

  it('a redelivered event changes nothing and is answered as a duplicate', async () => {
    const body = order(111111);
    expect((await store.handleEvent(body, { now })).status).toBe('applied');
    expect((await store.handleEvent(body, { now })).status).toBe('duplicate');
    expect(await store.events()).toHaveLength(1);
  });

  it('an older event arriving late never undoes a newer one', async () => {
    await store.handleEvent(order(111111), { now });
    await store.handleEvent(
      event('subscription_expired', {
        variant: 111111,
        status: 'expired',
        updatedAt: '2025-02-09T00:00:00Z',
      }),
      { now },
    );
    const late = event('subscription_updated', {
      variant: 222222,
      status: 'active',
      updatedAt: '2025-01-20T14:30:00Z',
    });
    expect((await store.handleEvent(late, { now })).status).toBe('stale');
    expect(await planFor(store, EMAIL, now)).toBe('FREE');
  });

  it('reversed delivery (expiry first, order last) ends in the same state as in order', async () => {
    await store.handleEvent(
      event('subscription_expired', {
        variant: 111111,
        status: 'expired',
        updatedAt: '2025-02-09T00:00:00Z',
      }),
      { now },
    );
    expect((await store.handleEvent(order(111111), { now })).status).toBe('stale');
    expect(await planFor(store, EMAIL, now)).toBe('FREE');
  });

  it('records events it does not act on and answers them', async () => {
    const pay = JSON.stringify({
      meta: { event_name: 'subscription_payment_success' },
      data: {
        type: 'subscription-invoices',
        id: '8800001',
        attributes: { subscription_id: 456789, user_email: EMAIL, updated_at: '2025-01-15T10:00:07Z' },
      },
    });
    expect((await store.handleEvent(pay, { now })).status).toBe('recorded');
    expect(await planFor(store, EMAIL, now)).toBe('FREE');
  });

  it.each([
    ['not json', '{'],
    ['no meta', '{"data":{}}'],
    ['no event name', '{"meta":{},"data":{"type":"orders","id":"1"}}'],
  ])('reports an invalid body (%s) without storing it', async (_label, body) => {
    expect((await store.handleEvent(body, { now })).status).toBe('invalid');
    expect(await store.events()).toHaveLength(0);
  });

  it('a variant we do not sell grants nothing', async () => {
    await store.handleEvent(order(999), { now });
    expect(await planFor(store, EMAIL, now)).toBe('FREE');
  });
});

describe('BillingStore durability', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'einv-billing-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a crash between receipt and commit loses nothing and applies nothing twice after a restart', async () => {
    const file = path.join(dir, 'einv.sqlite');
    const now = new Date('2025-02-10T00:00:00Z');
    const first = openDatabase(file);
    await first.migrate([BILLING_MIGRATIONS]);
    const body = order(222222);
    await expect(
      new BillingStore(first, config, verified).handleEvent(body, { now, failBeforeCommit: true }),
    ).rejects.toThrow(/simulated crash/);
    await first.close(); // the process dies: the open transaction is gone

    const second = openDatabase(file); // restart
    await second.migrate([BILLING_MIGRATIONS]);
    const store = new BillingStore(second, config, verified);
    expect(await store.events()).toHaveLength(0); // nothing half-applied
    expect(await planFor(store, EMAIL, now)).toBe('FREE');
    expect((await store.handleEvent(body, { now })).status).toBe('applied'); // the provider redelivers
    expect((await store.handleEvent(body, { now })).status).toBe('duplicate');
    expect(await planFor(store, EMAIL, now)).toBe('MULTI');
    await second.close();

    const third = openDatabase(file);
    await third.migrate([BILLING_MIGRATIONS]);
    expect(await planFor(new BillingStore(third, config, verified), EMAIL, now)).toBe('MULTI'); // committed state survives
    await third.close();
  });
});

describeIfShared('BillingStore on the provider samples', () => {
  it('order → plan change → cancel → expire, read from the sample files', async () => {
    const store = await freshStore();
    const read = (f: string) => fs.readFileSync(sharedPath('billing/samples', f), 'utf8');
    const now = new Date('2025-02-10T00:00:00Z');
    await store.handleEvent(read('order_created.json'), { now });
    expect(await planFor(store, 'ada@example.com', now)).toBe('SITE');
    await store.handleEvent(read('subscription_updated_plan_change.json'), { now });
    expect(await planFor(store, 'ada@example.com', now)).toBe('MULTI');
    await store.handleEvent(read('subscription_payment_success.json'), { now });
    await store.handleEvent(read('subscription_cancelled.json'), { now });
    // The cancellation (newer than the plan change) carries variant 111111: the provider's latest
    // state is SITE, kept until ends_at 2025-02-15.
    expect(await planFor(store, 'ada@example.com', now)).toBe('SITE');
    await store.handleEvent(read('subscription_expired.json'), { now });
    expect(await planFor(store, 'ada@example.com', now)).toBe('FREE');
    expect((await store.events()).map((e) => e.outcome)).toEqual([
      'applied',
      'applied',
      'recorded',
      'applied',
      'applied',
    ]);
  });
});

describe('BillingStore: a purchase depends on its events, not on their delivery', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  const sub = subscriptionEvent;
  const lifecycle = [
    event(
      'order_created',
      { variant: 111111, status: 'paid', updatedAt: '2026-11-01T00:00:00Z' },
      { type: 'orders', id: '1001' },
    ),
    sub('subscription_created', 'active', '2026-11-01T00:00:01Z', { variant_id: 111111 }),
    sub('subscription_updated', 'active', '2026-11-02T00:00:00Z'), // SITE → MULTI
    JSON.stringify({
      meta: { event_name: 'subscription_payment_failed' },
      data: {
        type: 'subscription-invoices',
        id: '5',
        attributes: {
          user_email: EMAIL,
          subscription_id: 77,
          status: 'pending',
          updated_at: '2026-11-03T00:00:00Z',
        },
      },
    }),
    sub('subscription_paused', 'paused', '2026-11-04T00:00:00Z', { pause: { mode: 'free' } }),
    sub('subscription_cancelled', 'cancelled', '2026-11-05T00:00:00Z', { ends_at: '2026-12-01T00:00:00Z' }),
  ];
  const stateAfter = async (bodies: string[]) => {
    const store = await freshStore();
    for (const body of bodies) await store.handleEvent(body, { now });
    return store.accountBilling(1, now);
  };

  it('in order: MULTI (the plan change) until the cancellation ends', async () => {
    expect(await stateAfter(lifecycle)).toMatchObject({
      plan: 'MULTI',
      paidUntil: '2026-12-01T00:00:00Z',
      pastDue: false,
    });
  });

  // 200 orders on SQLite; 50 on PostgreSQL, where each run empties a real database (the fold is the
  // same code, the database only stores it)
  const runs = TEST_CONFIGURATION === 'postgres' ? 50 : 200;
  it(`any order, with duplicates, ends in the same state (fast-check, ${runs} runs)`, async () => {
    const expected = await stateAfter(lifecycle);
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(lifecycle, { minLength: lifecycle.length, maxLength: lifecycle.length }),
        fc.array(fc.nat(lifecycle.length - 1), { maxLength: 4 }),
        async (order, again) => {
          expect(await stateAfter([...order, ...again.map((i) => lifecycle[i]!)])).toEqual(expected);
        },
      ),
      { numRuns: runs, seed: 13 },
    );
  });
});
