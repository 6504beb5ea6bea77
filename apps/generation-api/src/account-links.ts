/**
 * Single-use, expiring tokens for mailed links (verify-email, change-email, reset-password). Only the
 * SHA-256 of the secret is stored; the row is found by id and the hashes compared in constant time;
 * taking a token is a conditional UPDATE, so two concurrent uses cannot both succeed. Issuing a new
 * token of a purpose voids the account's older unused ones of that purpose.
 */
import type { Database } from '@einv/billing';
import { tablesFor } from '@einv/billing';
import { and, eq, isNull } from 'drizzle-orm';
import { newLinkSecret, sameHash, sha256, splitLinkToken } from './auth/tokens.js';
import * as schema from './db/schema.js';

export type LinkPurpose = 'verify-email' | 'change-email' | 'reset-password';

export const LINK_LIFETIME_MS: Record<LinkPurpose, number> = {
  'verify-email': 48 * 3_600_000,
  'change-email': 48 * 3_600_000,
  'reset-password': 3_600_000,
};

export class AccountLinks {
  private readonly accountTokens: typeof schema.accountTokens;

  constructor(
    private readonly database: Database,
    private readonly clock: () => Date,
  ) {
    this.accountTokens = tablesFor(schema, database.dialect).accountTokens;
  }

  issue(accountId: number, purpose: LinkPurpose, email: string): Promise<string> {
    const now = this.clock();
    const { secret, hash } = newLinkSecret();
    const { accountTokens } = this;
    return this.database.transaction(async (tx) => {
      await tx
        .update(accountTokens)
        .set({ usedAt: now.toISOString() })
        .where(
          and(
            eq(accountTokens.accountId, accountId),
            eq(accountTokens.purpose, purpose),
            isNull(accountTokens.usedAt),
          ),
        );
      const [row] = await tx
        .insert(accountTokens)
        .values({
          accountId,
          purpose,
          secretHash: hash,
          email,
          createdAt: now.toISOString(),
          expiresAt: new Date(now.getTime() + LINK_LIFETIME_MS[purpose]).toISOString(),
        })
        .returning({ id: accountTokens.id });
      return `${row!.id}.${secret}`;
    });
  }

  /** Takes a token once: its account, purpose and address, or undefined if unknown, used, expired or forged */
  async take(
    token: unknown,
    purposes: readonly LinkPurpose[],
  ): Promise<{ accountId: number; purpose: LinkPurpose; email: string } | undefined> {
    const parts = splitLinkToken(token);
    if (!parts) return undefined;
    const now = this.clock();
    const { accountTokens } = this;
    const [row] = await this.database.query((q) =>
      q.select().from(accountTokens).where(eq(accountTokens.id, parts.id)),
    );
    if (!row || !sameHash(row.secretHash, sha256(parts.secret))) return undefined;
    if (!purposes.includes(row.purpose as LinkPurpose)) return undefined;
    if (row.usedAt || Date.parse(row.expiresAt) <= now.getTime()) return undefined;
    const taken = await this.database.query((q) =>
      q
        .update(accountTokens)
        .set({ usedAt: now.toISOString() })
        .where(and(eq(accountTokens.id, row.id), isNull(accountTokens.usedAt)))
        .returning({ id: accountTokens.id }),
    );
    if (taken.length !== 1) return undefined;
    return { accountId: row.accountId, purpose: row.purpose as LinkPurpose, email: row.email };
  }

  /** Voids every unused token of an account (deletion) */
  async voidAll(accountId: number): Promise<void> {
    const { accountTokens } = this;
    await this.database.query((q) =>
      q
        .update(accountTokens)
        .set({ usedAt: this.clock().toISOString() })
        .where(and(eq(accountTokens.accountId, accountId), isNull(accountTokens.usedAt))),
    );
  }
}
