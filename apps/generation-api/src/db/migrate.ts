import { fileURLToPath } from 'node:url';
import type { MigrationSet } from '@einv/billing';

const folder = (name: string) => fileURLToPath(new URL(`../../${name}`, import.meta.url));

/**
 * The generation service's own migrations (accounts, keys, sessions, usage), one folder per dialect
 * (drizzle-kit), from src or dist alike.
 */
export const GENERATION_MIGRATIONS: MigrationSet = {
  sqlite: folder('drizzle'),
  postgres: folder('drizzle-postgres'),
  table: '__generation_migrations',
};
