/**
 * Prometheus metrics (prom-client), decision 0098: one registry per service with the series an
 * operator needs to see load and failures. `GET /metrics` exists only when METRICS_TOKEN is set, and
 * then requires `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time).
 */
import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { WorkPool } from './pool.js';
import { sendProblem } from './problem.js';

export interface ServiceMetrics {
  registry: Registry;
  /** Counts every request by method, route and status, and observes its duration */
  track: RequestHandler;
  validation(format: string, verdict: 'valid' | 'invalid' | 'unknown-format'): void;
  webhook(outcome: string): void;
  /** Serves the registry behind the token; undefined token: 404 like any unknown route */
  endpoint(token: string | undefined): RequestHandler;
}

export function createMetrics(service: string, pool?: WorkPool): ServiceMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service });
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'einv_http_requests_total',
    help: 'HTTP requests by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'einv_http_request_duration_seconds',
    help: 'HTTP request duration by method and route',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const validations = new Counter({
    name: 'einv_validations_total',
    help: 'Validations by input format and verdict',
    labelNames: ['format', 'verdict'] as const,
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'einv_billing_webhooks_total',
    help: 'Billing webhooks by outcome (applied, duplicate, stale, unmapped, recorded, invalid, unauthorized)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  if (pool) {
    new Gauge({
      name: 'einv_pool_queue_depth',
      help: 'Tasks waiting for a worker thread',
      registers: [registry],
      collect() {
        this.set(pool.queued());
      },
    });
    new Gauge({
      name: 'einv_pool_in_flight',
      help: 'Tasks running or waiting in the worker pool',
      registers: [registry],
      collect() {
        this.set(pool.inFlight());
      },
    });
  }
  const track: RequestHandler = (req: Request, res: Response, next: NextFunction) => {
    const end = duration.startTimer();
    res.on('finish', () => {
      // the matched route pattern, never the raw path: ids and typos must not create series
      const route = req.route?.path
        ? `${req.baseUrl}${req.route.path === '/' ? '' : req.route.path}`
        : req.baseUrl || 'unmatched';
      end({ method: req.method, route });
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
  const endpoint = (token: string | undefined): RequestHandler => {
    const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
    return async (req, res, next) => {
      if (!expected) return next();
      const given = Buffer.from(req.get('authorization') ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        return sendProblem(
          res,
          401,
          'unauthorized',
          'Metrics token required',
          'Send `Authorization: Bearer <METRICS_TOKEN>`.',
        );
      }
      res.type(registry.contentType).send(await registry.metrics());
    };
  };
  return {
    registry,
    track,
    validation: (format, verdict) => validations.inc({ format, verdict }),
    webhook: (outcome) => webhooks.inc({ outcome }),
    endpoint,
  };
}
