import type { NextFunction, Request, Response } from 'express';
import { sendProblem } from './problem.js';

/**
 * CSRF guard for cookie-authenticated routes, on top of SameSite=Strict cookies: refuse requests a
 * browser marks cross-site, and requests whose Origin is not this host.
 */
export function sameOriginOnly(req: Request, res: Response, next: NextFunction): void {
  const site = req.get('sec-fetch-site');
  const origin = req.get('origin');
  let foreignOrigin = false;
  if (origin) {
    try {
      foreignOrigin = new URL(origin).host !== req.get('host');
    } catch {
      foreignOrigin = true;
    }
  }
  if (site === 'cross-site' || foreignOrigin) {
    sendProblem(
      res,
      403,
      'cross-site',
      'Cross-site request refused',
      'Portal requests must come from the portal page itself.',
    );
    return;
  }
  next();
}

/** Security headers for every response (no CDN, no inline scripts: a strict CSP holds) */
export function securityHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader(
    'Content-Security-Policy',
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'",
  );
  next();
}
