/**
 * Entry point: config from env (validated), the database with migrations applied, listen (with
 * timeouts; a busy port stops the start naming it), and a bounded graceful shutdown that stops
 * accepting, lets requests finish, then closes the database (`serve` of @einv/http-kit).
 */
import { BillingStore, migrateBilling, openSqlite } from '@einv/billing';
import { serve } from '@einv/http-kit';
import { pino } from 'pino';
import { AccountService } from './accounts.js';
import { createApp } from './app.js';
import { configWarnings, loadConfig } from './config.js';
import { migrateGeneration } from './db/migrate.js';

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
const billing = new BillingStore(db, config.billing);
const accounts = new AccountService(db, billing, config.billing.limits);
const app = createApp({ config, accounts, billing, logger });
logger.info({ database: { kind: 'sqlite', file: config.database.file } }, 'database ready');

serve({
  name: 'generation-api',
  app,
  port: config.port,
  portVariable: 'PORT',
  timeouts: config.timeouts,
  drainTimeoutMs: config.drainTimeoutMs,
  log: logger,
  close: () => void sqlite.close(),
});
