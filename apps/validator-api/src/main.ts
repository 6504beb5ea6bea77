/** Entry point of the validation service: config, listen on PORT (default 3001), graceful shutdown. */
import { pino } from 'pino';
import { createApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  console.error(
    `validator-api: invalid configuration: ${err instanceof ConfigError ? err.message : String(err)}`,
  );
  process.exit(2);
}
const logger = pino({ level: config.logLevel, name: 'validator-api' });
const server = createApp(config, logger).listen(config.port, () =>
  logger.info({ port: config.port }, 'validator-api listening'),
);

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  server.close(() => process.exit(0));
  server.closeIdleConnections();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
