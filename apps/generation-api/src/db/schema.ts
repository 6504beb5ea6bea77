import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** A portal account. The plan is not stored here: billing entitlements (by email) decide it. */
export const accounts = sqliteTable('accounts', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  email: text('email').notNull().unique(),
  /** scrypt$N$r$p$salt$hash (see auth/passwords.ts) */
  passwordHash: text('password_hash').notNull(),
  createdAt: text('created_at').notNull(),
  /** An operator can suspend an account: all its keys then answer 401 */
  suspended: integer('suspended', { mode: 'boolean' }).notNull().default(false),
});

/**
 * API keys, stored only as a SHA-256 hash (keys are 256-bit random, so a slow hash adds nothing).
 * `prefix` is the public start of the key shown in the portal and used to find the row before the
 * constant-time comparison of hashes. Keys beyond the plan's count are suspended at read time
 * (oldest kept), never deleted: an upgrade restores them.
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull().unique(),
    hash: text('hash').notNull(),
    createdAt: text('created_at').notNull(),
    revokedAt: text('revoked_at'),
  },
  (t) => [index('api_keys_account').on(t.accountId)],
);

/** Portal sessions: the cookie holds a random token, the table its hash. */
export const sessions = sqliteTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  expiresAt: text('expires_at').notNull(),
});

/** Generated invoices per account and calendar month (UTC), for the FREE quota. */
export const usage = sqliteTable(
  'usage',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    month: text('month').notNull(),
    generated: integer('generated').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] })],
);
