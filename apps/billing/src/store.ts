import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { billingEvents, entitlements } from './db/schema.js';
import type { BillingEvent } from './payload.js';
import { parseBillingEvent } from './payload.js';
import type { BillingConfig, Plan } from './plans.js';
import { bestPlan, planForVariant } from './plans.js';

export type BillingDb = BetterSQLite3Database<Record<string, unknown>>;

/** Events that move a plan; every other event is recorded and answered 200. */
const PLAN_EVENTS = new Set([
  'order_created',
  'order_refunded',
  'subscription_updated',
  'subscription_cancelled',
  'subscription_expired',
]);
/** Provider statuses that entitle the buyer to the plan of their variant */
const ENTITLED_STATUSES = new Set(['paid', 'active', 'on_trial', 'past_due']);

export type HandleResult =
  | { status: 'applied' | 'stale' | 'recorded' | 'duplicate'; eventKey: string }
  | { status: 'invalid'; problem: string };

export interface HandleOptions {
  now: Date;
  /** Test hook: throws after the event row is written, inside the transaction (a crash before commit) */
  failBeforeCommit?: boolean;
}

export function eventKeyOf(e: BillingEvent): string {
  return createHash('sha256')
    .update([e.name, e.resourceType, e.resourceId, e.updatedAt ?? ''].join('|'))
    .digest('hex');
}

/**
 * Plan transitions from billing events, persisted with drizzle on better-sqlite3. One synchronous
 * transaction per event covers the event row and the entitlement change, so a crash leaves either
 * both or neither; the provider then redelivers (we only answer 200 after commit) and the unique
 * event key makes a redelivery of a committed event a no-op.
 */
export class BillingStore {
  constructor(
    private readonly db: BillingDb,
    private readonly config: BillingConfig,
  ) {}

  handleEvent(rawBody: string, options: HandleOptions): HandleResult {
    const parsed = parseBillingEvent(rawBody);
    if (!parsed.ok) return { status: 'invalid', problem: parsed.problem };
    const event = parsed.event;
    const eventKey = eventKeyOf(event);
    return this.db.transaction((tx) => {
      const seen = tx
        .select({ id: billingEvents.id })
        .from(billingEvents)
        .where(eq(billingEvents.eventKey, eventKey))
        .get();
      if (seen) return { status: 'duplicate' as const, eventKey };
      const outcome = PLAN_EVENTS.has(event.name) ? applyToEntitlement(tx, event) : 'recorded';
      tx.insert(billingEvents)
        .values({
          eventKey,
          eventName: event.name,
          email: event.email ?? null,
          resourceType: event.resourceType,
          resourceId: event.resourceId,
          providerUpdatedAt: event.updatedAt ?? null,
          receivedAt: options.now.toISOString(),
          outcome,
          payload: rawBody,
        })
        .run();
      if (options.failBeforeCommit) throw new Error('simulated crash before commit');
      return { status: outcome, eventKey };
    });
  }

  /** The plan an email is entitled to at `now`: the best of its purchases, FREE without any. */
  planFor(email: string, now: Date): Plan {
    const rows = this.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.email, email.trim().toLowerCase()))
      .all();
    const plans: Plan[] = [];
    for (const row of rows) {
      const plan = planForVariant(this.config, row.variantId ?? undefined);
      if (plan && isEntitled(row.status, row.endsAt, now)) plans.push(plan);
    }
    return bestPlan(plans);
  }

  /** When a cancelled plan falls back to FREE, if it does (for the portal's display) */
  paidUntil(email: string, now: Date): string | undefined {
    const rows = this.db
      .select()
      .from(entitlements)
      .where(and(eq(entitlements.email, email.trim().toLowerCase()), eq(entitlements.status, 'cancelled')))
      .all();
    return rows.map((r) => r.endsAt ?? '').find((endsAt) => endsAt && Date.parse(endsAt) > now.getTime());
  }

  events(): { eventName: string; outcome: string }[] {
    return this.db
      .select({ eventName: billingEvents.eventName, outcome: billingEvents.outcome })
      .from(billingEvents)
      .all();
  }
}

/** A cancelled subscription keeps its plan until `ends_at`; expired, unpaid, refunded, paused do not. */
function isEntitled(status: string, endsAt: string | null, now: Date): boolean {
  if (ENTITLED_STATUSES.has(status)) return true;
  if (status === 'cancelled') return endsAt !== null && Date.parse(endsAt) > now.getTime();
  return false;
}

type Tx = Parameters<Parameters<BillingDb['transaction']>[0]>[0];

/**
 * Upserts the entitlement of the event's order unless the row already holds a newer provider state
 * (updated_at watermark; equal is accepted because the provider sends several events per transition
 * with one updated_at). Returns what happened, for the event log.
 */
function applyToEntitlement(tx: Tx, event: BillingEvent): 'applied' | 'stale' | 'recorded' {
  if (!event.orderId || !event.email || !event.updatedAt) return 'recorded';
  const status = statusAfter(event);
  const current = tx.select().from(entitlements).where(eq(entitlements.orderId, event.orderId)).get();
  if (current && Date.parse(current.providerUpdatedAt) > Date.parse(event.updatedAt)) return 'stale';
  const values = {
    email: event.email,
    subscriptionId: event.subscriptionId ?? current?.subscriptionId ?? null,
    variantId: event.variantId ?? current?.variantId ?? null,
    status,
    endsAt: status === 'cancelled' ? (event.endsAt ?? null) : null,
    providerUpdatedAt: event.updatedAt,
  };
  if (current) tx.update(entitlements).set(values).where(eq(entitlements.orderId, event.orderId)).run();
  else
    tx.insert(entitlements)
      .values({ orderId: event.orderId, ...values })
      .run();
  return 'applied';
}

/** The status an event leaves the entitlement in; the event name wins over a missing status */
function statusAfter(event: BillingEvent): string {
  if (event.name === 'subscription_expired') return 'expired';
  if (event.name === 'subscription_cancelled') return 'cancelled';
  if (event.name === 'order_created') return event.status === 'paid' ? 'paid' : (event.status ?? 'pending');
  return event.status ?? 'active';
}
