import { boolean, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

/**
 * Every signed webhook delivery we accepted, with its raw body, once per event key. The key is
 * event name + resource type + resource id + the resource's updated_at: redeliveries and dashboard
 * resends of one event share it (webhook_id does not), while successive updates of one subscription
 * differ (keying on created_at, as one integration does, collapses them).
 */
export const billingEvents = pgTable(
  'billing_events',
  {
    id: serial('id').primaryKey(),
    eventKey: text('event_key').notNull().unique(),
    eventName: text('event_name').notNull(),
    email: text('email'),
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    providerUpdatedAt: text('provider_updated_at'),
    receivedAt: text('received_at').notNull(),
    /**
     * applied | pending (applied to a purchase no account is bound to yet) | unmapped (its variant
     * grants no plan) | stale (older than what we hold) | waiting (a payment event whose subscription
     * we have not seen yet; replayed when it arrives) | recorded (an event we do not act on)
     */
    outcome: text('outcome').notNull(),
    /** The order (purchase) the event belongs to; null for a payment event whose subscription is unknown yet */
    orderId: text('order_id'),
    /** The subscription of the event; payment events carry only this */
    subscriptionId: text('subscription_id'),
    payload: text('payload').notNull(),
  },
  (t) => [
    index('billing_events_email').on(t.email),
    index('billing_events_waiting').on(t.subscriptionId, t.outcome),
    index('billing_events_order').on(t.orderId),
  ],
);

/**
 * One purchase, keyed by the provider's order id (subscriptions carry their order_id, so
 * order_created and later subscription_* events land on the same row). `providerUpdatedAt` is the
 * ordering watermark: an event older than it changes nothing. A purchase grants a plan only to the
 * account it is bound to (`accountId`, decision 0096): by the checkout's custom data first, else by
 * the buyer's email to a verified account; until then it is pending and binds when that email is
 * verified. The account id is not a foreign key: accounts live in another app's tables, and billing
 * records outlive a deleted account.
 */
export const entitlements = pgTable(
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
    /** The account the purchase is bound to; null while pending */
    accountId: integer('account_id'),
    /** `meta.custom_data.account_id` as the checkout set it (an opaque public id), when present */
    customAccountId: text('custom_account_id'),
    /** How it was bound: custom-data | email | verification */
    boundBy: text('bound_by'),
    /** `pause.mode` of a paused subscription: void (no service) or free (service continues) */
    pauseMode: text('pause_mode'),
    /** An order_refunded arrived: final, whatever the order of later deliveries */
    refunded: boolean('refunded').notNull().default(false),
    /** The provider's `urls.customer_portal` of the subscription ("Manage subscription") */
    customerPortalUrl: text('customer_portal_url'),
  },
  (t) => [
    index('billing_entitlements_email').on(t.email),
    index('billing_entitlements_account').on(t.accountId),
    index('billing_entitlements_subscription').on(t.subscriptionId),
  ],
);

/**
 * One row per order and per subscription that events touched, locked (SELECT … FOR UPDATE) by each
 * event's transaction before it reads the purchase: on PostgreSQL, two instances handling events of
 * one purchase at once fold them one after the other, each seeing the other's committed rows
 * (decision 0103). On SQLite the single writer already serializes them.
 */
export const billingLocks = pgTable('billing_locks', {
  /** order:<order id> | subscription:<subscription id> | email:<address> (binding by email) */
  key: text('key').primaryKey(),
});
