/**
 * Provider-shaped (Lemon Squeezy JSON:API) webhook bodies for tests, signed like the provider signs
 * them (HMAC-SHA256 hex of the raw body), with the fields the samples in ../shared/billing carry.
 */
import { createHmac } from 'node:crypto';

export function signBody(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

export interface PurchaseFacts {
  email: string;
  orderId: string;
  variant: number;
  updatedAt: string;
  /** The account's public id, as the Upgrade link puts it in the checkout's custom data */
  accountId?: string;
}

const meta = (name: string, accountId?: string) => ({
  test_mode: true,
  event_name: name,
  ...(accountId ? { custom_data: { account_id: accountId } } : {}),
});

export function orderBody(name: 'order_created' | 'order_refunded', p: PurchaseFacts): string {
  return JSON.stringify({
    meta: meta(name, p.accountId),
    data: {
      type: 'orders',
      id: p.orderId,
      attributes: {
        user_email: p.email,
        status: name === 'order_refunded' ? 'refunded' : 'paid',
        refunded: name === 'order_refunded',
        first_order_item: { order_id: Number(p.orderId), variant_id: p.variant },
        updated_at: p.updatedAt,
      },
    },
  });
}

export function subscriptionBody(
  name: string,
  p: PurchaseFacts & {
    subscriptionId: string;
    status: string;
    endsAt?: string | null;
    pause?: { mode: 'void' | 'free' } | null;
  },
): string {
  return JSON.stringify({
    meta: meta(name, p.accountId),
    data: {
      type: 'subscriptions',
      id: p.subscriptionId,
      attributes: {
        user_email: p.email,
        order_id: Number(p.orderId),
        variant_id: p.variant,
        status: p.status,
        pause: p.pause ?? null,
        ends_at: p.endsAt ?? null,
        urls: {
          customer_portal: `https://acme.lemonsqueezy.com/billing?user=${p.subscriptionId}&signature=0000`,
        },
        updated_at: p.updatedAt,
      },
    },
  });
}

export function invoiceBody(
  name: 'subscription_payment_failed' | 'subscription_payment_recovered' | 'subscription_payment_success',
  p: { email: string; invoiceId: string; subscriptionId: string; updatedAt: string; accountId?: string },
): string {
  return JSON.stringify({
    meta: meta(name, p.accountId),
    data: {
      type: 'subscription-invoices',
      id: p.invoiceId,
      attributes: {
        user_email: p.email,
        subscription_id: Number(p.subscriptionId),
        status: name === 'subscription_payment_failed' ? 'pending' : 'paid',
        updated_at: p.updatedAt,
      },
    },
  });
}
