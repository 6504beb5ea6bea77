import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Every signed webhook delivery we accepted, with its raw body, once per event key. The key is
 * event name + resource type + resource id + the resource's updated_at: redeliveries and dashboard
 * resends of one event share it (webhook_id does not), while successive updates of one subscription
 * differ (keying on created_at, as one integration does, collapses them).
 */
export const billingEvents = sqliteTable(
  'billing_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventKey: text('event_key').notNull().unique(),
    eventName: text('event_name').notNull(),
    email: text('email'),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    providerUpdatedAt: text('provider_updated_at'),
    receivedAt: text('received_at').notNull(),
    /** applied | stale (older than what we hold) | recorded (event we do not act on) */
    outcome: text('outcome').notNull(),
    payload: text('payload').notNull(),
  },
  (t) => [index('billing_events_email').on(t.email)],
);

/**
 * What one purchase entitles an email to, keyed by the provider's order id (subscriptions carry
 * their order_id, so order_created and later subscription_* events land on the same row).
 * `providerUpdatedAt` is the ordering watermark: an event older than it changes nothing.
 * Entitlements are keyed by email, not by our account id, so an event for an email that has no
 * account yet simply waits here and applies when that account signs up.
 */
export const entitlements = sqliteTable(
  'billing_entitlements',
  {
    orderId: text('order_id').primaryKey(),
    email: text('email').notNull(),
    subscriptionId: text('subscription_id'),
    variantId: integer('variant_id'),
    /** provider status: paid (order), active, on_trial, past_due, paused, unpaid, cancelled, expired, refunded */
    status: text('status').notNull(),
    /** end of the paid period of a cancelled subscription (ISO) */
    endsAt: text('ends_at'),
    providerUpdatedAt: text('provider_updated_at').notNull(),
  },
  (t) => [index('billing_entitlements_email').on(t.email)],
);
