/**
 * The database a store or contract test runs on. Default: a fresh in-memory SQLite. When
 * EINV_TEST_POSTGRES_URL names a PostgreSQL server (the `postgres` jest project starts one, see
 * tests/support/postgres-setup.ts), a database of that server: one per test file, created on first
 * use, migrated, and emptied before each open, so every test starts from nothing as on SQLite. Tests of
 * one file run one after the other, so they never share it at the same time.
 */
import { randomBytes } from 'node:crypto';
import { afterAll } from '@jest/globals';
import pg from 'pg';
import type { Database, MigrationSet } from '../../apps/billing/src/index.js';
import { openDatabase } from '../../apps/billing/src/index.js';

export const TEST_POSTGRES_URL = process.env.EINV_TEST_POSTGRES_URL;
/** The configuration under test, for test names and skips */
export const TEST_DIALECT = TEST_POSTGRES_URL ? 'postgres' : 'sqlite';

let ofThisFile: Promise<Database> | undefined;
afterAll(async () => (await ofThisFile)?.close());

export async function openTestDatabase(sets: readonly MigrationSet[]): Promise<Database> {
  if (!TEST_POSTGRES_URL) {
    const database = openDatabase(':memory:');
    await database.migrate(sets);
    return database;
  }
  ofThisFile ??= createPostgresDatabase(TEST_POSTGRES_URL);
  const database = await ofThisFile;
  await database.migrate(sets);
  await database.query(async (q) => {
    const tables = await q.execute<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
    );
    if (tables.rows.length)
      await q.execute(`truncate ${tables.rows.map((t) => t.name).join(', ')} restart identity cascade`);
  });
  return database;
}

async function createPostgresDatabase(serverUrl: string): Promise<Database> {
  const name = `einv_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return openDatabase(url.toString(), { poolSize: 4 });
}
