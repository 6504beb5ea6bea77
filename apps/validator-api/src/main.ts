/**
 * Entry point of the validation service: config, listen on PORT (default 3001) with timeouts (a busy
 * port stops the start naming it), bounded graceful shutdown (`serve` of @einv/http-kit).
 */
import { serve, threadPool } from '@einv/http-kit';
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
serve({
  name: 'validator-api',
  app: createApp(config, logger, pool, stopping),
  port: config.port,
  portVariable: 'PORT',
  timeouts: config.timeouts,
  drainTimeoutMs: config.drainTimeoutMs,
  graceMs: config.graceMs,
  stopping,
  log: logger,
  close: () => pool.close(),
});
