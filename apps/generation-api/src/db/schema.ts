import { boolean, index, integer, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core';

/**
 * A portal account. The plan is not stored here: the purchases bound to the account decide it
 * (apps/billing), and only once its email is verified.
 */
export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  /**
   * Opaque id given to the billing provider as checkout custom data, so a purchase finds its account
   * without trusting the email. Nullable only because SQLite cannot add a NOT NULL column (and both dialects share this schema); every row
   * gets one (migration 0002 fills old rows, signup sets it).
   */
  publicId: text('public_id').unique(),
  email: text('email').notNull().unique(),
  /** Set when a link mailed to `email` was followed; until then the account is on FREE terms */
  emailVerifiedAt: text('email_verified_at'),
  /** An address the user asked to move to, verified by a link sent there before it replaces `email` */
  pendingEmail: text('pending_email'),
  /** Language of the mails: fr | en */
  lang: text('lang').notNull().default('fr'),
  /** Set on deletion: the email is freed (replaced), keys revoked, billing records kept */
  deletedAt: text('deleted_at'),
  /** scrypt$N$r$p$salt$hash (see auth/passwords.ts) */
  passwordHash: text('password_hash').notNull(),
  createdAt: text('created_at').notNull(),
  /** An operator can suspend an account: all its keys then answer 401 */
  suspended: boolean('suspended').notNull().default(false),
});

/**
 * API keys, stored only as a SHA-256 hash (keys are 256-bit random, so a slow hash adds nothing).
 * `prefix` is the public start of the key shown in the portal and used to find the row before the
 * constant-time comparison of hashes. Keys beyond the plan's count are suspended at read time
 * (oldest kept), never deleted: an upgrade restores them.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    prefix: text('prefix').notNull().unique(),
    hash: text('hash').notNull(),
    createdAt: text('created_at').notNull(),
    revokedAt: text('revoked_at'),
    /** Last successful authentication (written at most once a minute) */
    lastUsedAt: text('last_used_at'),
    /**
     * Set when the key was suspended, by a downgrade beyond the plan's key count or by the user. Stored,
     * not derived, so nothing revives by itself: only the user reactivates a key (decision 0096).
     */
    suspendedAt: text('suspended_at'),
    /** plan-limit | user */
    suspendedReason: text('suspended_reason'),
  },
  (t) => [index('api_keys_account').on(t.accountId)],
);

/** Portal sessions: the cookie holds a random token, the table its hash. */
export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  expiresAt: text('expires_at').notNull(),
});

/** Generated invoices per account and calendar month (UTC), for the FREE quota. */
export const usage = pgTable(
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

/**
 * Single-use mailed links: email verification, password reset, email change. The link carries
 * `<id>.<secret>`; only the SHA-256 of the secret is stored, found by id and compared in constant time.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** verify-email | reset-password | change-email */
    purpose: text('purpose').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The address the link was sent to (the new one for change-email) */
    email: text('email').notNull(),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
  },
  (t) => [index('account_tokens_account').on(t.accountId)],
);
