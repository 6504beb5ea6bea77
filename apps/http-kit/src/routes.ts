/**
 * The route table of an Express app, read from Express itself, and what both services derive from
 * it: 405 Method Not Allowed with `Allow` for a known path asked with another method, and the test
 * that compares the table with the OpenAPI paths (decision 0135).
 */
import type { NextFunction, Request, Response } from 'express';
import { sendProblem } from './problem.js';

export interface RouteEntry {
  /** OpenAPI-style path: `/api/portal/keys/{id}` */
  path: string;
  /** Upper-case methods, sorted (`HEAD` is not listed: Express answers it for every GET) */
  methods: string[];
}

/** The parts of an Express (router 2.x) layer this walk reads */
interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** `/keys/:id` → `/keys/{id}`; only string paths are routes we can name (a RegExp path is not) */
function openApiPath(prefix: string, path: unknown): string | undefined {
  if (typeof path !== 'string') return undefined;
  const joined = `${prefix}${path === '/' ? '' : path}`.replace(/\/+$/, '');
  return (joined || '/').replace(/:(\w+)/g, '{$1}');
}

function walk(stack: Layer[], prefix: string, into: Map<string, Set<string>>): void {
  for (const layer of stack) {
    if (layer.route) {
      const path = openApiPath(prefix, layer.route.path);
      if (path === undefined) continue;
      const methods = into.get(path) ?? new Set<string>();
      for (const [method, on] of Object.entries(layer.route.methods)) {
        if (on && method !== '_all') methods.add(method.toUpperCase());
      }
      into.set(path, methods);
    } else if (layer.handle?.stack) {
      // a mounted router: its routes sit under the mount path
      const mount = openApiPath(prefix, layer.rawPath ?? '/');
      if (mount !== undefined) walk(layer.handle.stack, mount === '/' ? '' : mount, into);
    }
  }
}

/** Every route of the app (paths and methods), in the order Express declares them */
export function routeTable(app: { router: { stack: unknown[] } }): RouteEntry[] {
  const table = new Map<string, Set<string>>();
  walk(app.router.stack as Layer[], '', table);
  return [...table].map(([path, methods]) => ({ path, methods: [...methods].sort() }));
}

/** A matcher for an OpenAPI path: `{id}` stands for one non-empty segment */
function matcherOf(path: string): RegExp {
  const pattern = path
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}/?$`);
}

/**
 * 405 problem+json with `Allow` when the path is a route of the app but the method is not one of its
 * methods (GET on a POST route); OPTIONS on such a path is 204 with `Allow`. Mounted early, before authentication, so the answer names the
 * mistake rather than a missing key. The table is read at the first request, once every route exists.
 */
export function methodNotAllowed(app: { router: { stack: unknown[] } }) {
  let routes: { match: RegExp; methods: string[] }[] | undefined;
  /** The methods of each path without parameters, found once: most requests need one map lookup */
  let fixedPaths: Map<string, Set<string>> | undefined;
  const methodsOf = (path: string): Set<string> => {
    const allowed = new Set<string>();
    for (const r of routes ?? []) if (r.match.test(path)) for (const m of r.methods) allowed.add(m);
    return allowed;
  };
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!routes || !fixedPaths) {
      const table = routeTable(app);
      routes = table.map((r) => ({ match: matcherOf(r.path), methods: r.methods }));
      fixedPaths = new Map(
        table.filter((r) => !r.path.includes('{')).map((r) => [r.path, methodsOf(r.path)] as const),
      );
    }
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const path = req.path;
    // a fixed route's path, or with the trailing slash its matcher also accepts
    const allowed = fixedPaths.get(path) ?? fixedPaths.get(path.replace(/\/$/, '')) ?? methodsOf(path);
    if (allowed.size === 0 || allowed.has(method)) {
      next();
      return;
    }
    const allow = [...allowed].sort().join(', ');
    if (req.method === 'OPTIONS') {
      // the methods, and no CORS headers: a preflight from another origin fails here (the CORS
      // middleware of an open API answers it before this point)
      res.setHeader('Allow', allow);
      res.status(204).end();
      return;
    }
    res.setHeader('Allow', allow);
    sendProblem(
      res,
      405,
      'method-not-allowed',
      'Method not allowed',
      `${req.method} is not allowed on ${req.path}; use ${allow}.`,
      { allow: [...allowed].sort() },
    );
  };
}
