/** The validation service as an Express app (see main.ts for the process around it). */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  bucketLimiter,
  createMetrics,
  inlinePool,
  memoryStores,
  methodNotAllowed,
  negotiateLang,
  openCors,
  pageAssets,
  problemErrorHandler,
  readiness,
  type StoreFactory,
  securityHeaders,
  sendProblem,
  staticFiles,
  type WorkPool,
} from '@einv/http-kit';
import express from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { ValidatorConfig } from './config.js';
import { openApiDocument } from './openapi.js';
import { formatsRouter } from './routes/formats.js';
import { rulesRouter } from './routes/rules.js';
import { validateRouter } from './routes/validate.js';
import * as tasks from './work/tasks.js';

const PUBLIC = fileURLToPath(new URL('../public', import.meta.url));
/** The only swagger-ui-dist files docs.html loads (not its package.json, README or source maps) */
const SWAGGER_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js'];
const SWAGGER_UI = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/** In-thread tasks: tests and library use; main.ts passes the worker-thread pool */
const inThread = () => inlinePool(tasks);

export function createApp(
  config: ValidatorConfig,
  logger: Logger,
  pool: WorkPool = inThread(),
  stopping = { value: false },
  stores: StoreFactory = memoryStores,
  dependencies: Record<string, () => unknown> = {},
): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // no ETag hashed over every answer on the event loop (decision 0170); files keep Last-Modified
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  app.use(
    pinoHttp({ logger, autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' } }),
  );
  app.use(securityHeaders);
  // problems and answers in the request's language: ?lang=, else Accept-Language (decision 0132)
  app.use(negotiateLang('en'));
  const metrics = createMetrics('validator-api', pool);
  app.use(metrics.track);
  app.get('/metrics', metrics.endpoint(config.metricsToken));
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/readyz', readiness({ pool, stopping, dependencies }));
  // the free API is open to pages of any origin (decision 0135); preflights end here
  app.use('/v1', openCors);
  app.use(methodNotAllowed(app));
  app.use(bucketLimiter({ bucket: 'validator', limit: config.rateLimitPerMinute, per: 'per IP', stores }));

  app.use('/v1/validate', validateRouter(config.maxUploadBytes, pool, metrics));
  app.use('/v1/formats', formatsRouter());
  app.use('/v1/rules', rulesRouter());
  app.get('/v1/openapi.json', (_req, res) => void res.json(openApiDocument));
  app.use('/v1/docs/assets', staticFiles(SWAGGER_UI, SWAGGER_FILES));
  app.get('/v1/docs', (_req, res) => void res.sendFile(path.join(PUBLIC, 'docs.html')));
  app.use('/shared', pageAssets());
  app.use('/', express.static(PUBLIC, { index: 'index.html', maxAge: '10m' }));

  app.use((req, res) =>
    sendProblem(
      res,
      404,
      'not-found',
      'Not found',
      `No route ${req.method} ${req.path}. See /v1/openapi.json.`,
    ),
  );
  app.use(problemErrorHandler((err) => logger.error({ err }, 'unhandled error')));
  return app;
}
