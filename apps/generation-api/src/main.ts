/**
 * Entry point: config from env (validated), the database (SQLite file or PostgreSQL) with migrations
 * applied under a lock, Redis when REDIS_URL is set, listen (with timeouts; a busy port stops the start
 * naming it), and a bounded graceful shutdown that stops accepting, lets requests finish, then closes
 * the pool, Redis and the database (`serve` of @einv/http-kit).
 */
import { BILLING_MIGRATIONS, openDatabase } from '@einv/billing';
import { connectRedis, memoryStores, redisStores, serve, serveOptionsFrom, threadPool } from '@einv/http-kit';
import { pino } from 'pino';
import { memoryThrottles, redisThrottles } from './auth/failure-throttle.js';
import { configWarnings, loadConfig } from './config.js';
import { GENERATION_MIGRATIONS } from './db/migrate.js';
import { createService } from './service.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(`generation-api: invalid configuration: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(2);
}
const logger = pino({ level: config.logLevel, name: 'generation-api' });
for (const warning of configWarnings(config)) logger.warn(warning);

const setting = config.database;
const database = openDatabase(setting.kind === 'postgres' ? setting.url : setting.file, {
  poolSize: config.databasePoolSize,
});
// Where the data is, without the password of a PostgreSQL URL
const where =
  setting.kind === 'postgres'
    ? { kind: 'postgres', host: new URL(setting.url).host, database: new URL(setting.url).pathname.slice(1) }
    : { kind: 'sqlite', file: setting.file };
try {
  await database.migrate([BILLING_MIGRATIONS, GENERATION_MIGRATIONS]);
} catch (err) {
  logger.error(
    { database: where, err: err instanceof Error ? err.message : String(err) },
    'DATABASE_URL: the database cannot be opened or migrated',
  );
  await database.close().catch(() => {});
  process.exit(2);
}
logger.info({ database: where }, 'database ready');
if (!config.smtpUrl)
  logger.info('SMTP_URL is not set: dev mode, mails are not sent and their links are logged at info');
/** Set when SIGTERM arrives: /readyz turns 503 while the instance drains */
const stopping = { value: false };
const pool = threadPool(new URL('./work/tasks.js', import.meta.url), config.pool);
logger.info({ ...config.pool }, 'worker pool ready');
const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
logger.info({ rateLimitStore: redis ? 'redis' : 'memory' }, 'rate limits and sign-in delays ready');
const { app } = createService(config, database, logger, undefined, {
  pool,
  stopping,
  stores: redis ? redisStores(redis) : memoryStores,
  throttles: redis ? redisThrottles(redis) : memoryThrottles,
  dependencies: {
    database: () => database.ping(),
    ...(redis ? { redis: () => redis.ping() } : {}),
  },
});

serve({
  name: 'generation-api',
  app,
  ...serveOptionsFrom(config),
  stopping,
  log: logger,
  close: async () => {
    await pool.close();
    await redis?.quit();
    await database.close();
  },
});
