/**
 * API keys: created, listed (name, prefix, created, last used, status and why), revoked, suspended and
 * reactivated by the user, and checked on every /api/v1 request. Suspension is stored, not derived:
 * when the plan allows fewer active keys than the account has, the newest are suspended once (reason
 * plan-limit) and stay so until the user reactivates one, so revoking the active key revives nothing
 * (decision 0096).
 */
import type { Database, Plan, PlanLimits, Queries } from '@einv/billing';
import { lockForUpdate, tablesFor } from '@einv/billing';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Account, Failure } from './accounts.js';
import { toAccount } from './accounts.js';
import { newApiKey, prefixOf, sameHash, sha256 } from './auth/tokens.js';
import * as schema from './db/schema.js';

export type KeyStatus = 'active' | 'suspended' | 'revoked';
export interface KeyView {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  status: KeyStatus;
  /** Why a suspended key is suspended, in words */
  suspendedBecause?: string;
}
export type KeyCheck =
  | { ok: true; account: Account; keyId: number; prefix: string }
  | { ok: false; reason: 'invalid'; accountId?: number }
  | { ok: false; reason: 'suspended' | 'account-suspended'; detail: string; accountId: number };

/** Live (not revoked) keys an account may hold in all, whatever its plan: bounds storage */
export const MAX_LIVE_KEYS = 100;
const LAST_USED_RESOLUTION_MS = 60_000;

export class KeyService {
  private readonly t: typeof schema;

  constructor(
    private readonly database: Database,
    private readonly limits: Record<Plan, PlanLimits>,
    private readonly planOf: (account: Account) => Promise<Plan>,
    private readonly clock: () => Date,
  ) {
    this.t = tablesFor(schema, database.dialect);
  }

  /** Keys oldest first, after applying the plan's active-key count */
  async list(account: Account): Promise<KeyView[]> {
    const plan = await this.planOf(account);
    const max = this.limits[plan].maxKeys;
    // No lock: what enforceLimit writes is idempotent (the same newest keys, conditionally), and this
    // runs on every authentication.
    const rows = await this.database.query((q) => this.enforceLimit(q, account.id, max));
    const active = rows.filter((r) => !r.revokedAt && !r.suspendedAt).length;
    return rows.map((r) => {
      const status: KeyStatus = r.revokedAt ? 'revoked' : r.suspendedAt ? 'suspended' : 'active';
      return {
        id: r.id,
        name: r.name,
        prefix: r.prefix,
        createdAt: r.createdAt,
        lastUsedAt: r.lastUsedAt,
        revokedAt: r.revokedAt,
        status,
        ...(status === 'suspended' ? { suspendedBecause: why(r.suspendedReason, plan, max, active) } : {}),
      };
    });
  }

  async create(
    account: Account,
    nameRaw: unknown,
  ): Promise<{ id: number; key: string; prefix: string; name: string } | Failure> {
    const name = typeof nameRaw === 'string' ? nameRaw.trim() : '';
    if (!name || name.length > 100)
      return { error: 'invalid', field: 'name', detail: 'expected a key name of 1 to 100 characters' };
    const plan = await this.planOf(account);
    const max = this.limits[plan].maxKeys;
    const { apiKeys } = this.t;
    // The account row stays locked until the key is in: two instances cannot both add the last key.
    return this.database.transaction(async (tx) => {
      await this.lockAccount(tx, account.id);
      const live = (await this.enforceLimit(tx, account.id, max)).filter((k) => !k.revokedAt);
      if (live.filter((k) => !k.suspendedAt).length >= max)
        return {
          error: 'key-limit',
          detail: `the ${plan} plan allows ${max} active API key(s); revoke or suspend one, or upgrade`,
        };
      if (live.length >= MAX_LIVE_KEYS)
        return { error: 'key-limit', detail: `an account holds at most ${MAX_LIVE_KEYS} keys; revoke some` };
      const { key, prefix, hash } = newApiKey();
      const [row] = await tx
        .insert(apiKeys)
        .values({ accountId: account.id, name, prefix, hash, createdAt: this.clock().toISOString() })
        .returning({ id: apiKeys.id });
      return { id: row!.id, key, prefix, name };
    });
  }

  async revoke(account: Account, id: number): Promise<boolean> {
    const { apiKeys } = this.t;
    const revoked = await this.database.query((q) =>
      q
        .update(apiKeys)
        .set({ revokedAt: this.clock().toISOString() })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, account.id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id }),
    );
    return revoked.length > 0;
  }

  async suspend(account: Account, id: number): Promise<boolean> {
    const { apiKeys } = this.t;
    const suspended = await this.database.query((q) =>
      q
        .update(apiKeys)
        .set({ suspendedAt: this.clock().toISOString(), suspendedReason: 'user' })
        .where(
          and(
            eq(apiKeys.id, id),
            eq(apiKeys.accountId, account.id),
            isNull(apiKeys.revokedAt),
            isNull(apiKeys.suspendedAt),
          ),
        )
        .returning({ id: apiKeys.id }),
    );
    return suspended.length > 0;
  }

  /**
   * Reactivates a suspended key. At the plan's limit, `replacing` names the active key to suspend in
   * its place (one transaction); without it the answer says to choose.
   */
  async activate(account: Account, id: number, replacing?: number): Promise<true | Failure> {
    const plan = await this.planOf(account);
    const max = this.limits[plan].maxKeys;
    const { apiKeys } = this.t;
    return this.database.transaction(async (tx): Promise<true | Failure> => {
      await this.lockAccount(tx, account.id);
      const rows = await tx.select().from(apiKeys).where(eq(apiKeys.accountId, account.id));
      const target = rows.find((r) => r.id === id && !r.revokedAt);
      if (!target)
        return { error: 'key-not-found', field: 'id', detail: `no live key ${id} on this account` };
      if (!target.suspendedAt) return true;
      const active = rows.filter((r) => !r.revokedAt && !r.suspendedAt);
      if (active.length >= max) {
        const replaced = active.find((r) => r.id === replacing);
        if (!replaced)
          return {
            error: 'key-limit',
            field: 'replacing',
            detail: `the ${plan} plan allows ${max} active API key(s); choose which active key this one replaces`,
          };
        await tx
          .update(apiKeys)
          .set({ suspendedAt: this.clock().toISOString(), suspendedReason: 'user' })
          .where(eq(apiKeys.id, replaced.id));
      }
      await tx.update(apiKeys).set({ suspendedAt: null, suspendedReason: null }).where(eq(apiKeys.id, id));
      return true;
    });
  }

  /** Checks a presented bearer key: the account if the key is active, else why not */
  async authenticate(key: string | undefined): Promise<KeyCheck> {
    const prefix = key ? prefixOf(key) : undefined;
    if (!key || !prefix) return { ok: false, reason: 'invalid' };
    const { accounts, apiKeys } = this.t;
    const [row] = await this.database.query((q) =>
      q
        .select({ key: apiKeys, account: accounts })
        .from(apiKeys)
        .innerJoin(accounts, eq(accounts.id, apiKeys.accountId))
        .where(eq(apiKeys.prefix, prefix)),
    );
    if (!row) return { ok: false, reason: 'invalid' };
    if (!sameHash(row.key.hash, sha256(key)) || row.key.revokedAt || row.account.deletedAt)
      return { ok: false, reason: 'invalid', accountId: row.account.id };
    const account = toAccount(row.account);
    if (account.suspended)
      return {
        ok: false,
        reason: 'account-suspended',
        accountId: account.id,
        detail: 'This account is suspended by the operator; every key of it is refused.',
      };
    const view = (await this.list(account)).find((k) => k.id === row.key.id);
    if (view?.status !== 'active')
      return {
        ok: false,
        reason: 'suspended',
        accountId: account.id,
        detail: `This API key is suspended: ${view?.suspendedBecause ?? 'suspended'}.`,
      };
    await this.touch(row.key.id, row.key.lastUsedAt);
    return { ok: true, account, keyId: row.key.id, prefix };
  }

  /**
   * Holds the account's row until the transaction ends (PostgreSQL): changes to one account's keys on
   * two instances run one after the other. On SQLite the transaction's write lock does the same.
   */
  private async lockAccount(tx: Queries, accountId: number): Promise<void> {
    const { accounts } = this.t;
    await lockForUpdate(
      this.database,
      tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)),
    );
  }

  /** Suspends the newest active keys beyond `max` (reason plan-limit); returns every key, oldest first */
  private async enforceLimit(tx: Queries, accountId: number, max: number) {
    const { apiKeys } = this.t;
    const rows = await tx
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.accountId, accountId))
      .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
    const active = rows.filter((r) => !r.revokedAt && !r.suspendedAt);
    if (active.length <= max) return rows;
    const now = this.clock().toISOString();
    for (const r of active.slice(max)) {
      await tx
        .update(apiKeys)
        .set({ suspendedAt: now, suspendedReason: 'plan-limit' })
        .where(and(eq(apiKeys.id, r.id), isNull(apiKeys.suspendedAt)));
      r.suspendedAt = now;
      r.suspendedReason = 'plan-limit';
    }
    return rows;
  }

  private async touch(id: number, lastUsedAt: string | null): Promise<void> {
    const now = this.clock();
    if (lastUsedAt && now.getTime() - Date.parse(lastUsedAt) < LAST_USED_RESOLUTION_MS) return;
    const { apiKeys } = this.t;
    await this.database.query((q) =>
      q.update(apiKeys).set({ lastUsedAt: now.toISOString() }).where(eq(apiKeys.id, id)),
    );
  }
}

function why(reason: string | null, plan: Plan, max: number, active: number): string {
  if (reason === 'user') return 'you suspended it; reactivate it in the portal';
  if (active < max) return 'it was suspended when your plan allowed fewer keys; reactivate it in the portal';
  return `your ${plan} plan allows ${max} active key${max === 1 ? '' : 's'}; choose which one stays active in the portal`;
}
