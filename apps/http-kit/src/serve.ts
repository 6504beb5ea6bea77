/**
 * The process around an Express app, shared by both services (decision 0095): an HTTP server with
 * timeouts against slow clients, listen errors that stop the process naming the port and the variable,
 * and a bounded graceful shutdown on SIGTERM/SIGINT.
 */

import type { RequestListener } from 'node:http';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ServerTimeouts {
  /** Time to receive the request headers (slowloris) */
  headersTimeoutMs: number;
  /** Time to receive the whole request, body included */
  requestTimeoutMs: number;
  /** Idle time before a keep-alive connection is closed */
  keepAliveTimeoutMs: number;
}

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 60_000,
  keepAliveTimeoutMs: 5_000,
};

/** A setting the process cannot run with; the message names the variable */
export class SettingError extends Error {}

function msFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1)
    throw new SettingError(`${name} must be a number of milliseconds >= 1, got "${raw}"`);
  return Number(raw);
}

/** The server settings both services read: timeouts and the shutdown drain time */
export function serverSettingsFrom(env: NodeJS.ProcessEnv): {
  timeouts: ServerTimeouts;
  drainTimeoutMs: number;
  graceMs: number;
} {
  return {
    timeouts: {
      headersTimeoutMs: msFrom(env, 'HEADERS_TIMEOUT_MS', DEFAULT_TIMEOUTS.headersTimeoutMs),
      requestTimeoutMs: msFrom(env, 'REQUEST_TIMEOUT_MS', DEFAULT_TIMEOUTS.requestTimeoutMs),
      keepAliveTimeoutMs: msFrom(env, 'KEEP_ALIVE_TIMEOUT_MS', DEFAULT_TIMEOUTS.keepAliveTimeoutMs),
    },
    drainTimeoutMs: msFrom(env, 'SHUTDOWN_TIMEOUT_MS', 10_000),
    graceMs: msFrom(env, 'SHUTDOWN_GRACE_MS', 1_000),
  };
}

/** The serve() options both services take from their configuration: PORT and serverSettingsFrom() */
export function serveOptionsFrom(
  config: { port: number } & ReturnType<typeof serverSettingsFrom>,
): Pick<ServeOptions, 'port' | 'portVariable' | 'timeouts' | 'drainTimeoutMs' | 'graceMs'> {
  return {
    port: config.port,
    portVariable: 'PORT',
    timeouts: config.timeouts,
    drainTimeoutMs: config.drainTimeoutMs,
    graceMs: config.graceMs,
  };
}

/** Exit code of a service that could not listen (2 is a bad setting, 1 a crash) */
export const EXIT_LISTEN_FAILED = 3;

export interface ServiceLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ServeOptions {
  name: string;
  app: RequestListener;
  port: number;
  /** The setting the port came from, named in listen errors */
  portVariable: string;
  host?: string;
  timeouts?: ServerTimeouts;
  /** Longest wait for in-flight requests after SIGTERM before connections are cut */
  drainTimeoutMs?: number;
  /**
   * After SIGTERM, how long connections are still accepted (answered with `Connection: close`, /readyz
   * 503) before the listener closes: requests already sent but not yet read by this process (in the
   * kernel's accept queue, or headers not parsed) are served rather than reset.
   */
  graceMs?: number;
  /** Set true when the shutdown starts (readiness reports it) */
  stopping?: { value: boolean };
  log: ServiceLog;
  /** Releases what the service holds (database, Redis, worker pool) after the last request */
  close?: () => Promise<void> | void;
  /** Called instead of process.exit (tests) */
  exit?: (code: number) => void;
  /** Shut down on SIGTERM/SIGINT (default true; tests call shutdown() themselves) */
  handleSignals?: boolean;
}

export interface RunningService {
  server: http.Server;
  /** Resolves with the bound port once listening */
  listening: Promise<number>;
  shutdown(signal: string): Promise<void>;
}

/** The server with its timeouts set; timeouts are checked every second, not Node's default 30 s */
export function createServer(app: RequestListener, timeouts: ServerTimeouts = DEFAULT_TIMEOUTS): http.Server {
  const server = http.createServer(
    {
      headersTimeout: timeouts.headersTimeoutMs,
      requestTimeout: timeouts.requestTimeoutMs,
      keepAliveTimeout: timeouts.keepAliveTimeoutMs,
      connectionsCheckingInterval: 1_000,
    },
    app,
  );
  return server;
}

export function serve(options: ServeOptions): RunningService {
  const { name, log } = options;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const server = createServer(options.app, options.timeouts);
  let closing = false;
  // during the drain, every answer closes its connection so keep-alive clients reconnect elsewhere
  server.on('request', (_req, res: http.ServerResponse) => {
    if (closing) res.setHeader('Connection', 'close');
  });
  const listening = new Promise<number>((resolve) => {
    server.once('listening', () => resolve((server.address() as AddressInfo).port));
  });
  server.on('error', (err: NodeJS.ErrnoException) => {
    const why =
      err.code === 'EADDRINUSE'
        ? 'is already in use'
        : err.code === 'EACCES'
          ? 'needs privileges this process does not have (ports below 1024)'
          : `cannot be used (${err.code ?? err.message})`;
    log.error(
      { port: options.port, variable: options.portVariable, code: err.code },
      `${name}: port ${options.port} (${options.portVariable}) ${why}; choose another with ${options.portVariable}`,
    );
    exit(EXIT_LISTEN_FAILED);
  });
  server.listen(options.port, options.host, () =>
    log.info({ port: (server.address() as AddressInfo).port }, `${name} listening`),
  );

  let done: Promise<void> | undefined;
  const shutdown = (signal: string): Promise<void> => {
    done ??= (async () => {
      closing = true;
      if (options.stopping) options.stopping.value = true;
      log.info({ signal }, `${name}: stopping; draining in-flight requests`);
      await new Promise((resolve) => setTimeout(resolve, options.graceMs ?? 0));
      const drained = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
      server.closeIdleConnections();
      const limit = options.drainTimeoutMs ?? 10_000;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), limit);
      });
      const clean = await Promise.race([drained, timedOut]);
      clearTimeout(timer);
      if (!clean) {
        log.warn(
          { drainTimeoutMs: limit },
          `${name}: requests still running after the drain time; closing them`,
        );
        server.closeAllConnections();
      }
      try {
        await options.close?.();
      } catch (err) {
        log.error({ err }, `${name}: error while closing resources`);
        exit(1);
        return;
      }
      log.info({}, `${name}: stopped`);
      exit(clean ? 0 : 1);
    })();
    return done;
  };
  if (options.handleSignals !== false) {
    process.once('SIGTERM', () => void shutdown('SIGTERM'));
    process.once('SIGINT', () => void shutdown('SIGINT'));
  }
  return { server, listening, shutdown };
}
