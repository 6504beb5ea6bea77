/**
 * Configuration from the environment, validated once at start with messages that say which variable
 * is wrong and what it should look like. Nothing else in the app reads process.env.
 */
import type { BillingConfig, Plan, PlanLimits } from '@einv/billing';
import { DEFAULT_PLAN_LIMITS } from '@einv/billing';

export interface GenerationConfig {
  port: number;
  databaseUrl: string;
  /** Shared secret of billing webhooks; when empty every webhook is refused (fail closed) */
  billingWebhookSecret: string;
  billing: BillingConfig;
  /** Express `trust proxy` value: false, true, a hop count, or a list of addresses */
  trustProxy: boolean | number | string;
  /** Requests per minute per IP on the whole service */
  rateLimitPerMinute: number;
  /** Send cookies with the Secure flag (on behind HTTPS) */
  secureCookies: boolean;
  logLevel: string;
  /** Largest /api/v1/generate answer (base64 XML + PDF) in bytes; over it the answer is a 422 */
  maxAnswerBytes: number;
}

export class ConfigError extends Error {}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min)
    throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return Number(raw);
}

function idsFrom(env: NodeJS.ProcessEnv, name: string, fallback: number[]): number[] {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.some((p) => !/^\d+$/.test(p)))
    throw new ConfigError(`${name} must be comma-separated variant ids, got "${raw}"`);
  return parts.map(Number);
}

function trustProxyFrom(raw: string | undefined): boolean | number | string {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw; // e.g. "loopback" or "10.0.0.0/8, 192.168.0.1": express validates the list
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): GenerationConfig {
  const limits: Record<Plan, PlanLimits> = {
    FREE: {
      maxKeys: intFrom(env, 'FREE_MAX_KEYS', DEFAULT_PLAN_LIMITS.FREE.maxKeys, 1),
      monthlyGenerations: intFrom(
        env,
        'FREE_MONTHLY_QUOTA',
        DEFAULT_PLAN_LIMITS.FREE.monthlyGenerations ?? 50,
      ),
    },
    SITE: {
      maxKeys: intFrom(env, 'SITE_MAX_KEYS', DEFAULT_PLAN_LIMITS.SITE.maxKeys, 1),
      monthlyGenerations: null,
    },
    MULTI: {
      maxKeys: intFrom(env, 'MULTI_MAX_KEYS', DEFAULT_PLAN_LIMITS.MULTI.maxKeys, 1),
      monthlyGenerations: null,
    },
  };
  return {
    port: intFrom(env, 'PORT', 3000, 1),
    databaseUrl: env.DATABASE_URL || './data/einv.sqlite',
    billingWebhookSecret: env.BILLING_WEBHOOK_SECRET ?? '',
    billing: {
      variants: {
        SITE: idsFrom(env, 'BILLING_SITE_VARIANT_IDS', []),
        MULTI: idsFrom(env, 'BILLING_MULTI_VARIANT_IDS', []),
      },
      limits,
    },
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    rateLimitPerMinute: intFrom(env, 'RATE_LIMIT_PER_MINUTE', 100, 1),
    secureCookies: env.COOKIE_SECURE === 'true',
    logLevel: env.LOG_LEVEL || 'info',
    maxAnswerBytes: intFrom(env, 'MAX_ANSWER_BYTES', 25 * 1024 * 1024, 1024),
  };
}
