/**
 * The one database abstraction of every einv store (billing, accounts, keys, links, sessions), on
 * SQLite (better-sqlite3, the embedded default) or PostgreSQL (node-postgres). Stores write each query
 * once, against drizzle's PostgreSQL query builder type, with the tables of `tablesFor(schema,
 * dialect)`; every unit of work goes through `query` or `transaction` (decision 0103):
 *
 * - PostgreSQL: a pool; `transaction` is a real transaction on one pooled connection (READ COMMITTED:
 *   each statement sees what other instances committed before it; row locks order the writers).
 * - SQLite: one synchronous connection shared by the whole process. An `await` inside a unit lets other
 *   requests run, and their statements would land inside an open transaction, so every unit takes an
 *   in-process gate first (SQLite has one writer anyway: nothing that could run in parallel is lost).
 *
 * Units nest: `query` or `transaction` called while a unit is running (tracked with AsyncLocalStorage)
 * joins it (same connection and transaction) instead of waiting for it, which would deadlock.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { Mutex } from 'async-mutex';
import Sqlite from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as drizzlePg, type NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';

export type Dialect = 'sqlite' | 'postgres';

/**
 * What a unit of work queries with. Typed as drizzle's PostgreSQL builder for both dialects: use only
 * what both share (select / insert / update / delete, `returning`, `onConflictDoNothing`, awaited), and
 * `lockForUpdate` for row locks.
 */
export type Queries = PgDatabase<NodePgQueryResultHKT, Record<string, never>>;

/** The committed migrations of one app, per dialect, and the table that journals them */
export interface MigrationSet {
  sqlite: string;
  postgres: string;
  table: string;
}

export interface Database {
  readonly dialect: Dialect;
  /** Runs statements outside a transaction (on SQLite still alone on the connection) */
  query<T>(work: (q: Queries) => Promise<T>): Promise<T>;
  /** Runs a unit of work in one transaction: committed when it resolves, rolled back when it throws */
  transaction<T>(work: (q: Queries) => Promise<T>): Promise<T>;
  /** Applies every pending migration of the sets, under a lock held across instances on PostgreSQL */
  migrate(sets: readonly MigrationSet[]): Promise<void>;
  /** Resolves when the database answers (readiness) */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Adds FOR UPDATE to a select on PostgreSQL, so the rows it reads stay locked until the transaction
 * ends; on SQLite the transaction already holds the only write lock.
 */
export function lockForUpdate<Q>(db: Database, select: Q): Q {
  return db.dialect === 'postgres'
    ? (select as unknown as { for(strength: 'update'): Q }).for('update')
    : select;
}

/** A SQLite file path, a `file:` URL or `:memory:` — or a postgres:// / postgresql:// URL */
export function openDatabase(url: string, options: { poolSize?: number } = {}): Database {
  return /^postgres(ql)?:\/\//i.test(url)
    ? openPostgres(url, options.poolSize ?? 10)
    : openSqliteDatabase(url);
}

/** The session-level advisory lock every einv instance takes to migrate: "einv" in ASCII */
const MIGRATION_LOCK = 0x65696e76;

function openPostgres(url: string, poolSize: number): Database {
  // A connection attempt that gets no answer (firewalled host) fails after 10 s instead of hanging the
  // start or a request forever.
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 10_000,
    allowExitOnIdle: true,
  });
  // An idle client losing its server (restart, network) must not crash the process; the next query
  // gets a fresh connection or a clear error.
  pool.on('error', () => {});
  const db = drizzlePg(pool) as unknown as Queries;
  const inside = new AsyncLocalStorage<Queries>();
  return {
    dialect: 'postgres',
    query: (work) => work(inside.getStore() ?? db),
    transaction(work) {
      const open = inside.getStore();
      if (open) return work(open);
      return db.transaction((tx) =>
        inside.run(tx as unknown as Queries, () => work(tx as unknown as Queries)),
      );
    },
    async migrate(sets) {
      // Two instances starting together: the second waits here until the first has migrated, then
      // finds nothing to do. A session lock on a dedicated client, released however the migration ends.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        try {
          for (const set of sets)
            await migratePg(drizzlePg(client), {
              migrationsFolder: set.postgres,
              migrationsTable: set.table,
            });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    async ping() {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

/**
 * Opens the SQLite database named by a file path, a `file:` URL or `:memory:`, in WAL mode so that
 * readers in other processes never block the writer, creating the parent folder if needed.
 */
function openSqliteDatabase(url: string): Database {
  const file = url.startsWith('file:') ? url.slice('file:'.length).replace(/^\/\/(?=\/)/, '') : url;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzleSqlite(sqlite);
  const queries = db as unknown as Queries;
  const gate = new Mutex();
  const inside = new AsyncLocalStorage<{ transaction: boolean }>();
  const exclusive = <T>(transaction: boolean, work: () => Promise<T>): Promise<T> =>
    gate.runExclusive(() => inside.run({ transaction }, work));
  return {
    dialect: 'sqlite',
    query(work) {
      return inside.getStore() ? work(queries) : exclusive(false, () => work(queries));
    },
    transaction(work) {
      const unit = inside.getStore();
      if (unit?.transaction) return work(queries);
      const run = async () => {
        // IMMEDIATE: take the write lock now, so a unit that reads then writes cannot fail midway
        // because another process wrote in between.
        db.run(sql`begin immediate`);
        try {
          const result = await work(queries);
          db.run(sql`commit`);
          return result;
        } catch (err) {
          db.run(sql`rollback`);
          throw err;
        }
      };
      if (!unit) return exclusive(true, run);
      unit.transaction = true;
      return run().finally(() => {
        unit.transaction = false;
      });
    },
    async migrate(sets) {
      // One process per SQLite file migrates at a time: the file lock of the migrator's transaction.
      for (const set of sets) migrateSqlite(db, { migrationsFolder: set.sqlite, migrationsTable: set.table });
    },
    async ping() {
      sqlite.prepare('select 1').get();
    },
    async close() {
      sqlite.close();
    },
  };
}
