/**
 * Plans and their limits. FREE has a monthly quota of generated invoices; SITE and MULTI have none.
 * Limits are configuration (BillingConfig), these are the documented defaults.
 */
export const PLANS = ['FREE', 'SITE', 'MULTI'] as const;
export type Plan = (typeof PLANS)[number];

export interface PlanLimits {
  /** API keys usable at once; keys beyond it (newest first) are suspended, never deleted */
  maxKeys: number;
  /** Generated invoices per calendar month (UTC); null = unlimited */
  monthlyGenerations: number | null;
}

export const DEFAULT_PLAN_LIMITS: Record<Plan, PlanLimits> = {
  FREE: { maxKeys: 1, monthlyGenerations: 50 },
  SITE: { maxKeys: 1, monthlyGenerations: null },
  MULTI: { maxKeys: 20, monthlyGenerations: null },
};

export interface BillingConfig {
  /** Provider variant ids that grant each paid plan */
  variants: { SITE: readonly number[]; MULTI: readonly number[] };
  limits: Record<Plan, PlanLimits>;
}

/** The paid plan a provider variant grants, or undefined for a variant we do not sell */
export function planForVariant(config: BillingConfig, variantId: number | undefined): Plan | undefined {
  if (variantId === undefined) return undefined;
  if (config.variants.MULTI.includes(variantId)) return 'MULTI';
  if (config.variants.SITE.includes(variantId)) return 'SITE';
  return undefined;
}

const RANK: Record<Plan, number> = { FREE: 0, SITE: 1, MULTI: 2 };
export function bestPlan(plans: Iterable<Plan>): Plan {
  let best: Plan = 'FREE';
  for (const p of plans) if (RANK[p] > RANK[best]) best = p;
  return best;
}
