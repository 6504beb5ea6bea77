/**
 * One check for both services: the route table Express holds equals the paths and methods of the
 * service's OpenAPI document (both directions), and docs/api.md names every route.
 */
import fs from 'node:fs';
import { routeTable } from '@einv/http-kit';
import { describe, expect, it } from '@jest/globals';
import { REPO_ROOT } from './shared.js';

type RouteList = { path: string; methods: string[] }[];
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'];

const byPath = (list: RouteList) => Object.fromEntries(list.map((r) => [r.path, r.methods.join(' ')]));

export function describeRoutesMatchOpenApi(
  app: Parameters<typeof routeTable>[0],
  openApiDocument: { paths: Record<string, object> },
  atLeast: number,
): void {
  describe('the route table (from Express) equals the OpenAPI paths', () => {
    // static files of the pages (swagger-ui assets, the shared page-lang.js) are files served by
    // allow-list, not API routes
    const routes = routeTable(app).filter(
      (r) => !r.path.includes('/docs/assets/') && !r.path.endsWith('.js'),
    );
    const documented = Object.entries(openApiDocument.paths).map(([path, item]) => ({
      path,
      methods: Object.keys(item)
        .filter((k) => HTTP_METHODS.includes(k))
        .map((m) => m.toUpperCase())
        .sort(),
    }));

    it('every route is documented with its methods, and every documented path is a route', () => {
      expect(routes.length).toBeGreaterThan(atLeast);
      expect(byPath(routes)).toEqual(byPath(documented));
    });

    it('docs/api.md lists every route', () => {
      const doc = fs.readFileSync(`${REPO_ROOT}/docs/api.md`, 'utf8');
      const missing = routes.flatMap((r) =>
        r.methods.filter((m) => !doc.includes(`\`${m} ${r.path}\``)).map((m) => `${m} ${r.path}`),
      );
      expect(missing).toEqual([]);
    });
  });
}
