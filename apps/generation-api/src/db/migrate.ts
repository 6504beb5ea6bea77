import { fileURLToPath } from 'node:url';
import type { BillingDb } from '@einv/billing';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';

const MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Applies the generation service's own migrations (accounts, keys, sessions, usage). */
export function migrateGeneration(db: BillingDb): void {
  migrate(db, { migrationsFolder: MIGRATIONS, migrationsTable: '__generation_migrations' });
}
