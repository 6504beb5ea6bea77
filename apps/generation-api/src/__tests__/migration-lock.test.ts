/**
 * The migration lock (issue 14, decision 0103): instances started together on an empty PostgreSQL
 * database each run the migrations at start. Without the advisory lock they race (CREATE SCHEMA /
 * CREATE TABLE of the journal and of the migrations themselves collide, and starts fail with
 * "already exists" or duplicate-key errors); with it, one migrates and the others find nothing to do.
 * Eight instances (each its own connection pool, as eight processes have) migrate at once, in several
 * rounds so the race has many chances. PostgreSQL configuration only: SQLite migrates under the
 * file lock of one transaction.
 */
import fs from 'node:fs';
import path from 'node:path';
import { BILLING_MIGRATIONS, openDatabase } from '@einv/billing';
import { describe, expect, it } from '@jest/globals';
import { emptyPostgresDatabase, TEST_CONFIGURATION } from '../../../../tests/support/test-database.js';
import { GENERATION_MIGRATIONS } from '../db/migrate.js';

const INSTANCES = 8;
const ROUNDS = 3;
const SETS = [BILLING_MIGRATIONS, GENERATION_MIGRATIONS];

/** How many migrations drizzle-kit committed in a folder (its journal) */
const committedMigrations = (folder: string): number =>
  (JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;

/** A failed start in one line: drizzle's "Failed query: <first line>" and PostgreSQL's own message */
const why = (err: unknown): string =>
  err instanceof Error
    ? `${err.message.split('\n')[0]}${err.cause instanceof Error ? ` (${err.cause.message})` : ''}`
    : String(err);

const itOnPostgres = TEST_CONFIGURATION === 'postgres' ? it : it.skip;

describe(`the migrations at start (${TEST_CONFIGURATION})`, () => {
  itOnPostgres(
    `${INSTANCES} instances starting together on an empty database: every start succeeds, each migration is applied once`,
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const url = await emptyPostgresDatabase();
        const instances = Array.from({ length: INSTANCES }, () => openDatabase(url, { poolSize: 2 }));
        try {
          const starts = await Promise.allSettled(instances.map((db) => db.migrate(SETS)));
          const failures = starts.flatMap((s) => (s.status === 'rejected' ? [why(s.reason)] : []));
          expect(failures).toEqual([]);
          // each set's journal holds every migration exactly once
          const [first] = instances;
          for (const set of SETS) {
            const journal = await first!.query((q) =>
              q.execute<{ hash: string }>(`select hash from drizzle.${set.table}`),
            );
            const hashes = journal.rows.map((r) => r.hash);
            expect(new Set(hashes).size).toBe(hashes.length);
            expect(hashes).toHaveLength(committedMigrations(set.postgres));
          }
          // a later start (a restart) has nothing left to do and succeeds
          await expect(first!.migrate(SETS)).resolves.toBeUndefined();
        } finally {
          await Promise.all(instances.map((db) => db.close()));
        }
      }
    },
  );
});
