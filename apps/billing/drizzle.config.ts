// drizzle-kit configuration: `npx drizzle-kit generate --config apps/billing/drizzle.config.ts`
// writes SQL migrations for the billing tables into apps/billing/drizzle (committed, applied at start).
export default {
  dialect: 'sqlite',
  schema: './src/db/schema.sqlite.ts',
  out: './drizzle',
  migrations: { table: '__billing_migrations' },
};
