// The validator as a node:cluster, for bench/http-path.bench.mjs: CLUSTER_PROCESSES processes share
// PORT (the primary hands out connections round-robin). Each is the validator as shipped (its own
// worker pool of WORKER_THREADS), or with VALIDATE_INLINE=1 the same app validating on its event loop
// (no pool: what "processes instead of threads" would be; /healthz then waits behind validations).
import cluster from 'node:cluster';
import { createRequire } from 'node:module';

if (cluster.isPrimary) {
  for (let i = 0; i < Number(process.env.CLUSTER_PROCESSES ?? 2); i++) cluster.fork();
  process.on('SIGTERM', () => {
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
    });
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
  });
} else if (process.env.VALIDATE_INLINE === '1') {
  const { createApp } = await import('../apps/validator-api/dist/app.js');
  const { loadConfig } = await import('../apps/validator-api/dist/config.js');
  const { pino } = createRequire(new URL('../apps/validator-api/package.json', import.meta.url))('pino');
  const config = loadConfig();
  const app = createApp(config, pino({ level: config.logLevel }));
  const server = app.listen(config.port);
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
} else {
  await import('../apps/validator-api/dist/main.js');
}
