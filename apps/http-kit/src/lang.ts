/**
 * The language of an answer (decision 0132): the `lang` query option wins; otherwise the request's
 * Accept-Language (q-values honoured, through Express's negotiator); otherwise the service's default.
 * `negotiateLang` runs first on every request so problems raised before any route (body too large,
 * malformed JSON) are in the same language; sendProblem reads `res.locals.lang`.
 */
import type { NextFunction, Request, Response } from 'express';
import { sendProblem } from './problem.js';

export const LANGS = ['en', 'fr'] as const;
export type Lang = (typeof LANGS)[number];

/** The language asked by the query or the headers, without judging a bad `lang` */
export function preferredLang(req: Request, fallback: Lang): Lang {
  const q = req.query.lang;
  if (q === 'en' || q === 'fr') return q;
  if (!req.headers['accept-language']) return fallback;
  const best = req.acceptsLanguages(fallback, ...LANGS.filter((l) => l !== fallback));
  return best === 'fr' || best === 'en' ? best : fallback;
}

/** Middleware: remembers the request's language for the answers and problems of the request */
export function negotiateLang(fallback: Lang) {
  return (req: Request, res: Response, next: NextFunction) => {
    res.locals.lang = preferredLang(req, fallback);
    res.vary('Accept-Language');
    next();
  };
}

/**
 * The answer's language for a route: `lang` when given (a 400 problem naming it when it is neither
 * en nor fr, then undefined), else the negotiated one
 */
export function requestLang(req: Request, res: Response, fallback: Lang = 'en'): Lang | undefined {
  const q = req.query.lang;
  if (q === undefined) return preferredLang(req, fallback);
  if (q === 'en' || q === 'fr') return q;
  sendProblem(res, 400, 'invalid-option', 'Invalid lang', 'Query option lang must be one of en, fr.', {
    field: 'lang',
    allowed: LANGS,
  });
  return undefined;
}

/** A size for people ("20 MB" / "20 Mo"): core-model's, shared with the command line */
export { formatSize } from '@einv/core-model';
