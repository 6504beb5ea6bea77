/**
 * Growing delays after failed authentications (portal logins, API keys), per account and per IP.
 * After `freeFailures` failures under one key, each further failure blocks that key for
 * baseDelayMs × 2^(n-1), capped at maxDelayMs; a success clears the account's key. Callers check
 * every key of a request before verifying credentials, so a blocked attacker learns nothing more.
 * Entries live in a bounded LRU (lru-cache) with a TTL, so memory stays bounded under a flood of keys.
 */
import { LRUCache } from 'lru-cache';

export interface ThrottleOptions {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  maxEntries?: number;
}

interface Entry {
  failures: number;
  blockedUntil: number;
}

export class FailureThrottle {
  private readonly entries: LRUCache<string, Entry>;

  constructor(private readonly options: ThrottleOptions) {
    this.entries = new LRUCache<string, Entry>({
      max: options.maxEntries ?? 100_000,
      // Forget a key a while after its last failure (and never sooner than its block ends).
      ttl: Math.max(options.maxDelayMs, 3_600_000),
      ttlAutopurge: false,
    });
  }

  /** Milliseconds until every key may try again (0: now) */
  retryAfterMs(keys: readonly string[], now = Date.now()): number {
    let wait = 0;
    for (const key of keys) {
      const entry = this.entries.get(key);
      if (entry) wait = Math.max(wait, entry.blockedUntil - now);
    }
    return Math.max(0, wait);
  }

  /** Counts a failure under each key; returns the number of failures of the most-failed key */
  recordFailure(keys: readonly string[], now = Date.now()): number {
    let most = 0;
    for (const key of keys) {
      const entry = this.entries.get(key) ?? { failures: 0, blockedUntil: 0 };
      entry.failures += 1;
      const over = entry.failures - this.options.freeFailures;
      if (over > 0 && this.options.baseDelayMs > 0) {
        const delay = Math.min(
          this.options.baseDelayMs * 2 ** Math.min(over - 1, 30),
          this.options.maxDelayMs,
        );
        entry.blockedUntil = now + delay;
      }
      this.entries.set(key, entry);
      most = Math.max(most, entry.failures);
    }
    return most;
  }

  recordSuccess(keys: readonly string[]): void {
    for (const key of keys) this.entries.delete(key);
  }
}
