/**
 * GET /readyz: whether this instance should get traffic (a load balancer's readiness probe): its
 * dependencies answer (database, Redis; each within a short timeout) and its worker pool can take work.
 * /healthz stays the liveness probe: it only says the event loop answers.
 */
import type { RequestHandler } from 'express';
import type { WorkPool } from './pool.js';

export interface ReadinessChecks {
  pool?: WorkPool;
  /** Named probes that resolve when the dependency answers */
  dependencies?: Record<string, () => Promise<unknown> | unknown>;
  timeoutMs?: number;
  /** Set by serve() when SIGTERM arrives: the instance drains and wants no new work */
  stopping?: { value: boolean };
}

async function within(probe: () => Promise<unknown> | unknown, ms: number): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.resolve().then(probe),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
    return 'ok';
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  } finally {
    clearTimeout(timer);
  }
}

export function readiness({
  pool,
  dependencies = {},
  timeoutMs = 1_000,
  stopping,
}: ReadinessChecks): RequestHandler {
  return async (_req, res) => {
    const checks: Record<string, string> = {};
    await Promise.all(
      Object.entries(dependencies).map(async ([name, probe]) => {
        checks[name] = await within(probe, timeoutMs);
      }),
    );
    if (stopping?.value) checks.process = 'stopping';
    if (pool) checks.pool = pool.saturated() ? `saturated (${pool.queued()} waiting)` : 'ok';
    const ready = Object.values(checks).every((c) => c === 'ok');
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not-ready', checks });
  };
}
