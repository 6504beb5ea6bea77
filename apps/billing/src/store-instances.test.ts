/**
 * Several instances on one PostgreSQL (issue 14): BillingStores on separate connection pools, as
 * separate processes have, handle the same or related events at the same moment. The unique event key
 * must let exactly one delivery of an event apply, and the row locks must fold related events one
 * after the other, so the state is the one a single instance reaches. SQLite runs one process per file
 * (its writer lock), so this suite is for the postgres jest project; the process-level version is
 * tests/crash/billing-crash.test.ts.
 */
import { describe, expect, it } from '@jest/globals';
import { orderEvent, subscriptionEvent } from '../../../tests/support/billing-events.js';
import {
  openTestDatabase,
  otherInstances,
  TEST_CONFIGURATION,
} from '../../../tests/support/test-database.js';
import { BILLING_MIGRATIONS } from './db/migrate.js';
import { DEFAULT_PLAN_LIMITS } from './plans.js';
import { type AccountResolver, BillingStore, type HandleResult } from './store.js';

const describeOnPostgres = TEST_CONFIGURATION === 'postgres' ? describe : describe.skip;
const config = { variants: { SITE: [111111], MULTI: [222222] }, limits: DEFAULT_PLAN_LIMITS };
const resolver: AccountResolver = {
  byPublicId: async () => undefined,
  verifiedByEmail: async (email) => (email === 'ada@example.com' ? 1 : undefined),
};
const now = new Date('2026-11-22T00:00:00Z');

const order = orderEvent;
const sub = subscriptionEvent;
const payment = (name: string, updatedAt: string) =>
  JSON.stringify({
    meta: { event_name: name },
    data: {
      type: 'subscription-invoices',
      id: `inv-${updatedAt}`,
      attributes: {
        user_email: 'ada@example.com',
        subscription_id: 77,
        status: 'paid',
        updated_at: updatedAt,
      },
    },
  });
const lifecycle = [
  order(1001, '2026-11-01T00:00:00Z'),
  sub('subscription_created', 'active', '2026-11-01T00:00:01Z', { variant_id: 111111 }),
  payment('subscription_payment_failed', '2026-11-01T12:00:00Z'),
  sub('subscription_updated', 'active', '2026-11-02T00:00:00Z'),
  payment('subscription_payment_recovered', '2026-11-03T00:00:00Z'),
  sub('subscription_paused', 'paused', '2026-11-04T00:00:00Z', { pause: { mode: 'free' } }),
  sub('subscription_cancelled', 'cancelled', '2026-11-05T00:00:00Z', { ends_at: '2026-12-01T00:00:00Z' }),
];

/** Three instances on one freshly emptied database */
async function instances(): Promise<BillingStore[]> {
  const first = await openTestDatabase([BILLING_MIGRATIONS]);
  return [first, ...(await otherInstances(2))].map((db) => new BillingStore(db, config, resolver));
}

describeOnPostgres('billing on three instances of one PostgreSQL', () => {
  it('one event delivered to every instance at once is applied once; the others are duplicates', async () => {
    const stores = await instances();
    for (let i = 0; i < 10; i++) {
      const body = order(2000 + i, `2026-11-0${1 + (i % 9)}T00:00:00Z`);
      const results = await Promise.all(stores.map((s) => s.handleEvent(body, { now })));
      expect(results.map((r) => r.status).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    }
    expect(await stores[0]!.events()).toHaveLength(10);
  });

  it('the events of one purchase, all at once over the instances, end as one instance ends them', async () => {
    const single = (await instances())[0]!;
    for (const body of lifecycle) await single.handleEvent(body, { now });
    const expected = await single.accountBilling(1, now);
    expect(expected).toMatchObject({ plan: 'MULTI', paidUntil: '2026-12-01T00:00:00Z' });
    for (let round = 0; round < 8; round++) {
      const stores = await instances();
      // every event twice, rotated differently each round, all delivered at the same moment
      const deliveries = [...lifecycle, ...lifecycle].map((body, i) => ({ body, at: (i + round) % 3 }));
      const results: HandleResult[] = await Promise.all(
        deliveries.map(({ body, at }) => stores[at]!.handleEvent(body, { now })),
      );
      expect(results.filter((r) => r.status !== 'duplicate')).toHaveLength(lifecycle.length);
      expect(await stores[1]!.accountBilling(1, now)).toEqual(expected);
      // no payment event left waiting for a subscription that did arrive
      expect((await stores[2]!.events()).filter((e) => e.outcome === 'waiting')).toEqual([]);
    }
  });
});

describeOnPostgres('binding by email on two instances at once', () => {
  it('a purchase arriving while its buyer verifies the email on another instance ends bound', async () => {
    const first = await openTestDatabase([BILLING_MIGRATIONS]);
    const [second] = await otherInstances(1);
    let verified = false;
    let entered: () => void = () => {};
    const inResolver = new Promise<void>((resolve) => {
      entered = resolve;
    });
    // The event's instance asks for the account while the other instance is verifying the address:
    // not verified yet, and it takes a while to answer (the window in which the race used to lose
    // the binding).
    const slowResolver: AccountResolver = {
      byPublicId: async () => undefined,
      verifiedByEmail: async () => {
        const answer = verified ? 1 : undefined;
        entered();
        await new Promise((resolve) => setTimeout(resolve, 200));
        return answer;
      },
    };
    const events = new BillingStore(first, config, slowResolver);
    const verification = new BillingStore(second!, config, resolver);
    const handled = events.handleEvent(order(3001, '2026-11-10T00:00:00Z'), { now });
    await inResolver; // the event is inside its resolver now, holding its locks
    verified = true;
    await verification.bindPendingPurchases(1, 'ada@example.com');
    expect((await handled).status).toBe('pending');
    expect(await verification.accountBilling(1, now)).toMatchObject({ plan: 'SITE' });
  });
});
