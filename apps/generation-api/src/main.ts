/**
 * Entry point: config from env (validated), the database with migrations applied, listen (with
 * timeouts; a busy port stops the start naming it), and a bounded graceful shutdown that stops
 * accepting, lets requests finish, then closes the database (`serve` of @einv/http-kit).
 */
import { migrateBilling, openSqlite } from '@einv/billing';
import { connectRedis, memoryStores, redisStores, serve, threadPool } from '@einv/http-kit';
import { pino } from 'pino';
import { configWarnings, loadConfig } from './config.js';
import { migrateGeneration } from './db/migrate.js';
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

if (config.database.kind !== 'sqlite') {
  logger.error('DATABASE_URL: PostgreSQL is not supported by this build; use a SQLite file path');
  process.exit(2);
}
const { sqlite, db } = openSqlite(config.database.file);
migrateBilling(db);
migrateGeneration(db);
if (!config.smtpUrl)
  logger.info('SMTP_URL is not set: dev mode, mails are not sent and their links are logged at info');
/** Set when SIGTERM arrives: /readyz turns 503 while the instance drains */
const stopping = { value: false };
const pool = threadPool(new URL('./work/tasks.js', import.meta.url), config.pool);
logger.info({ ...config.pool }, 'worker pool ready');
const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
logger.info({ rateLimitStore: redis ? 'redis' : 'memory' }, 'rate limits ready');
const { app } = createService(config, db, logger, undefined, {
  pool,
  stopping,
  stores: redis ? redisStores(redis) : memoryStores,
  dependencies: {
    database: () => sqlite.prepare('select 1').get(),
    ...(redis ? { redis: () => redis.ping() } : {}),
  },
});
logger.info({ database: { kind: 'sqlite', file: config.database.file } }, 'database ready');

serve({
  name: 'generation-api',
  app,
  port: config.port,
  portVariable: 'PORT',
  timeouts: config.timeouts,
  drainTimeoutMs: config.drainTimeoutMs,
  graceMs: config.graceMs,
  stopping,
  log: logger,
  close: async () => {
    await pool.close();
    await redis?.quit();
    sqlite.close();
  },
});
