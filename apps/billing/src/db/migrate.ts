import { fileURLToPath } from 'node:url';
import type { MigrationSet } from './database.js';

const folder = (name: string) => fileURLToPath(new URL(`../../${name}`, import.meta.url));

/**
 * The committed migrations of the billing tables (drizzle-kit, one folder per dialect), from src or
 * dist alike; their own journal table so other apps' migrations never collide.
 */
export const BILLING_MIGRATIONS: MigrationSet = {
  sqlite: folder('drizzle'),
  postgres: folder('drizzle-postgres'),
  table: '__billing_migrations',
};
