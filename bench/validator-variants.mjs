// The validator served other ways than as shipped, for bench/http-path.bench.mjs. On PORT:
//   VARIANT=pool     the service as shipped (apps/validator-api/dist/main.js, its worker pool)
//   VARIANT=inline   the same app validating on its event loop (no pool; /healthz then waits
//                    behind validations): what "processes instead of threads" would be
//   VARIANT=unstacked the same app with its worker pool, small uploads not stacked on busy threads
//                    (the pool as it was before decision 0183)
//   VARIANT=one-deep the same, at most one small upload stacked behind the running one (the pool
//                    as it was before decision 0219)
//   VARIANT=no-work  the same app whose pool answers at once with NO_WORK_ANSWER (the report's bytes,
//                    base64; by default the report of ../shared's CII_example1, made once at start):
//                    what Express, body reading, rate limit, metrics, logging and the answer cost
//                    the event loop without any validation
// CLUSTER_PROCESSES=N (default 1) runs N such processes as a node:cluster sharing PORT (the primary
// hands out connections round-robin).
import cluster from 'node:cluster';
import { createRequire } from 'node:module';

// the settings of this bench helper (not service settings)
const { CLUSTER_PROCESSES = '1', VARIANT: variant = 'pool', NO_WORK_ANSWER = '' } = process.env;
const processes = Number(CLUSTER_PROCESSES);

/** The validator's answer for CII_example1, made by its own task once (the no-work variant's answer) */
async function exampleReport() {
  const { readFileSync } = await import('node:fs');
  const { validateDocument } = await import('../apps/validator-api/dist/work/tasks.js');
  const bytes = readFileSync(new URL('../../shared/en16931/cii/examples/CII_example1.xml', import.meta.url));
  const options = { lang: 'en', maxPdfBytes: 20 * 1024 * 1024, frenchEdition: 'transition' };
  return Buffer.from(validateDocument({ bytes: new Uint8Array(bytes), options }).json);
}

if (processes > 1 && cluster.isPrimary) {
  for (let i = 0; i < processes; i++) cluster.fork();
  process.on('SIGTERM', () => {
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
  });
} else if (variant === 'pool') {
  await import('../apps/validator-api/dist/main.js');
} else {
  const { createApp } = await import('../apps/validator-api/dist/app.js');
  const { loadConfig } = await import('../apps/validator-api/dist/config.js');
  const { pino } = createRequire(new URL('../apps/validator-api/package.json', import.meta.url))('pino');
  const config = loadConfig();
  const logger = pino({ level: config.logLevel });
  let app;
  let pool;
  if (variant === 'no-work') {
    const answer = NO_WORK_ANSWER ? Buffer.from(NO_WORK_ANSWER, 'base64') : await exampleReport();
    const output = () => ({ known: true, json: new Uint8Array(answer), format: 'CII', valid: true });
    pool = {
      threads: 1,
      queued: () => 0,
      inFlight: () => 0,
      saturated: () => false,
      run: async () => output(),
      close: async () => {},
    };
    app = createApp(config, logger, pool);
  } else if (variant === 'unstacked' || variant === 'one-deep') {
    const { threadPool } = await import('../apps/http-kit/dist/index.js');
    const { stackBelowBytes, stackDepth: _depth, ...unstacked } = config.pool;
    const settings = variant === 'one-deep' ? { ...unstacked, stackBelowBytes } : unstacked;
    pool = threadPool(new URL('../apps/validator-api/dist/work/tasks.js', import.meta.url), settings);
    app = createApp(config, logger, pool);
  } else app = createApp(config, logger); // the in-thread pool: validation on the event loop
  const server = app.listen(config.port);
  process.on('SIGTERM', () =>
    server.close(async () => {
      await pool?.close();
      process.exit(0);
    }),
  );
}
