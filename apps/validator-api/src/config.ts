/** Validator configuration from the environment, validated at start; nothing else reads process.env. */
import { type PoolSettings, poolSettingsFrom, type ServerTimeouts, serverSettingsFrom } from '@einv/http-kit';

export interface ValidatorConfig {
  port: number;
  /** Largest accepted upload, in bytes (decision 0092: 20 MB) */
  maxUploadBytes: number;
  rateLimitPerMinute: number;
  trustProxy: boolean | number | string;
  logLevel: string;
  timeouts: ServerTimeouts;
  drainTimeoutMs: number;
  /** SHUTDOWN_GRACE_MS: connections still accepted after SIGTERM */
  graceMs: number;
  pool: PoolSettings;
  /** REDIS_URL: rate-limit counters shared by every instance; empty: in memory */
  redisUrl: string | undefined;
  /** METRICS_TOKEN: GET /metrics exists only when set, behind `Authorization: Bearer <token>` */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {}

/**
 * Uploads up to this size are stacked on busy worker threads (decision 0183): a small XML is quick
 * work (about a millisecond for a 34 KB CII), so a thread starts the next one without waiting for the
 * event loop; larger uploads (PDFs, large invoices) wait for a free thread and are moved, not copied.
 */
const STACK_BELOW_BYTES = 64 * 1024;
/**
 * A thread holds at most this many small tasks: the one it runs and three behind it, about 3 ms of
 * work for 34 KB CIIs (decision 0219: fewer wake-ups than one behind it, measured paired)
 */
const STACK_DEPTH = 4;

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min)
    throw new ConfigError(`${name} must be an integer >= ${min}, got "${raw}"`);
  return Number(raw);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ValidatorConfig {
  const proxy = env.TRUST_PROXY;
  return {
    port: intFrom(env, 'PORT', 3001),
    maxUploadBytes: intFrom(env, 'MAX_UPLOAD_BYTES', 20 * 1024 * 1024),
    rateLimitPerMinute: intFrom(env, 'RATE_LIMIT_PER_MINUTE', 60),
    trustProxy:
      !proxy || proxy === 'false'
        ? false
        : proxy === 'true'
          ? true
          : /^\d+$/.test(proxy)
            ? Number(proxy)
            : proxy,
    logLevel: env.LOG_LEVEL || 'info',
    ...serverSettingsFrom(env),
    pool: { ...poolSettingsFrom(env, 10_000), stackBelowBytes: STACK_BELOW_BYTES, stackDepth: STACK_DEPTH },
    redisUrl: env.REDIS_URL || undefined,
    metricsToken: env.METRICS_TOKEN || undefined,
  };
}
