/**
 * Webhook bodies of the billing provider for the billing store's tests: Ada's (ada@example.com)
 * order 1001 and subscription 77. The store suites fold these in every order and over several
 * instances (apps/billing/src/store.test.ts, store-instances.test.ts); one builder keeps their
 * events the same shape.
 */
export const ADA = 'ada@example.com';

/** order_created of a paid order for the SITE variant (111111) */
export const orderEvent = (id: number, updatedAt: string): string =>
  JSON.stringify({
    meta: { event_name: 'order_created' },
    data: {
      type: 'orders',
      id: String(id),
      attributes: {
        user_email: ADA,
        status: 'paid',
        first_order_item: { variant_id: 111111 },
        updated_at: updatedAt,
      },
    },
  });

/** A subscription event of subscription 77 (order 1001, MULTI variant 222222 unless `extra` says) */
export const subscriptionEvent = (
  name: string,
  status: string,
  updatedAt: string,
  extra: Record<string, unknown> = {},
): string =>
  JSON.stringify({
    meta: { event_name: name },
    data: {
      type: 'subscriptions',
      id: '77',
      attributes: {
        user_email: ADA,
        order_id: 1001,
        variant_id: 222222,
        status,
        updated_at: updatedAt,
        ...extra,
      },
    },
  });
