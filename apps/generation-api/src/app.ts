/**
 * The generation service as an Express app, built from its dependencies so tests drive the real thing
 * over HTTP without a listening port (supertest) or with one (the browser test).
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BillingStore } from '@einv/billing';
import {
  BODY_LIMIT_BYTES,
  bearerOrClientKey,
  bucketLimiter,
  createMetrics,
  inlinePool,
  memoryStores,
  methodNotAllowed,
  negotiateLang,
  pageAssets,
  problemErrorHandler,
  readiness,
  rejectEmptyBody,
  requireJson,
  type StoreFactory,
  securityHeaders,
  sendProblem,
  staticFiles,
  type WorkPool,
} from '@einv/http-kit';
import type { NextFunction, Request, Response } from 'express';
import express from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import type { AccountService } from './accounts.js';
import { AuthAttempts, sendTooManyAttempts } from './auth/auth-attempts.js';
import { memoryThrottles, type ThrottleFactory } from './auth/failure-throttle.js';
import type { GenerationConfig } from './config.js';
import type { KeyService } from './keys.js';
import { openApiDocument } from './openapi.js';
import { apiV1Router } from './routes/api-v1.js';
import { checkXmlRouter } from './routes/check-xml.js';
import { portalRouter } from './routes/portal.js';
import { statusRouter } from './routes/status.js';
import { webhooksRouter } from './routes/webhooks.js';
import * as tasks from './work/tasks.js';

export interface AppDependencies {
  config: GenerationConfig;
  accounts: AccountService;
  keys: KeyService;
  billing: BillingStore;
  logger: Logger;
  clock?: () => Date;
  /** The worker pool for CPU work (main.ts: threads); default: the same tasks in this thread */
  pool?: WorkPool;
  /** What /readyz probes besides the pool (database, Redis) */
  dependencies?: Record<string, () => unknown>;
  /** Set by serve() on SIGTERM: /readyz answers 503 while draining */
  stopping?: { value: boolean };
  /** Where rate-limit counters live (main.ts: Redis when REDIS_URL is set) */
  stores?: StoreFactory;
  /** Where failed-authentication counts live (main.ts: Redis when REDIS_URL is set) */
  throttles?: ThrottleFactory;
}

const PUBLIC = fileURLToPath(new URL('../public', import.meta.url));
/** The only swagger-ui-dist files docs.html loads (not its package.json, README or source maps) */
const SWAGGER_FILES = ['swagger-ui.css', 'swagger-ui-bundle.js'];
const SWAGGER_UI = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

export function createApp({
  config,
  accounts,
  keys,
  billing,
  logger,
  clock = () => new Date(),
  pool = inlinePool(tasks),
  dependencies = {},
  stopping = { value: false },
  stores = memoryStores,
  throttles = memoryThrottles,
}: AppDependencies): express.Express {
  const attempts = new AuthAttempts(config.authThrottle, throttles);
  const app = express();
  app.disable('x-powered-by');
  // no ETag hashed over every answer on the event loop (decision 0170); files keep Last-Modified
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  app.set('json spaces', 0);
  app.use(
    pinoHttp({
      logger,
      redact: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-signature"]',
        'res.headers["set-cookie"]',
      ],
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    }),
  );
  app.use(securityHeaders);
  // problems in the request's language: ?lang=, else Accept-Language (decision 0132)
  app.use(negotiateLang('en'));
  const metrics = createMetrics('generation-api', pool);
  app.use(metrics.track);
  app.get('/metrics', metrics.endpoint(config.metricsToken));
  app.get('/healthz', (_req, res) => void res.json({ status: 'ok' }));
  app.get('/readyz', readiness({ pool, dependencies, stopping }));
  // before the keys: GET on a POST route is 405 with Allow, whoever asks (decision 0135)
  app.use(methodNotAllowed(app));
  // Buckets (decision 0097): the API per key (per IP without one), the portal per IP, the rest per
  // IP; webhooks have none (the provider's retries must not meet a 429; the signature guards them).
  const apiLimit = bucketLimiter({
    bucket: 'api',
    limit: config.rateLimitPerMinute,
    per: 'per API key (per IP without one)',
    key: bearerOrClientKey,
    stores,
  });
  const portalLimit = bucketLimiter({
    bucket: 'portal',
    limit: config.portalRateLimitPerMinute,
    per: 'per IP',
    stores,
  });
  const siteLimit = bucketLimiter({
    bucket: 'site',
    limit: config.rateLimitPerMinute,
    per: 'per IP',
    stores,
  });

  const json = express.json({ limit: BODY_LIMIT_BYTES, type: ['application/json', 'application/*+json'] });
  const portalUrl = `${config.publicUrl}/api/portal`;
  /**
   * Bearer API keys. Failures are limited per IP and per key's account with growing delays (429 while
   * blocked) and logged at warn; a suspended key gets its own problem type saying why.
   */
  const bearer = async (req: Request, res: Response, next: NextFunction) => {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    const ip = req.ip ?? 'unknown';
    const presented = match?.[1];
    const prefixSubject = presented ? `key:${presented.slice(0, 17)}` : undefined;
    const wait = await attempts.waitMs(ip, prefixSubject);
    if (wait > 0) {
      req.log.warn({ ip, retryAfterMs: wait }, 'API key refused: too many failures');
      return sendTooManyAttempts(res, wait, 'API-key authentications from here or for this key');
    }
    const check = await keys.authenticate(presented);
    if (check.ok) {
      res.locals.account = check.account;
      return next();
    }
    const failures = await attempts.failed(ip, prefixSubject);
    req.log.warn({ ip, reason: check.reason, accountId: check.accountId, failures }, 'API key refused');
    res.setHeader('WWW-Authenticate', 'Bearer realm="einv"');
    if (check.reason === 'invalid')
      return sendProblem(
        res,
        401,
        'unauthorized',
        'Missing or invalid API key',
        `Send \`Authorization: Bearer <API key>\`; create keys in the portal at ${portalUrl}.`,
      );
    return sendProblem(
      res,
      401,
      check.reason === 'suspended' ? 'key-suspended' : 'account-suspended',
      check.reason === 'suspended' ? 'API key suspended' : 'Account suspended',
      `${check.detail} Portal: ${portalUrl}.`,
      { portal: portalUrl },
    );
  };

  app.use('/api/webhooks', webhooksRouter(billing, config.billingWebhookSecret, clock, metrics.webhook));
  app.use(
    '/api/v1',
    apiLimit,
    bearer,
    rejectEmptyBody('a JSON object'),
    requireJson,
    json,
    apiV1Router(accounts, clock, config.maxAnswerBytes, `${portalUrl}#upgrade`, pool, metrics),
    statusRouter(pool),
  );
  app.use(
    '/check-xml',
    siteLimit,
    rejectEmptyBody('{"xml": "<XML text>"} as application/json, or the XML itself as application/xml'),
    checkXmlRouter(pool, json),
  );
  app.use('/api/portal/shared', pageAssets());
  app.use('/api/portal/assets', express.static(path.join(PUBLIC, 'portal'), { index: false, maxAge: '1h' }));
  app.use(
    '/api/portal',
    portalLimit,
    json,
    portalRouter({
      accounts,
      keys,
      attempts,
      pageHtml: fs.readFileSync(path.join(PUBLIC, 'portal.html'), 'utf8'),
      secureCookies: config.secureCookies,
    }),
  );
  app.get('/api/openapi.json', siteLimit, (_req, res) => void res.json(openApiDocument));
  app.use('/api/docs/assets', staticFiles(SWAGGER_UI, SWAGGER_FILES));
  app.get('/api/docs', (_req, res) => void res.sendFile(path.join(PUBLIC, 'docs.html')));
  app.get('/', (_req, res) => void res.redirect('/api/portal'));

  app.use((req, res) =>
    sendProblem(
      res,
      404,
      'not-found',
      'Not found',
      `No route ${req.method} ${req.path}. See /api/openapi.json.`,
    ),
  );
  app.use(problemErrorHandler((err) => logger.error({ err }, 'unhandled error')));
  return app;
}
