// `npx drizzle-kit generate --config apps/billing/drizzle.postgres.config.ts` writes the PostgreSQL
// migrations of the same schema into apps/billing/drizzle-postgres (committed, applied at start under
// an advisory lock; see @einv/billing db/database.ts).
export default {
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle-postgres',
  migrations: { table: '__billing_migrations' },
};
