// `npx drizzle-kit generate --config apps/generation-api/drizzle.config.ts` writes the SQL migrations
// of the portal tables into apps/generation-api/drizzle (committed, applied at start).
export default {
  dialect: 'sqlite',
  schema: './src/db/schema.sqlite.ts',
  out: './drizzle',
  migrations: { table: '__generation_migrations' },
};
