import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { BillingDb } from '../store.js';

/** The committed SQL migrations of the billing tables (apps/billing/drizzle), from src or dist alike. */
export const BILLING_MIGRATIONS = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Applies pending billing migrations; its own journal table so other apps' migrations never collide. */
export function migrateBilling(db: BillingDb): void {
  migrate(db, { migrationsFolder: BILLING_MIGRATIONS, migrationsTable: '__billing_migrations' });
}
