/**
 * Entry point: config from env (validated), SQLite (WAL) with migrations applied, listen, and a
 * graceful shutdown that stops accepting, lets requests finish, then closes the database.
 */
import { migrateBilling, openSqlite } from '@einv/billing';
import { pino } from 'pino';
import { ConfigError, loadConfig } from './config.js';
import { migrateGeneration } from './db/migrate.js';
import { createService } from './service.js';

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
if (!config.smtpUrl)
  logger.info('SMTP_URL is not set: dev mode, mails are not sent and their links are logged at info');
const { app } = createService(config, db, logger);

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
