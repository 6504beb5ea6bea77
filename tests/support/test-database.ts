/**
 * The database a store or contract test runs on. Default (jest project `sqlite`): a fresh in-memory
 * SQLite. In the `postgres` project (jest.config.js; its globalSetup starts the server and exports
 * EINV_TEST_POSTGRES_URL): a database of that server, one per test file, created on first use,
 * migrated, and emptied before each open, so every test starts from nothing as on SQLite. Tests of one
 * file run one after the other, so they never share it at the same time.
 */
import { randomBytes } from 'node:crypto';
import { afterAll } from '@jest/globals';
import pg from 'pg';
import type { Database, MigrationSet } from '../../apps/billing/src/index.js';
import { openDatabase } from '../../apps/billing/src/index.js';

/** The configuration under test: `postgres` in the postgres jest project (its `globals`), else sqlite */
export const TEST_CONFIGURATION =
  (globalThis as { EINV_TEST_CONFIGURATION?: string }).EINV_TEST_CONFIGURATION === 'postgres'
    ? 'postgres'
    : 'sqlite';

/** The server URL the postgres project's globalSetup exported; an error if that project lacks it */
function serverUrl(variable: 'EINV_TEST_POSTGRES_URL' | 'EINV_TEST_REDIS_URL'): string {
  const url = process.env[variable];
  if (!url) throw new Error(`${variable} is not set: run the postgres jest project (jest.config.js)`);
  return url;
}

/** The Redis of the postgres project; undefined in the sqlite configuration (counters in memory) */
export const testRedisUrl = (): string | undefined =>
  TEST_CONFIGURATION === 'postgres' ? serverUrl('EINV_TEST_REDIS_URL') : undefined;

let ofThisFile: Promise<Database> | undefined;
const migrated = new Set<string>();
afterAll(async () => (await ofThisFile)?.close());

export async function openTestDatabase(sets: readonly MigrationSet[]): Promise<Database> {
  if (TEST_CONFIGURATION === 'sqlite') {
    const database = openDatabase(':memory:');
    await database.migrate(sets);
    return database;
  }
  ofThisFile ??= createPostgresDatabase(serverUrl('EINV_TEST_POSTGRES_URL'));
  const database = await ofThisFile;
  const pending = sets.filter((set) => !migrated.has(set.table));
  if (pending.length) await database.migrate(pending);
  for (const set of pending) migrated.add(set.table);
  await database.query(async (q) => {
    const tables = await q.execute<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
    );
    if (tables.rows.length)
      await q.execute(`truncate ${tables.rows.map((t) => t.name).join(', ')} restart identity cascade`);
  });
  return database;
}

/**
 * `count` more connections pools to the PostgreSQL database of this test file, as `count` instances
 * of a service have: each its own pool, one database. PostgreSQL configuration only; closed after the
 * file.
 */
export async function otherInstances(count: number): Promise<Database[]> {
  if (TEST_CONFIGURATION !== 'postgres') throw new Error('other instances share a PostgreSQL database only');
  ofThisFile ??= createPostgresDatabase(serverUrl('EINV_TEST_POSTGRES_URL'));
  await ofThisFile;
  const opened = Array.from({ length: count }, () =>
    openDatabase(fileDatabaseUrl as string, { poolSize: 4 }),
  );
  extra.push(...opened);
  return opened;
}
const extra: Database[] = [];
afterAll(async () => {
  await Promise.all(extra.map((d) => d.close()));
});

let fileDatabaseUrl: string | undefined;

async function createPostgresDatabase(serverUrl: string): Promise<Database> {
  fileDatabaseUrl = await createEmptyDatabase(serverUrl);
  return openDatabase(fileDatabaseUrl, { poolSize: 4 });
}

/** A new, empty database on the test server (nothing migrated), by URL */
async function createEmptyDatabase(serverUrl: string): Promise<string> {
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
  return url.toString();
}

/**
 * The URL of a new PostgreSQL database with no tables and no migration journal, as a first deployment
 * finds it (PostgreSQL configuration only).
 */
export function emptyPostgresDatabase(): Promise<string> {
  if (TEST_CONFIGURATION !== 'postgres')
    throw new Error('an empty PostgreSQL database needs the postgres project');
  return createEmptyDatabase(serverUrl('EINV_TEST_POSTGRES_URL'));
}
