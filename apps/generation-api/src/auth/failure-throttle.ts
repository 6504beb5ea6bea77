/**
 * Growing delays after failed authentications (portal logins, API keys), per account and per IP.
 * After `freeFailures` failures under one key, each further failure blocks that key for
 * baseDelayMs × 2^(n-1), capped at maxDelayMs; a success clears the account's key. Callers check
 * every key of a request before verifying credentials, so a blocked attacker learns nothing more.
 *
 * Two stores of the same rules: in memory (a bounded LRU with a TTL, the embedded default), or in
 * Redis when REDIS_URL is set, so that N instances count one client's failures together and an
 * attacker cannot multiply their tries by the number of instances (decision 0104).
 */
import type { RedisClient } from '@einv/http-kit';
import { LRUCache } from 'lru-cache';

export interface ThrottleOptions {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxEntries?: number;
}

export interface FailureThrottle {
  /** Milliseconds until every key may try again (0: now) */
  retryAfterMs(keys: readonly string[]): Promise<number>;
  /** Counts a failure under each key; returns the number of failures of the most-failed key */
  recordFailure(keys: readonly string[]): Promise<number>;
  recordSuccess(keys: readonly string[]): Promise<void>;
}

/** Makes the throttle named `name` (ip, account) with these rules */
export type ThrottleFactory = (name: string, options: ThrottleOptions) => FailureThrottle;

/** The block after the `failures`-th failure (0: none yet) */
function blockMs(options: ThrottleOptions, failures: number): number {
  const over = failures - options.freeFailures;
  if (over <= 0 || options.baseDelayMs <= 0) return 0;
  return Math.min(options.baseDelayMs * 2 ** Math.min(over - 1, 30), options.maxDelayMs);
}

/** A key is forgotten a while after its last failure, and never before its block ends */
const memoryTtl = (options: ThrottleOptions) => Math.max(options.maxDelayMs, 3_600_000);

interface Entry {
  failures: number;
  blockedUntil: number;
}

export const memoryThrottles: ThrottleFactory = (_name, options) => {
  const entries = new LRUCache<string, Entry>({
    max: options.maxEntries ?? 100_000,
    ttl: memoryTtl(options),
    ttlAutopurge: false,
  });
  return {
    async retryAfterMs(keys) {
      const now = Date.now();
      return Math.max(0, ...keys.map((key) => (entries.get(key)?.blockedUntil ?? 0) - now));
    },
    async recordFailure(keys) {
      let most = 0;
      for (const key of keys) {
        const entry = entries.get(key) ?? { failures: 0, blockedUntil: 0 };
        entry.failures += 1;
        const block = blockMs(options, entry.failures);
        if (block > 0) entry.blockedUntil = Date.now() + block;
        entries.set(key, entry);
        most = Math.max(most, entry.failures);
      }
      return most;
    },
    async recordSuccess(keys) {
      for (const key of keys) entries.delete(key);
    },
  };
};

/**
 * The same throttle in Redis: per key a failure counter (INCR, expiring like the memory entry) and a
 * block key whose time to live is the block. Redis answers for every instance at once. While Redis
 * does not answer, this instance counts in its own memory (the protection of one instance, not none,
 * and no 500 at sign-in); /readyz reports the outage.
 */
export function redisThrottles(client: RedisClient, prefix = 'einv:'): ThrottleFactory {
  return (name, options) => {
    const counter = (key: string) => `${prefix}auth:${name}:n:${key}`;
    const block = (key: string) => `${prefix}auth:${name}:b:${key}`;
    const fallback = memoryThrottles(name, options);
    const shared: FailureThrottle = {
      async retryAfterMs(keys) {
        const ttls = await Promise.all(keys.map((key) => client.pttl(block(key))));
        return Math.max(0, ...ttls);
      },
      async recordFailure(keys) {
        let most = 0;
        for (const key of keys) {
          const [[, failures] = []] =
            (await client.multi().incr(counter(key)).pexpire(counter(key), memoryTtl(options)).exec()) ?? [];
          const n = Number(failures);
          const ms = blockMs(options, n);
          // Of two instances counting at once, the higher count sets the longer block: never shorten one.
          if (ms > 0 && (await client.pttl(block(key))) < ms) await client.set(block(key), '1', 'PX', ms);
          most = Math.max(most, n);
        }
        return most;
      },
      async recordSuccess(keys) {
        if (keys.length) await client.del(...keys.flatMap((key) => [counter(key), block(key)]));
      },
    };
    return {
      retryAfterMs: (keys) => shared.retryAfterMs(keys).catch(() => fallback.retryAfterMs(keys)),
      recordFailure: (keys) => shared.recordFailure(keys).catch(() => fallback.recordFailure(keys)),
      recordSuccess: async (keys) => {
        await Promise.all([shared.recordSuccess(keys).catch(() => {}), fallback.recordSuccess(keys)]);
      },
    };
  };
}
