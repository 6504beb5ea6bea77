/**
 * Entry point of the validation service: config, listen on PORT (default 3001) with timeouts (a busy
 * port stops the start naming it), bounded graceful shutdown (`serve` of @einv/http-kit).
 */
import { connectRedis, memoryStores, redisStores, serve, serveOptionsFrom, threadPool } from '@einv/http-kit';
import { pino } from 'pino';
import { createApp } from './app.js';
import { loadConfig } from './config.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(`validator-api: invalid configuration: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
const logger = pino({ level: config.logLevel, name: 'validator-api' });
/** Set when SIGTERM arrives: /readyz turns 503 while the instance drains */
const stopping = { value: false };
const pool = threadPool(new URL('./work/tasks.js', import.meta.url), config.pool);
logger.info({ ...config.pool }, 'worker pool ready');
const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
const stores = redis ? redisStores(redis) : memoryStores;
logger.info({ rateLimitStore: redis ? 'redis' : 'memory' }, 'rate limits ready');
serve({
  name: 'validator-api',
  app: createApp(config, logger, pool, stopping, stores, redis ? { redis: () => redis.ping() } : {}),
  ...serveOptionsFrom(config),
  stopping,
  log: logger,
  close: async () => {
    await pool.close();
    await redis?.quit();
  },
});
