export { BILLING_MIGRATIONS, migrateBilling } from './db/migrate.js';
export { openSqlite } from './db/open.js';
export * as billingSchema from './db/schema.js';
export type { BillingEvent } from './payload.js';
export { parseBillingEvent } from './payload.js';
export type { BillingConfig, Plan, PlanLimits } from './plans.js';
export { bestPlan, DEFAULT_PLAN_LIMITS, PLANS, planForVariant } from './plans.js';
export type {
  AccountBilling,
  AccountResolver,
  BillingDb,
  HandleOptions,
  HandleResult,
  Outcome,
} from './store.js';
export { BillingStore, eventKeyOf } from './store.js';
export { verifyWebhook } from './verify-webhook.js';
