/**
 * Entry point: config from env (validated), SQLite (WAL) with migrations applied, listen, and a
 * graceful shutdown that stops accepting, lets requests finish, then closes the database.
 */
import { BillingStore, migrateBilling, openSqlite } from '@einv/billing';
import { pino } from 'pino';
import { AccountService } from './accounts.js';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { migrateGeneration } from './db/migrate.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(
    `generation-api: invalid configuration: ${err instanceof ConfigError ? err.message : String(err)}`,
  );
  process.exit(2);
}
const logger = pino({ level: config.logLevel, name: 'generation-api' });
if (!config.billingWebhookSecret)
  logger.warn('BILLING_WEBHOOK_SECRET is not set: every billing webhook will be refused');

const { sqlite, db } = openSqlite(config.databaseUrl);
migrateBilling(db);
migrateGeneration(db);
const billing = new BillingStore(db, config.billing);
const accounts = new AccountService(db, billing, config.billing.limits);
const app = createApp({ config, accounts, billing, logger });

const server = app.listen(config.port, () =>
  logger.info({ port: config.port, database: config.databaseUrl }, 'generation-api listening'),
);

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  server.close(() => {
    sqlite.close();
    process.exit(0);
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
