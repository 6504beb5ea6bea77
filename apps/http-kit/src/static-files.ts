/**
 * Static assets by allow-list: only the files a page loads are served. `express.static` over a
 * package folder (swagger-ui-dist) also served its package.json, README and source maps.
 */
import { Router } from 'express';

export function staticFiles(dir: string, files: readonly string[], maxAge = '1h'): Router {
  const router = Router();
  for (const file of files) {
    // `root`, not an absolute path: the dotfile check would refuse pnpm's node_modules/.pnpm folder
    router.get(`/${file}`, (_req, res, next) =>
      res.sendFile(file, { root: dir, maxAge }, (err) => err && next(err)),
    );
  }
  return router;
}
