/**
 * Accounts, sessions, API keys and the monthly quota: the state behind the portal and the bearer
 * check. The plan itself comes from billing entitlements (by email), so a purchase made before the
 * account existed applies on signup, and a downgrade suspends the newest keys beyond the plan's
 * count without deleting anything.
 */
import type { BillingDb, BillingStore, Plan, PlanLimits } from '@einv/billing';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { DUMMY_HASH_PROMISE, hashPassword, verifyPassword } from './auth/passwords.js';
import { newApiKey, newSessionToken, prefixOf, sameHash, sha256 } from './auth/tokens.js';
import { accounts, apiKeys, sessions, usage } from './db/schema.js';

const SESSION_DAYS = 7;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface Account {
  id: number;
  email: string;
  suspended: boolean;
}
export type KeyStatus = 'active' | 'suspended' | 'revoked';
export interface KeyView {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
  status: KeyStatus;
}
export type Failure = { error: string; detail: string; field?: string };

export function monthOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}
/** First instant of the next calendar month (UTC): when a FREE quota resets */
export function nextMonthStart(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString();
}

export class AccountService {
  constructor(
    private readonly db: BillingDb,
    private readonly billing: BillingStore,
    private readonly limits: Record<Plan, PlanLimits>,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async signup(emailRaw: unknown, password: unknown): Promise<Account | Failure> {
    if (typeof emailRaw !== 'string' || !EMAIL.test(emailRaw.trim()) || emailRaw.length > 254) {
      return {
        error: 'invalid',
        field: 'email',
        detail: 'expected an email address such as ada@example.com',
      };
    }
    if (typeof password !== 'string' || password.length < 10 || password.length > 200) {
      return { error: 'invalid', field: 'password', detail: 'expected a password of 10 to 200 characters' };
    }
    const email = emailRaw.trim().toLowerCase();
    const passwordHash = await hashPassword(password);
    const existing = this.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.email, email))
      .get();
    if (existing)
      return { error: 'taken', field: 'email', detail: 'an account already exists for this email' };
    const row = this.db
      .insert(accounts)
      .values({ email, passwordHash, createdAt: this.clock().toISOString() })
      .returning({ id: accounts.id })
      .get();
    return { id: row.id, email, suspended: false };
  }

  async login(emailRaw: unknown, password: unknown): Promise<Account | undefined> {
    if (typeof emailRaw !== 'string' || typeof password !== 'string') return undefined;
    const row = this.db
      .select()
      .from(accounts)
      .where(eq(accounts.email, emailRaw.trim().toLowerCase()))
      .get();
    // Verify against a dummy hash for unknown emails so timing does not reveal which emails exist.
    const ok = await verifyPassword(password, row?.passwordHash ?? (await DUMMY_HASH_PROMISE));
    return row && ok ? { id: row.id, email: row.email, suspended: row.suspended } : undefined;
  }

  createSession(accountId: number): { token: string; maxAgeMs: number } {
    const { token, hash } = newSessionToken();
    const maxAgeMs = SESSION_DAYS * 86_400_000;
    const expiresAt = new Date(this.clock().getTime() + maxAgeMs).toISOString();
    this.db.insert(sessions).values({ tokenHash: hash, accountId, expiresAt }).run();
    return { token, maxAgeMs };
  }

  sessionAccount(token: string | undefined): Account | undefined {
    if (!token || token.length > 100) return undefined;
    const row = this.db
      .select({
        id: accounts.id,
        email: accounts.email,
        suspended: accounts.suspended,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .where(eq(sessions.tokenHash, sha256(token)))
      .get();
    if (!row || Date.parse(row.expiresAt) <= this.clock().getTime()) return undefined;
    return { id: row.id, email: row.email, suspended: row.suspended };
  }

  endSession(token: string | undefined): void {
    if (token)
      this.db
        .delete(sessions)
        .where(eq(sessions.tokenHash, sha256(token)))
        .run();
  }

  planOf(account: Account): Plan {
    return this.billing.planFor(account.email, this.clock());
  }

  me(account: Account) {
    const now = this.clock();
    const plan = this.planOf(account);
    const paidUntil = this.billing.paidUntil(account.email, now);
    return {
      email: account.email,
      plan,
      ...(paidUntil ? { paidUntil } : {}),
      usage: { month: monthOf(now), generated: this.generatedThisMonth(account.id, now) },
      limits: { ...this.limits[plan], quotaResetsAt: nextMonthStart(now) },
    };
  }

  /** Keys oldest first; the first `maxKeys` live ones are active, the rest suspended by the plan */
  listKeys(account: Account): KeyView[] {
    const rows = this.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.accountId, account.id))
      .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id))
      .all();
    const max = this.limits[this.planOf(account)].maxKeys;
    let live = 0;
    return rows.map((r) => {
      const status: KeyStatus = r.revokedAt ? 'revoked' : live++ < max ? 'active' : 'suspended';
      return {
        id: r.id,
        name: r.name,
        prefix: r.prefix,
        createdAt: r.createdAt,
        revokedAt: r.revokedAt,
        status,
      };
    });
  }

  createKey(
    account: Account,
    nameRaw: unknown,
  ): { id: number; key: string; prefix: string; name: string } | Failure {
    const name = typeof nameRaw === 'string' ? nameRaw.trim() : '';
    if (!name || name.length > 100)
      return { error: 'invalid', field: 'name', detail: 'expected a key name of 1 to 100 characters' };
    const plan = this.planOf(account);
    const live = this.listKeys(account).filter((k) => k.status !== 'revoked').length;
    if (live >= this.limits[plan].maxKeys) {
      return {
        error: 'key-limit',
        detail: `the ${plan} plan allows ${this.limits[plan].maxKeys} API key(s); revoke one or upgrade`,
      };
    }
    const { key, prefix, hash } = newApiKey();
    const row = this.db
      .insert(apiKeys)
      .values({ accountId: account.id, name, prefix, hash, createdAt: this.clock().toISOString() })
      .returning({ id: apiKeys.id })
      .get();
    return { id: row.id, key, prefix, name };
  }

  revokeKey(account: Account, id: number): boolean {
    const result = this.db
      .update(apiKeys)
      .set({ revokedAt: this.clock().toISOString() })
      .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, account.id), isNull(apiKeys.revokedAt)))
      .run();
    return result.changes > 0;
  }

  /** The account behind a bearer key, if the key is live, within the plan's count, and the account not suspended */
  authenticateKey(key: string | undefined): Account | undefined {
    const prefix = key ? prefixOf(key) : undefined;
    if (!key || !prefix) return undefined;
    const row = this.db
      .select({
        keyId: apiKeys.id,
        hash: apiKeys.hash,
        revokedAt: apiKeys.revokedAt,
        accountId: accounts.id,
        email: accounts.email,
        suspended: accounts.suspended,
      })
      .from(apiKeys)
      .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
      .where(eq(apiKeys.prefix, prefix))
      .get();
    if (!row || !sameHash(row.hash, sha256(key)) || row.revokedAt || row.suspended) return undefined;
    const account = { id: row.accountId, email: row.email, suspended: row.suspended };
    const view = this.listKeys(account).find((k) => k.id === row.keyId);
    return view?.status === 'active' ? account : undefined;
  }

  generatedThisMonth(accountId: number, now: Date): number {
    const row = this.db
      .select({ generated: usage.generated })
      .from(usage)
      .where(and(eq(usage.accountId, accountId), eq(usage.month, monthOf(now))))
      .get();
    return row?.generated ?? 0;
  }

  /**
   * Takes one generation from the month's quota atomically (a conditional increment, so two concurrent
   * requests cannot both take the last one). Give it back with releaseGeneration() when nothing was generated.
   */
  reserveGeneration(account: Account): { ok: true } | { ok: false; quota: number; resetsAt: string } {
    const now = this.clock();
    const quota = this.limits[this.planOf(account)].monthlyGenerations;
    const month = monthOf(now);
    this.db.insert(usage).values({ accountId: account.id, month, generated: 0 }).onConflictDoNothing().run();
    const limit = quota ?? Number.MAX_SAFE_INTEGER;
    const result = this.db
      .update(usage)
      .set({ generated: sql`${usage.generated} + 1` })
      .where(and(eq(usage.accountId, account.id), eq(usage.month, month), sql`${usage.generated} < ${limit}`))
      .run();
    return result.changes > 0
      ? { ok: true }
      : { ok: false, quota: quota ?? 0, resetsAt: nextMonthStart(now) };
  }

  releaseGeneration(account: Account): void {
    this.db
      .update(usage)
      .set({ generated: sql`max(${usage.generated} - 1, 0)` })
      .where(and(eq(usage.accountId, account.id), eq(usage.month, monthOf(this.clock()))))
      .run();
  }
}

export function isFailure(value: unknown): value is Failure {
  return typeof value === 'object' && value !== null && 'error' in value && 'detail' in value;
}
