import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { type Database, lockForUpdate, type Queries } from './db/database.js';
import * as schema from './db/schema.js';
import { tablesFor } from './db/sqlite-twin.js';
import type { BillingEvent } from './payload.js';
import { parseBillingEvent } from './payload.js';
import type { BillingConfig, Plan } from './plans.js';
import { bestPlan, planForVariant } from './plans.js';

/** Events that change a purchase; every other event is recorded and answered 200. */
const PURCHASE_EVENTS = new Set([
  'order_created',
  'order_refunded',
  'subscription_created',
  'subscription_updated',
  'subscription_cancelled',
  'subscription_resumed',
  'subscription_expired',
  'subscription_paused',
  'subscription_unpaused',
  'subscription_payment_failed',
  'subscription_payment_recovered',
]);
/** Provider statuses that entitle the buyer to the plan of their variant with no end date */
const LIVE_STATUSES = new Set(['paid', 'active', 'on_trial', 'past_due']);

/**
 * What an event did: applied | pending (no account bound yet) | unmapped (its variant grants no
 * plan) | stale (older than what we hold) | waiting (a payment event for a subscription not seen
 * yet) | recorded (not an event that changes a purchase).
 */
export type Outcome = 'applied' | 'pending' | 'unmapped' | 'stale' | 'waiting' | 'recorded';

export type HandleResult =
  | {
      status: Outcome | 'duplicate';
      eventKey: string;
      eventName: string;
      variantId?: number;
      accountId?: number;
    }
  | { status: 'invalid'; problem: string };

export interface HandleOptions {
  now: Date;
  /** Test hook: throws after the event row is written, inside the transaction (a crash before commit) */
  failBeforeCommit?: boolean;
}

/**
 * How a purchase finds its account (decision 0096). Called inside the event's transaction; queries
 * made through the same Database join it.
 */
export interface AccountResolver {
  /** The account whose opaque public id the checkout carried in its custom data */
  byPublicId(publicId: string): Promise<number | undefined>;
  /** The account with this email, only if that email is verified */
  verifiedByEmail(email: string): Promise<number | undefined>;
}
const NO_ACCOUNTS: AccountResolver = {
  byPublicId: async () => undefined,
  verifiedByEmail: async () => undefined,
};

/** An account's billing as the portal shows it */
export interface AccountBilling {
  plan: Plan;
  /** Shown only when the plan shown is ending: the latest end among the cancelled purchases granting it */
  paidUntil?: string;
  /** A purchase granting the plan is past due: access continues, the portal shows a banner */
  pastDue: boolean;
  /** A live purchase whose variant maps to no plan: "your purchase is being processed" */
  processing: boolean;
  /** The provider's customer portal of the latest subscription ("Manage subscription") */
  manageUrl?: string;
}

export function eventKeyOf(e: BillingEvent): string {
  return createHash('sha256')
    .update([e.name, e.resourceType, e.resourceId, e.updatedAt ?? ''].join('|'))
    .digest('hex');
}

type Row = typeof schema.entitlements.$inferSelect;

/**
 * Purchases and plans from billing events, persisted with drizzle on SQLite or PostgreSQL (Database).
 * One transaction per event covers the event row and the purchase change, so a crash leaves either
 * both or neither; the provider then redelivers (we only answer 200 after commit) and the unique event
 * key makes a redelivery of a committed event a no-op. Several instances on one PostgreSQL: the event
 * key's unique constraint decides which of two deliveries of one event is applied, and row locks on
 * the purchase's subscription and order (billing_locks) make events of one purchase fold one after
 * the other (decision 0103).
 */
export class BillingStore {
  private readonly t: typeof schema;

  constructor(
    private readonly database: Database,
    private readonly config: BillingConfig,
    private readonly resolver: AccountResolver = NO_ACCOUNTS,
  ) {
    this.t = tablesFor(schema, database.dialect);
  }

  async handleEvent(rawBody: string, options: HandleOptions): Promise<HandleResult> {
    const parsed = parseBillingEvent(rawBody);
    if (!parsed.ok) return { status: 'invalid', problem: parsed.problem };
    const event = parsed.event;
    const eventKey = eventKeyOf(event);
    const { billingEvents, entitlements } = this.t;
    return this.database.transaction(async (tx) => {
      const acts = PURCHASE_EVENTS.has(event.name) && event.updatedAt !== undefined;
      // Locks first, always subscription before order (no two transactions wait on each other), so
      // the reads below see every event of the purchase that another instance committed.
      if (acts && event.subscriptionId) await this.lock(tx, `subscription:${event.subscriptionId}`);
      const orderId = acts
        ? (event.orderId ?? (await this.orderOfSubscription(tx, event.subscriptionId)))
        : undefined;
      if (orderId) await this.lock(tx, `order:${orderId}`);
      // The unique event key: of two deliveries of one event, one inserts, the other does nothing.
      const [inserted] = await tx
        .insert(billingEvents)
        .values({
          eventKey,
          eventName: event.name,
          email: event.email ?? null,
          resourceType: event.resourceType,
          resourceId: event.resourceId,
          providerUpdatedAt: event.updatedAt ?? null,
          receivedAt: options.now.toISOString(),
          outcome: 'recorded',
          orderId: orderId ?? null,
          subscriptionId: event.subscriptionId ?? null,
          payload: rawBody,
        })
        .onConflictDoNothing({ target: billingEvents.eventKey })
        .returning({ id: billingEvents.id });
      if (!inserted) return { status: 'duplicate' as const, eventKey, eventName: event.name };
      let outcome: Outcome = 'recorded';
      let row: Row | undefined;
      if (acts && !orderId && event.subscriptionId) outcome = 'waiting';
      if (orderId) {
        // Stale: older than the state already held (it is folded in all the same, in its place).
        const [held] = await tx
          .select({ at: entitlements.providerUpdatedAt })
          .from(entitlements)
          .where(eq(entitlements.orderId, orderId));
        row = await this.recompute(tx, orderId);
        const stale = held !== undefined && Date.parse(held.at) > Date.parse(event.updatedAt!);
        if (row) outcome = stale ? 'stale' : this.outcomeOf(row);
      }
      await tx.update(billingEvents).set({ outcome }).where(eq(billingEvents.id, inserted.id));
      if (options.failBeforeCommit) throw new Error('simulated crash before commit');
      const variantId = row?.variantId ?? event.variantId;
      const accountId = row?.accountId;
      return {
        status: outcome,
        eventKey,
        eventName: event.name,
        ...(variantId != null ? { variantId } : {}),
        ...(accountId != null ? { accountId } : {}),
      };
    });
  }

  /**
   * Binds the purchases waiting for this email to the account once the email is verified (signup
   * verification, password reset, email change). Purchases whose checkout named an account are not
   * taken: they belong to the account they named.
   */
  async bindPendingPurchases(accountId: number, email: string): Promise<number> {
    const { entitlements } = this.t;
    const address = email.trim().toLowerCase();
    // The email's lock: an event of a purchase for this address, binding on another instance at this
    // moment, either commits first (and this update sees its row) or waits and then sees the account
    // verified (decision 0103).
    const bound = await this.database.transaction(async (tx) => {
      await this.lock(tx, `email:${address}`);
      return tx
        .update(entitlements)
        .set({ accountId, boundBy: 'verification' })
        .where(
          and(
            isNull(entitlements.accountId),
            isNull(entitlements.customAccountId),
            eq(entitlements.email, address),
          ),
        )
        .returning({ orderId: entitlements.orderId });
    });
    return bound.length;
  }

  /** The plan, paid-until, past-due, processing and manage link of an account at `now` */
  async accountBilling(accountId: number, now: Date): Promise<AccountBilling> {
    const { entitlements } = this.t;
    const rows = await this.database.query((q) =>
      q
        .select()
        .from(entitlements)
        .where(eq(entitlements.accountId, accountId))
        .orderBy(asc(entitlements.providerUpdatedAt)),
    );
    const granting = rows.flatMap((row) => {
      const plan = planForVariant(this.config, row.variantId ?? undefined);
      return plan && grants(row, now) ? [{ row, plan }] : [];
    });
    const plan = bestPlan(granting.map((g) => g.plan));
    const ofPlan = granting.filter((g) => g.plan === plan);
    // "Paid until" only when the plan shown is ending: no live purchase grants it.
    const ending = ofPlan.length > 0 && ofPlan.every((g) => g.row.status === 'cancelled');
    const paidUntil = ending ? ofPlan.map((g) => g.row.endsAt ?? '').sort()[ofPlan.length - 1] : undefined;
    const manageUrl = rows.filter((r) => r.customerPortalUrl).at(-1)?.customerPortalUrl ?? undefined;
    return {
      plan,
      ...(paidUntil ? { paidUntil } : {}),
      pastDue: ofPlan.some((g) => g.row.status === 'past_due'),
      processing: rows.some(
        (r) => planForVariant(this.config, r.variantId ?? undefined) === undefined && grants(r, now),
      ),
      ...(manageUrl ? { manageUrl } : {}),
    };
  }

  events(): Promise<{ eventName: string; outcome: string }[]> {
    const { billingEvents } = this.t;
    return this.database.query((q) =>
      q
        .select({ eventName: billingEvents.eventName, outcome: billingEvents.outcome })
        .from(billingEvents)
        .orderBy(asc(billingEvents.id)),
    );
  }

  /**
   * Holds the row of `key` (created on first use) until the transaction ends. PostgreSQL only: on
   * SQLite the transaction already holds the database's single write lock.
   */
  private async lock(tx: Queries, key: string): Promise<void> {
    if (this.database.dialect !== 'postgres') return;
    const { billingLocks } = this.t;
    await tx.insert(billingLocks).values({ key }).onConflictDoNothing();
    await lockForUpdate(
      this.database,
      tx.select({ key: billingLocks.key }).from(billingLocks).where(eq(billingLocks.key, key)),
    );
  }

  /** The order a subscription belongs to, once any of that subscription's events has arrived */
  private async orderOfSubscription(tx: Queries, subscriptionId: string | undefined) {
    if (!subscriptionId) return undefined;
    const { billingEvents } = this.t;
    const [row] = await tx
      .select({ orderId: billingEvents.orderId })
      .from(billingEvents)
      .where(and(eq(billingEvents.subscriptionId, subscriptionId), isNotNull(billingEvents.orderId)))
      .limit(1);
    return row?.orderId ?? undefined;
  }

  /**
   * Rebuilds a purchase from every event stored for its order, folded in provider time (updated_at,
   * ties broken by the lifecycle rank of the event, then the event key). The result depends only on
   * the set of events, never on the order or the number of deliveries: a late, duplicated or replayed
   * event cannot leave a stale state behind (issue 13's kill -9 test). Payment events whose
   * subscription was unknown when they arrived are attached to the order here.
   */
  private async recompute(tx: Queries, orderId: string): Promise<Row | undefined> {
    const { billingEvents, entitlements } = this.t;
    const ofOrder = await tx.select().from(billingEvents).where(eq(billingEvents.orderId, orderId));
    const subscriptions = [...new Set(ofOrder.map((e) => e.subscriptionId).filter((s): s is string => !!s))];
    const attached = subscriptions.length
      ? await tx
          .select()
          .from(billingEvents)
          .where(and(isNull(billingEvents.orderId), inArray(billingEvents.subscriptionId, subscriptions)))
      : [];
    if (attached.length)
      await tx
        .update(billingEvents)
        .set({ orderId })
        .where(
          inArray(
            billingEvents.id,
            attached.map((e) => e.id),
          ),
        );
    const events = [...ofOrder, ...attached]
      .filter((e) => PURCHASE_EVENTS.has(e.eventName) && e.providerUpdatedAt)
      .flatMap((e) => {
        const parsed = parseBillingEvent(e.payload);
        return parsed.ok ? [{ ...parsed.event, key: e.eventKey }] : [];
      })
      .sort(
        (a, b) =>
          Date.parse(a.updatedAt!) - Date.parse(b.updatedAt!) ||
          (RANK[a.name] ?? 0) - (RANK[b.name] ?? 0) ||
          (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
      );
    const state = foldPurchase(events);
    if (!state) return undefined;
    const [current] = await tx.select().from(entitlements).where(eq(entitlements.orderId, orderId));
    // Not bound yet: it may bind by email, so hold the email's lock against a verification binding it
    // on another instance at the same moment (always after subscription and order: no cycle).
    if (current?.accountId == null) await this.lock(tx, `email:${state.email.trim().toLowerCase()}`);
    const values = { ...state, ...(await this.binding(current, state.customAccountId, state.email)) };
    if (current) await tx.update(entitlements).set(values).where(eq(entitlements.orderId, orderId));
    else await tx.insert(entitlements).values({ orderId, ...values });
    const row: Row = { orderId, ...values };
    const outcome = this.outcomeOf(row);
    if (attached.length)
      await tx
        .update(billingEvents)
        .set({ outcome })
        .where(
          and(
            inArray(
              billingEvents.id,
              attached.map((e) => e.id),
            ),
            eq(billingEvents.outcome, 'waiting'),
          ),
        );
    return row;
  }

  /** A bound purchase stays bound; otherwise custom data first, and only without it a verified email */
  private async binding(current: Row | undefined, custom: string | null, email: string) {
    if (current?.accountId != null)
      return {
        accountId: current.accountId,
        customAccountId: current.customAccountId,
        boundBy: current.boundBy,
      };
    if (custom) {
      const accountId = await this.resolver.byPublicId(custom);
      return {
        accountId: accountId ?? null,
        customAccountId: custom,
        boundBy: accountId ? 'custom-data' : null,
      };
    }
    const accountId = await this.resolver.verifiedByEmail(email);
    return { accountId: accountId ?? null, customAccountId: null, boundBy: accountId ? 'email' : null };
  }

  private outcomeOf(row: Row): Outcome {
    if (planForVariant(this.config, row.variantId ?? undefined) === undefined) return 'unmapped';
    return row.accountId == null ? 'pending' : 'applied';
  }
}

/**
 * Whether a purchase grants its variant's plan at `now`: live statuses do; cancelled until ends_at;
 * paused only in `free` pause mode; expired, unpaid, refunded and `void` pauses do not.
 */
function grants(row: Row, now: Date): boolean {
  if (row.refunded) return false;
  if (LIVE_STATUSES.has(row.status)) return true;
  if (row.status === 'paused') return row.pauseMode === 'free';
  if (row.status === 'cancelled') return row.endsAt !== null && Date.parse(row.endsAt) > now.getTime();
  return false;
}

/** Among events with one updated_at, the lifecycle order: creation first, endings last */
const RANK: Record<string, number> = {
  order_created: 0,
  subscription_created: 1,
  subscription_updated: 2,
  subscription_payment_failed: 3,
  subscription_payment_recovered: 4,
  subscription_paused: 5,
  subscription_unpaused: 6,
  subscription_resumed: 7,
  subscription_cancelled: 8,
  subscription_expired: 9,
  order_refunded: 10,
};

type PurchaseState = Omit<Row, 'orderId' | 'accountId' | 'boundBy'>;

/**
 * A purchase's state after its events in order: each event sets the status it implies (and ends_at /
 * pause mode with it); fields an event does not carry (a payment event's variant) keep their last
 * value; a refund is final. Undefined when no event carried the buyer's email.
 */
function foldPurchase(events: readonly BillingEvent[]): PurchaseState | undefined {
  let state: PurchaseState | undefined;
  for (const e of events) {
    const status = statusAfter(e);
    const email = e.email ?? state?.email;
    if (!email) continue;
    state = {
      email,
      subscriptionId: e.subscriptionId ?? state?.subscriptionId ?? null,
      variantId: e.variantId ?? state?.variantId ?? null,
      status,
      endsAt: status === 'cancelled' ? (e.endsAt ?? null) : null,
      pauseMode: status === 'paused' ? (e.pauseMode ?? null) : null,
      providerUpdatedAt: e.updatedAt!,
      refunded: (state?.refunded ?? false) || e.name === 'order_refunded',
      customerPortalUrl: e.customerPortalUrl ?? state?.customerPortalUrl ?? null,
      customAccountId: state?.customAccountId ?? e.customAccountId ?? null,
    };
  }
  return state;
}

/** The status an event leaves the purchase in; the event name wins over the resource's status */
function statusAfter(event: BillingEvent): string {
  switch (event.name) {
    case 'subscription_expired':
      return 'expired';
    case 'subscription_cancelled':
      return 'cancelled';
    case 'subscription_paused':
      return 'paused';
    case 'subscription_payment_failed':
      return 'past_due';
    case 'subscription_payment_recovered':
      return 'active';
    case 'order_refunded':
      return 'refunded';
    case 'order_created':
      return event.status === 'paid' ? 'paid' : (event.status ?? 'pending');
    default:
      return event.status ?? 'active';
  }
}
