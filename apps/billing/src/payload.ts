/**
 * Reads the provider's JSON:API webhook body into the few facts the plan logic needs. Routes on
 * `meta.event_name` from the signed body (the X-Event-Name header is not signed). The custom data's
 * `account_id` is our opaque public account id, set by the Upgrade link (decision 0096): it travels
 * through the buyer's browser, so it can only name an account, which it cannot guess, never prove one.
 */
export interface BillingEvent {
  name: string;
  resourceType: string;
  resourceId: string;
  email: string | undefined;
  /** The order this event's entitlement hangs on (orders: their id; subscriptions: order_id) */
  orderId: string | undefined;
  subscriptionId: string | undefined;
  variantId: number | undefined;
  status: string | undefined;
  endsAt: string | undefined;
  /** The resource's updated_at: the ordering watermark */
  updatedAt: string | undefined;
  /** `meta.custom_data.account_id`: the opaque public id of the account that opened the checkout */
  customAccountId: string | undefined;
  /** `pause.mode` of a subscription: void | free */
  pauseMode: string | undefined;
  /** `urls.customer_portal` of a subscription, when it is an https URL */
  customerPortalUrl: string | undefined;
}

export type ParseOutcome = { ok: true; event: BillingEvent } | { ok: false; problem: string };

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined;
const int = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isInteger(v)
    ? v
    : typeof v === 'string' && /^\d+$/.test(v)
      ? Number(v)
      : undefined;

export function parseBillingEvent(raw: string): ParseOutcome {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return { ok: false, problem: 'the body is not JSON' };
  }
  if (!isObject(body) || !isObject(body.meta) || !isObject(body.data)) {
    return { ok: false, problem: 'expected an object with `meta` and `data`' };
  }
  const name = str(body.meta.event_name);
  const resourceType = str(body.data.type);
  const resourceId = str(body.data.id);
  if (!name || !resourceType || !resourceId) {
    return { ok: false, problem: 'expected meta.event_name, data.type and data.id' };
  }
  const a = isObject(body.data.attributes) ? body.data.attributes : {};
  const firstItem = isObject(a.first_order_item) ? a.first_order_item : {};
  const isOrder = resourceType === 'orders';
  const isSubscription = resourceType === 'subscriptions';
  const email = str(a.user_email)?.trim().toLowerCase();
  const custom = isObject(body.meta.custom_data) ? body.meta.custom_data : {};
  const pause = isObject(a.pause) ? a.pause : {};
  const urls = isObject(a.urls) ? a.urls : {};
  return {
    ok: true,
    event: {
      name,
      resourceType,
      resourceId,
      email,
      orderId: isOrder ? resourceId : str(a.order_id),
      subscriptionId: isSubscription ? resourceId : str(a.subscription_id),
      variantId: isOrder ? int(firstItem.variant_id) : int(a.variant_id),
      status: str(a.status),
      endsAt: str(a.ends_at),
      updatedAt: str(a.updated_at),
      customAccountId: str(custom.account_id),
      pauseMode: str(pause.mode),
      customerPortalUrl: httpsUrl(urls.customer_portal),
    },
  };
}

function httpsUrl(v: unknown): string | undefined {
  if (typeof v !== 'string' || v.length > 2000) return undefined;
  try {
    return new URL(v).protocol === 'https:' ? v : undefined;
  } catch {
    return undefined;
  }
}
