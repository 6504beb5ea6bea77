/**
 * Rate-limit buckets (decision 0097). Each bucket is an express-rate-limit instance with its own
 * key and limit; counters live in memory (one process) or, when REDIS_URL is set, in Redis
 * (rate-limit-redis) so N instances enforce one limit. A 429 is problem+json with Retry-After equal
 * to the real time left in the window, and the IETF RateLimit headers.
 */
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import { Redis } from 'ioredis';
import { RedisStore } from 'rate-limit-redis';
import { sendProblem } from './problem.js';

/** Where counters live: a new store per bucket (its own key prefix), undefined for memory */
/** The Redis client both services use (ioredis), for other shared state than rate limits */
export type RedisClient = Redis;

export type StoreFactory = (bucket: string) => Store | undefined;

export const memoryStores: StoreFactory = () => undefined;

/** Counters in Redis, shared by every instance using the same REDIS_URL (and key prefix) */
export function redisStores(client: Redis, prefix = 'einv:'): StoreFactory {
  return (bucket) =>
    new RedisStore({
      prefix: `${prefix}rl:${bucket}:`,
      sendCommand: (command: string, ...args: string[]) =>
        client.call(command, ...args) as Promise<number | string | (number | string)[]>,
    });
}

/** A Redis client that fails fast (no endless offline queue) so a Redis outage shows in /readyz */
export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, lazyConnect: false });
}

const LOOPBACK = /^(?:127\.|::1$|::ffff:127\.)/;

/**
 * The client's bucket key from its address: IPv6 by /56 (one customer's allocation; a /64 per
 * device would let one client use 256 buckets), IPv4 by address, loopback as one client whether it
 * came as 127.0.0.1, ::ffff:127.0.0.1 or ::1.
 */
export function clientKey(ip: string | undefined): string {
  if (!ip) return 'ip:unknown';
  if (LOOPBACK.test(ip)) return 'ip:loopback';
  return `ip:${ipKeyGenerator(ip, 56)}`;
}

/** The presented bearer token's bucket (hashed: keys never sit in Redis), else the client's address */
export function bearerOrClientKey(req: Request): string {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '')?.[1];
  return token ? `key:${createHash('sha256').update(token).digest('hex').slice(0, 32)}` : clientKey(req.ip);
}

export interface BucketOptions {
  /** Name in Redis keys and in the 429 detail */
  bucket: string;
  /** Requests per minute */
  limit: number;
  /** What the limit counts, in words for the 429 detail ("per API key", "per IP") */
  per: string;
  key?: (req: Request) => string;
  stores: StoreFactory;
}

export function bucketLimiter({ bucket, limit, per, key, stores }: BucketOptions) {
  const store = stores(bucket);
  return rateLimit({
    windowMs: 60_000,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: bucket,
    keyGenerator: key ?? ((req: Request) => clientKey(req.ip)),
    ...(store ? { store } : {}),
    // a Redis outage must not take the service down: count nothing rather than refuse everyone
    passOnStoreError: true,
    // clientKey does call ipKeyGenerator (/56); the library's source-text heuristic cannot see it
    validate: { keyGeneratorIpFallback: false },
    handler: (req: Request, res: Response) => {
      const reset = (req as Request & { rateLimit?: { resetTime?: Date } }).rateLimit?.resetTime;
      const seconds = reset ? Math.max(1, Math.ceil((reset.getTime() - Date.now()) / 1000)) : 60;
      res.setHeader('Retry-After', String(seconds));
      sendProblem(
        res,
        429,
        'rate-limited',
        'Too many requests',
        `At most ${limit} requests per minute ${per} here (${bucket}); retry after ${seconds} s.`,
        { bucket, limit, retryAfter: seconds },
      );
    },
  });
}
