/**
 * Single-use, expiring tokens for mailed links (verify-email, change-email, reset-password). Only the
 * SHA-256 of the secret is stored; the row is found by id and the hashes compared in constant time;
 * taking a token is a conditional UPDATE, so two concurrent uses cannot both succeed. Issuing a new
 * token of a purpose voids the account's older unused ones of that purpose.
 */
import type { BillingDb } from '@einv/billing';
import { and, eq, isNull } from 'drizzle-orm';
import { newLinkSecret, sameHash, sha256, splitLinkToken } from './auth/tokens.js';
import { accountTokens } from './db/schema.js';

export type LinkPurpose = 'verify-email' | 'change-email' | 'reset-password';

export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  'verify-email': 48 * 3_600_000,
  'change-email': 48 * 3_600_000,
  'reset-password': 3_600_000,
};

export class AccountLinks {
  constructor(
    private readonly db: BillingDb,
    private readonly clock: () => Date,
  ) {}

  issue(accountId: number, purpose: LinkPurpose, email: string): string {
    const now = this.clock();
    const { secret, hash } = newLinkSecret();
    return this.db.transaction((tx) => {
      tx.update(accountTokens)
        .set({ usedAt: now.toISOString() })
        .where(
          and(
            eq(accountTokens.accountId, accountId),
            eq(accountTokens.purpose, purpose),
            isNull(accountTokens.usedAt),
          ),
        )
        .run();
      const row = tx
        .insert(accountTokens)
        .values({
          accountId,
          purpose,
          secretHash: hash,
          email,
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]).toISOString(),
        })
        .returning({ id: accountTokens.id })
        .get();
      return `${row.id}.${secret}`;
    });
  }

  /** Takes a token once: its account, purpose and address, or undefined if unknown, used, expired or forged */
  take(
    token: unknown,
    purposes: readonly LinkPurpose[],
  ): { accountId: number; purpose: LinkPurpose; email: string } | undefined {
    const parts = splitLinkToken(token);
    if (!parts) return undefined;
    const now = this.clock();
    const row = this.db.select().from(accountTokens).where(eq(accountTokens.id, parts.id)).get();
    if (!row || !sameHash(row.secretHash, sha256(parts.secret))) return undefined;
    if (!purposes.includes(row.purpose as LinkPurpose)) return undefined;
    if (row.usedAt || Date.parse(row.expiresAt) <= now.getTime()) return undefined;
    const taken = this.db
      .update(accountTokens)
      .set({ usedAt: now.toISOString() })
      .where(and(eq(accountTokens.id, row.id), isNull(accountTokens.usedAt)))
      .run();
    if (taken.changes !== 1) return undefined;
    return { accountId: row.accountId, purpose: row.purpose as LinkPurpose, email: row.email };
  }

  /** Voids every unused token of an account (deletion) */
  voidAll(accountId: number): void {
    this.db
      .update(accountTokens)
      .set({ usedAt: this.clock().toISOString() })
      .where(and(eq(accountTokens.accountId, accountId), isNull(accountTokens.usedAt)))
      .run();
  }
}
