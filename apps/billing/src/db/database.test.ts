/**
 * The Database abstraction on the configuration under test (SQLite, or PostgreSQL in the postgres
 * jest project): transactions commit or roll back whole, a query made inside a unit joins it, and on
 * SQLite units never interleave on the one shared connection even when they await in the middle.
 */
import { describe, expect, it } from '@jest/globals';
import { count, eq } from 'drizzle-orm';
import { openTestDatabase, TEST_CONFIGURATION } from '../../../../tests/support/test-database.js';
import { BILLING_MIGRATIONS } from './migrate.js';
import * as schema from './schema.js';
import { tablesFor } from './sqlite-twin.js';

const fresh = async () => {
  const database = await openTestDatabase([BILLING_MIGRATIONS]);
  return { database, locks: tablesFor(schema, database.dialect).billingLocks };
};
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe(`Database (${TEST_CONFIGURATION})`, () => {
  it('a unit that throws leaves nothing; units running beside it keep their writes', async () => {
    const { database, locks } = await fresh();
    const results = await Promise.allSettled([
      database.transaction(async (q) => {
        await q.insert(locks).values({ key: 'kept-1' });
      }),
      database.transaction(async (q) => {
        await q.insert(locks).values({ key: 'lost' });
        await tick();
        throw new Error('fails after writing');
      }),
      database.transaction(async (q) => {
        await tick();
        await q.insert(locks).values({ key: 'kept-2' });
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const keys = await database.query((q) => q.select().from(locks));
    expect(keys.map((k) => k.key).sort()).toEqual(['kept-1', 'kept-2']);
  });

  it('a query or transaction started inside a unit joins it: it sees its writes and does not wait for it', async () => {
    const { database, locks } = await fresh();
    const seen = await database.transaction(async (q) => {
      await q.insert(locks).values({ key: 'inside' });
      await database.transaction(async (inner) => inner.insert(locks).values({ key: 'nested' }));
      return database.query((other) => other.select().from(locks).where(eq(locks.key, 'inside')));
    });
    expect(seen).toHaveLength(1);
    expect(await database.query((q) => q.select({ n: count() }).from(locks))).toEqual([{ n: 2 }]);
  });

  (TEST_CONFIGURATION === 'sqlite' ? it : it.skip)(
    'SQLite: 20 read-then-write units awaiting in the middle never see each other half done',
    async () => {
      const { database, locks } = await fresh();
      // Each unit reads the row count and inserts the next key: interleaved, two would insert one key.
      await Promise.all(
        Array.from({ length: 20 }, () =>
          database.transaction(async (q) => {
            const [row] = await q.select({ n: count() }).from(locks);
            await tick();
            await q.insert(locks).values({ key: `k${row!.n}` });
          }),
        ),
      );
      expect(await database.query((q) => q.select({ n: count() }).from(locks))).toEqual([{ n: 20 }]);
    },
  );
});
