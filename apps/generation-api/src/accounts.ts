/**
 * Accounts and sessions: signup with email verification, login, password reset and change, email
 * change, deletion, and the monthly quota. The plan comes from the purchases bound to the account
 * (apps/billing), and only once its email is verified; until then the account is on FREE terms.
 */
import { randomBytes } from 'node:crypto';
import type {
  AccountBilling,
  AccountResolver,
  BillingStore,
  Database,
  Plan,
  PlanLimits,
} from '@einv/billing';
import { PLANS, tablesFor } from '@einv/billing';
import { and, eq, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { AccountLinks } from './account-links.js';
import { passwordProblem } from './auth/password-policy.js';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './auth/passwords.js';
import { newSessionToken, sha256 } from './auth/tokens.js';
import * as schema from './db/schema.js';
import type { Mailer } from './mail/mailer.js';
import { sendInBackground } from './mail/mailer.js';
import type { Lang } from './mail/messages.js';
import { composeMail } from './mail/messages.js';

const SESSION_DAYS = 7;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const LANGS: readonly Lang[] = ['fr', 'en'];

export interface Account {
  id: number;
  /** Opaque id given to the billing provider as checkout custom data */
  publicId: string;
  email: string;
  verified: boolean;
  lang: Lang;
  suspended: boolean;
}
export type Failure = { error: string; detail: string; field?: string };

export function monthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}
/** First instant of the next calendar month (UTC): when a FREE quota resets */
export function nextMonthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

type AccountRow = typeof schema.accounts.$inferSelect;
export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    publicId: row.publicId ?? '',
    email: row.email,
    verified: row.emailVerifiedAt !== null,
    lang: LANGS.includes(row.lang as Lang) ? (row.lang as Lang) : 'fr',
    suspended: row.suspended,
  };
}

const normalEmail = (raw: unknown): string | undefined =>
  typeof raw === 'string' && raw.length <= 254 && EMAIL.test(raw.trim())
    ? raw.trim().toLowerCase()
    : undefined;
const invalidEmail: Failure = {
  error: 'invalid',
  field: 'email',
  detail: 'expected an email address such as ada@example.com',
};
const invalidLink: Failure = {
  error: 'invalid-link',
  field: 'token',
  detail: 'this link is invalid, was already used, or has expired; ask for a new one',
};
const wrongPassword: Failure = {
  error: 'wrong-password',
  field: 'password',
  detail: 'the password is wrong',
};

export interface AccountServiceOptions {
  database: Database;
  billing: BillingStore;
  limits: Record<Plan, PlanLimits>;
  mailer: Mailer;
  logger: Logger;
  /** The service's public base address, for links in mails */
  publicUrl: string;
  /** Provider checkout URLs of the paid plans (BILLING_CHECKOUT_URL_SITE / _MULTI) */
  checkoutUrls?: Partial<Record<Plan, string>>;
  clock?: () => Date;
}

export class AccountService {
  private readonly database: Database;
  private readonly t: typeof schema;
  private readonly billing: BillingStore;
  readonly limits: Record<Plan, PlanLimits>;
  private readonly links: AccountLinks;
  readonly clock: () => Date;

  constructor(private readonly options: AccountServiceOptions) {
    this.database = options.database;
    this.t = tablesFor(schema, options.database.dialect);
    this.billing = options.billing;
    this.limits = options.limits;
    this.clock = options.clock ?? (() => new Date());
    this.links = new AccountLinks(this.database, this.clock);
  }

  async signup(emailRaw: unknown, password: unknown, langRaw?: unknown): Promise<Account | Failure> {
    const email = normalEmail(emailRaw);
    if (!email) return invalidEmail;
    const problem = passwordProblem(password);
    if (problem) return { error: 'invalid', field: 'password', detail: problem };
    const lang = LANGS.includes(langRaw as Lang) ? (langRaw as Lang) : 'fr';
    const passwordHash = await hashPassword(password as string);
    const taken: Failure = {
      error: 'taken',
      field: 'email',
      detail: 'an account already exists for this email; if it is yours, reset its password',
    };
    if (await this.rowByEmail(email)) return taken;
    // The unique email decides between two signups racing on two instances: the second inserts nothing.
    const [row] = await this.database.query((q) =>
      q
        .insert(this.t.accounts)
        .values({
          email,
          passwordHash,
          publicId: `acc_${randomBytes(16).toString('hex')}`,
          lang,
          createdAt: this.clock().toISOString(),
        })
        .onConflictDoNothing()
        .returning(),
    );
    if (!row) return taken;
    const account = toAccount(row);
    await this.mailLink(account, 'verify-email', email);
    return account;
  }

  /** The account for an email and password; an unknown email costs the same scrypt as a known one */
  async login(emailRaw: unknown, password: unknown): Promise<Account | undefined> {
    if (typeof password !== 'string' || password.length > 1000) return undefined;
    const email = normalEmail(emailRaw);
    const row = email ? await this.rowByEmail(email) : undefined;
    const ok = await verifyPassword(password, row?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    return row && ok ? toAccount(row) : undefined;
  }

  async resendVerification(account: Account): Promise<void> {
    if (!account.verified) await this.mailLink(account, 'verify-email', account.email);
  }

  /**
   * Follows a verify-email or change-email link: marks the address verified (moving to it for a
   * change) and binds the purchases waiting for it.
   */
  async followVerifyLink(token: unknown): Promise<{ email: string } | Failure> {
    const link = await this.links.take(token, ['verify-email', 'change-email']);
    const row = link && (await this.rowById(link.accountId));
    if (!link || !row) return invalidLink;
    const now = this.clock().toISOString();
    const { accounts } = this.t;
    if (link.purpose === 'verify-email') {
      if (row.email !== link.email) return invalidLink; // the address changed since the mail
      await this.database.query((q) =>
        q
          .update(accounts)
          .set({ emailVerifiedAt: row.emailVerifiedAt ?? now })
          .where(eq(accounts.id, row.id)),
      );
    } else {
      const other = await this.rowByEmail(link.email);
      if (other && other.id !== row.id)
        return { error: 'taken', field: 'email', detail: 'another account now uses this email' };
      await this.database.query((q) =>
        q
          .update(accounts)
          .set({ email: link.email, pendingEmail: null, emailVerifiedAt: now })
          .where(eq(accounts.id, row.id)),
      );
    }
    await this.bindPending(row.id, link.email);
    return { email: link.email };
  }

  /** Mails a reset link when the email has an account; answers the same either way */
  async requestPasswordReset(emailRaw: unknown): Promise<void> {
    const email = normalEmail(emailRaw);
    const row = email ? await this.rowByEmail(email) : undefined;
    if (row) await this.mailLink(toAccount(row), 'reset-password', row.email);
  }

  /**
   * Sets a new password from a reset link and ends every session. The link proves the mailbox, so it
   * also verifies the email; if the account had never been verified, its keys are revoked, since
   * whoever made them had not proved the address (the hijack case of issue 13).
   */
  async resetPassword(token: unknown, password: unknown): Promise<{ email: string } | Failure> {
    const problem = passwordProblem(password);
    if (problem) return { error: 'invalid', field: 'password', detail: problem };
    const passwordHash = await hashPassword(password as string);
    const link = await this.links.take(token, ['reset-password']);
    const row = link && (await this.rowById(link.accountId));
    if (!link || !row || row.email !== link.email) return invalidLink;
    const now = this.clock().toISOString();
    const { accounts, apiKeys, sessions } = this.t;
    await this.database.transaction(async (tx) => {
      await tx
        .update(accounts)
        .set({ passwordHash, emailVerifiedAt: row.emailVerifiedAt ?? now })
        .where(eq(accounts.id, row.id));
      if (!row.emailVerifiedAt)
        await tx
          .update(apiKeys)
          .set({ revokedAt: now })
          .where(and(eq(apiKeys.accountId, row.id), isNull(apiKeys.revokedAt)));
      await tx.delete(sessions).where(eq(sessions.accountId, row.id));
    });
    await this.bindPending(row.id, row.email);
    return { email: row.email };
  }

  /** Changes the password (current one required) and ends every other session */
  async changePassword(
    account: Account,
    currentSession: string | undefined,
    current: unknown,
    next: unknown,
  ): Promise<true | Failure> {
    if (!(await this.passwordMatches(account, current))) return wrongPassword;
    const problem = passwordProblem(next);
    if (problem) return { error: 'invalid', field: 'newPassword', detail: problem };
    const passwordHash = await hashPassword(next as string);
    const keep = currentSession ? sha256(currentSession) : '';
    const { accounts, sessions } = this.t;
    await this.database.transaction(async (tx) => {
      await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, account.id));
      await tx.delete(sessions).where(and(eq(sessions.accountId, account.id), ne(sessions.tokenHash, keep)));
    });
    return true;
  }

  /** Mails a link to the new address; the email changes (verified) only when it is followed */
  async requestEmailChange(
    account: Account,
    newEmailRaw: unknown,
    password: unknown,
  ): Promise<true | Failure> {
    if (!(await this.passwordMatches(account, password))) return wrongPassword;
    const email = normalEmail(newEmailRaw);
    if (!email) return invalidEmail;
    if (email === account.email)
      return { error: 'invalid', field: 'email', detail: 'this is already the email of the account' };
    if (await this.rowByEmail(email))
      return { error: 'taken', field: 'email', detail: 'another account uses this email' };
    const { accounts } = this.t;
    await this.database.query((q) =>
      q.update(accounts).set({ pendingEmail: email }).where(eq(accounts.id, account.id)),
    );
    await this.mailLink(account, 'change-email', email);
    return true;
  }

  /**
   * Deletes an account, confirmed by its password: keys revoked, sessions and links ended, the email
   * freed (replaced by a placeholder). Billing records stay, bound to the deleted account's id.
   */
  async deleteAccount(account: Account, password: unknown): Promise<true | Failure> {
    if (!(await this.passwordMatches(account, password))) return wrongPassword;
    const now = this.clock().toISOString();
    const { accounts, apiKeys, sessions } = this.t;
    await this.database.transaction(async (tx) => {
      await this.links.voidAll(account.id);
      await tx
        .update(apiKeys)
        .set({ revokedAt: now })
        .where(and(eq(apiKeys.accountId, account.id), isNull(apiKeys.revokedAt)));
      await tx.delete(sessions).where(eq(sessions.accountId, account.id));
      await tx
        .update(accounts)
        .set({
          email: `deleted-${account.id}@deleted.invalid`,
          passwordHash: 'deleted',
          pendingEmail: null,
          deletedAt: now,
        })
        .where(eq(accounts.id, account.id));
    });
    return true;
  }

  async createSession(accountId: number): Promise<{ token: string; maxAgeMs: number }> {
    const { token, hash } = newSessionToken();
    const maxAgeMs = SESSION_DAYS * 86_400_000;
    const expiresAt = new Date(this.clock().getTime() + maxAgeMs).toISOString();
    await this.database.query((q) =>
      q.insert(this.t.sessions).values({ tokenHash: hash, accountId, expiresAt }),
    );
    return { token, maxAgeMs };
  }

  async sessionAccount(token: string | undefined): Promise<Account | undefined> {
    if (!token || token.length > 100) return undefined;
    const { accounts, sessions } = this.t;
    const [row] = await this.database.query((q) =>
      q
        .select({ account: accounts, expiresAt: sessions.expiresAt })
        .from(sessions)
        .innerJoin(accounts, eq(accounts.id, sessions.accountId))
        .where(and(eq(sessions.tokenHash, sha256(token)), isNull(accounts.deletedAt))),
    );
    if (!row || Date.parse(row.expiresAt) <= this.clock().getTime()) return undefined;
    return toAccount(row.account);
  }

  async endSession(token: string | undefined): Promise<void> {
    const { sessions } = this.t;
    if (token)
      await this.database.query((q) => q.delete(sessions).where(eq(sessions.tokenHash, sha256(token))));
  }

  /** Billing as it applies: an unverified account is on FREE terms whatever it bought */
  async billingOf(account: Account): Promise<AccountBilling> {
    if (!account.verified) return { plan: 'FREE', pastDue: false, processing: false };
    return this.billing.accountBilling(account.id, this.clock());
  }

  async planOf(account: Account): Promise<Plan> {
    return (await this.billingOf(account)).plan;
  }

  /** The provider checkout URL of a paid plan with the account's public id as custom data */
  checkoutUrl(account: Account, plan: Plan): string | undefined {
    const base = this.options.checkoutUrls?.[plan];
    if (!base || !account.verified) return undefined;
    const url = new URL(base);
    url.searchParams.set('checkout[custom][account_id]', account.publicId);
    url.searchParams.set('checkout[email]', account.email);
    return url.toString();
  }

  async me(account: Account) {
    const now = this.clock();
    const billing = await this.billingOf(account);
    const pendingEmail = (await this.rowById(account.id))?.pendingEmail;
    const upgrade = Object.fromEntries(
      (['SITE', 'MULTI'] as const).flatMap((p) => {
        const url = this.checkoutUrl(account, p);
        return url ? [[p, url]] : [];
      }),
    );
    return {
      email: account.email,
      emailVerified: account.verified,
      ...(pendingEmail ? { pendingEmail } : {}),
      lang: account.lang,
      plan: billing.plan,
      ...(billing.paidUntil ? { paidUntil: billing.paidUntil } : {}),
      billing: {
        pastDue: billing.pastDue,
        processing: billing.processing,
        ...(billing.manageUrl ? { manageUrl: billing.manageUrl } : {}),
        upgrade,
      },
      usage: { month: monthOf(now), generated: await this.generatedThisMonth(account.id, now) },
      limits: { ...this.limits[billing.plan], quotaResetsAt: nextMonthStart(now) },
      plans: this.plans(),
    };
  }

  /** The plans and their limits from configuration, for the pricing table */
  plans() {
    return PLANS.map((plan) => ({ plan, ...this.limits[plan] }));
  }

  async generatedThisMonth(accountId: number, now: Date): Promise<number> {
    const { usage } = this.t;
    const [row] = await this.database.query((q) =>
      q
        .select({ generated: usage.generated })
        .from(usage)
        .where(and(eq(usage.accountId, accountId), eq(usage.month, monthOf(now)))),
    );
    return row?.generated ?? 0;
  }

  /**
   * Takes one generation from the month's quota atomically (a conditional increment, so two concurrent
   * requests cannot both take the last one). Give it back with releaseGeneration() when nothing was generated.
   */
  async reserveGeneration(
    account: Account,
  ): Promise<{ ok: true } | { ok: false; quota: number; resetsAt: string }> {
    const now = this.clock();
    const quota = this.limits[await this.planOf(account)].monthlyGenerations;
    const month = monthOf(now);
    const limit = quota ?? Number.MAX_SAFE_INTEGER;
    const { usage } = this.t;
    const taken = await this.database.query(async (q) => {
      await q.insert(usage).values({ accountId: account.id, month, generated: 0 }).onConflictDoNothing();
      return q
        .update(usage)
        .set({ generated: sql`${usage.generated} + 1` })
        .where(
          and(eq(usage.accountId, account.id), eq(usage.month, month), sql`${usage.generated} < ${limit}`),
        )
        .returning({ generated: usage.generated });
    });
    return taken.length > 0 ? { ok: true } : { ok: false, quota: quota ?? 0, resetsAt: nextMonthStart(now) };
  }

  async releaseGeneration(account: Account): Promise<void> {
    const { usage } = this.t;
    await this.database.query((q) =>
      q
        .update(usage)
        .set({ generated: sql`${usage.generated} - 1` })
        .where(
          and(
            eq(usage.accountId, account.id),
            eq(usage.month, monthOf(this.clock())),
            sql`${usage.generated} > 0`,
          ),
        ),
    );
  }

  private async bindPending(accountId: number, email: string): Promise<void> {
    const bound = await this.billing.bindPendingPurchases(accountId, email);
    if (bound > 0) this.options.logger.info({ accountId, bound }, 'pending purchases bound on verification');
  }

  private async mailLink(
    account: Account,
    purpose: 'verify-email' | 'change-email' | 'reset-password',
    to: string,
  ) {
    const token = await this.links.issue(account.id, purpose, to);
    const message = composeMail(purpose, account.lang, this.options.publicUrl, token);
    sendInBackground(this.options.mailer, this.options.logger, to, message);
  }

  private async passwordMatches(account: Account, password: unknown): Promise<boolean> {
    const row = await this.rowById(account.id);
    if (!row || typeof password !== 'string' || password.length > 1000) return false;
    return verifyPassword(password, row.passwordHash);
  }

  private async rowByEmail(email: string): Promise<AccountRow | undefined> {
    const { accounts } = this.t;
    const [row] = await this.database.query((q) =>
      q
        .select()
        .from(accounts)
        .where(and(eq(accounts.email, email), isNull(accounts.deletedAt))),
    );
    return row;
  }

  private async rowById(id: number): Promise<AccountRow | undefined> {
    const { accounts } = this.t;
    const [row] = await this.database.query((q) =>
      q
        .select()
        .from(accounts)
        .where(and(eq(accounts.id, id), isNull(accounts.deletedAt))),
    );
    return row;
  }
}

/**
 * How billing events find accounts (decision 0096): by public id, or by a verified email. Called
 * inside the event's transaction, whose connection the queries join.
 */
export function accountResolver(database: Database): AccountResolver {
  const { accounts } = tablesFor(schema, database.dialect);
  const first = async (where: SQL | undefined) => {
    const [row] = await database.query((q) => q.select({ id: accounts.id }).from(accounts).where(where));
    return row?.id;
  };
  return {
    byPublicId: (publicId) => first(and(eq(accounts.publicId, publicId), isNull(accounts.deletedAt))),
    verifiedByEmail: (email) =>
      first(and(eq(accounts.email, email), isNotNull(accounts.emailVerifiedAt), isNull(accounts.deletedAt))),
  };
}

export function isFailure(value: unknown): value is Failure {
  return typeof value === 'object' && value !== null && 'error' in value && 'detail' in value;
}
