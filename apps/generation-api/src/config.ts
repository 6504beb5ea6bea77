/**
 * Configuration from the environment, validated once at start with messages that say which variable
 * is wrong and what it should look like. Nothing else in the app reads process.env.
 */
import type { BillingConfig, Plan, PlanLimits } from '@einv/billing';
import { DEFAULT_PLAN_LIMITS } from '@einv/billing';
import { type PoolSettings, poolSettingsFrom, type ServerTimeouts, serverSettingsFrom } from '@einv/http-kit';

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
  /** Portal requests per minute per IP (its own bucket: an integration at its API limit never locks its owner out) */
  portalRateLimitPerMinute: number;
  /** REDIS_URL: rate-limit counters shared by every instance; empty: in memory */
  redisUrl: string | undefined;
  /** METRICS_TOKEN: GET /metrics exists only when set, behind `Authorization: Bearer <token>` */
  metricsToken: string | undefined;
  /** Send cookies with the Secure flag (on behind HTTPS) */
  secureCookies: boolean;
  logLevel: string;
  /** The service's public base address, for links in mails (PUBLIC_URL; default http://localhost:<port>) */
  publicUrl: string;
  /** SMTP server URL for nodemailer (SMTP_URL); empty: dev mode, mails are logged, not sent */
  smtpUrl: string;
  /** Sender of the portal's mails (SMTP_FROM) */
  smtpFrom: string;
  /** Provider checkout URLs of the paid plans (BILLING_CHECKOUT_URL_SITE / _MULTI) */
  checkoutUrls: Partial<Record<Plan, string>>;
  /** Growing delays after failed logins and API-key authentications */
  authThrottle: {
    accountFreeFailures: number;
    ipFreeFailures: number;
    baseDelayMs: number;
    maxDelayMs: number;
  };
  /** Largest /api/v1/generate answer (base64 XML + PDF) in bytes; over it the answer is a 422 */
  maxAnswerBytes: number;
  /** Where the data lives, from DATABASE_URL */
  database: DatabaseSetting;
  /** DATABASE_POOL_SIZE: connections per instance to PostgreSQL (unused on SQLite) */
  databasePoolSize: number;
  timeouts: ServerTimeouts;
  drainTimeoutMs: number;
  /** SHUTDOWN_GRACE_MS: connections still accepted after SIGTERM */
  graceMs: number;
  /** Worker threads, queue and per-task time budget (decision 0102) */
  pool: PoolSettings;
  /** NODE_ENV=production: misconfigurations that are fine in development become warnings */
  production: boolean;
}

export type DatabaseSetting = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

/**
 * DATABASE_URL: a SQLite file path, a `file:` URL or `:memory:` (the embedded default), or a
 * `postgres://` / `postgresql://` URL. Any other scheme stops the start: it used to be taken for a file
 * path and wrote into a directory named after the scheme.
 */
export function databaseFrom(raw: string): DatabaseSetting {
  if (/^postgres(ql)?:\/\//i.test(raw)) return { kind: 'postgres', url: raw };
  if (raw === ':memory:') return { kind: 'sqlite', file: raw };
  if (/^file:/i.test(raw))
    return { kind: 'sqlite', file: raw.slice('file:'.length).replace(/^\/\/(?=\/)/, '') };
  const scheme = /^([a-z][a-z0-9+.-]+):/i.exec(raw);
  if (scheme)
    throw new ConfigError(
      `DATABASE_URL has the unsupported scheme "${scheme[1]}:"; use a SQLite file path, a file: URL, or postgres://user:password@host:5432/db`,
    );
  return { kind: 'sqlite', file: raw };
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

function urlFrom(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  return raw.replace(/\/+$/, '');
}

function smtpUrlFrom(raw: string | undefined): string {
  if (raw === undefined || raw === '') return '';
  if (!/^smtps?:\/\/[^\s]+$/.test(raw))
    throw new ConfigError('SMTP_URL must look like smtp://user:pass@host:587 or smtps://host:465');
  return raw;
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
  const port = intFrom(env, 'PORT', 3000, 1);
  const checkoutUrls: Partial<Record<Plan, string>> = {};
  const site = urlFrom(env, 'BILLING_CHECKOUT_URL_SITE');
  const multi = urlFrom(env, 'BILLING_CHECKOUT_URL_MULTI');
  if (site) checkoutUrls.SITE = site;
  if (multi) checkoutUrls.MULTI = multi;
  return {
    port,
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
    portalRateLimitPerMinute: intFrom(env, 'PORTAL_RATE_LIMIT_PER_MINUTE', 100, 1),
    redisUrl: env.REDIS_URL || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
    secureCookies: env.COOKIE_SECURE === 'true',
    logLevel: env.LOG_LEVEL || 'info',
    publicUrl: urlFrom(env, 'PUBLIC_URL') ?? `http://localhost:${port}`,
    smtpUrl: smtpUrlFrom(env.SMTP_URL),
    smtpFrom: env.SMTP_FROM || 'einv <no-reply@localhost>',
    checkoutUrls,
    authThrottle: {
      accountFreeFailures: intFrom(env, 'AUTH_FREE_FAILURES_PER_ACCOUNT', 5, 1),
      ipFreeFailures: intFrom(env, 'AUTH_FREE_FAILURES_PER_IP', 20, 1),
      baseDelayMs: intFrom(env, 'AUTH_DELAY_BASE_MS', 1000),
      maxDelayMs: intFrom(env, 'AUTH_DELAY_MAX_MS', 900_000),
    },
    maxAnswerBytes: intFrom(env, 'MAX_ANSWER_BYTES', 25 * 1024 * 1024, 1024),
    database: databaseFrom(env.DATABASE_URL || './data/einv.sqlite'),
    databasePoolSize: intFrom(env, 'DATABASE_POOL_SIZE', 10, 1),
    ...serverSettingsFrom(env),
    pool: poolSettingsFrom(env, 20_000),
    production: env.NODE_ENV === 'production',
  };
}

/** Settings that run but are probably a mistake: logged as warnings at start */
export function configWarnings(config: GenerationConfig): string[] {
  const warnings: string[] = [];
  if (!config.billingWebhookSecret)
    warnings.push('BILLING_WEBHOOK_SECRET is not set: every billing webhook will be refused');
  const { SITE, MULTI } = config.billing.variants;
  if (config.billingWebhookSecret && SITE.length === 0 && MULTI.length === 0)
    warnings.push(
      'BILLING_WEBHOOK_SECRET is set but BILLING_SITE_VARIANT_IDS and BILLING_MULTI_VARIANT_IDS are empty: every purchase will be recorded as an unknown variant and grant nothing',
    );
  else if (config.billingWebhookSecret && (SITE.length === 0 || MULTI.length === 0))
    warnings.push(
      `${SITE.length === 0 ? 'BILLING_SITE_VARIANT_IDS' : 'BILLING_MULTI_VARIANT_IDS'} is empty while BILLING_WEBHOOK_SECRET is set: purchases of that plan will grant nothing`,
    );
  if (config.production && !config.secureCookies)
    warnings.push(
      'COOKIE_SECURE is not true while NODE_ENV=production: portal session cookies will be sent over plain HTTP',
    );
  if (config.production && config.trustProxy === false)
    warnings.push(
      'TRUST_PROXY is not set while NODE_ENV=production: behind a reverse proxy every client shares the proxy address and its rate limit',
    );
  return warnings;
}
