/**
 * Cross-origin access (decision 0135): the free validator API may be called from any web page (a
 * simple GET or POST, and the preflight a JSON POST needs); no credentials are involved, so `*` is
 * safe. The keyed API and the portal send no CORS headers at all: a browser page elsewhere cannot
 * read their answers, and API keys stay on servers.
 */
import cors from 'cors';

export const openCors = cors({
  origin: '*',
  methods: ['GET', 'POST'],
  allowedHeaders: ['Content-Type', 'Accept', 'Accept-Language'],
  exposedHeaders: ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'Content-Disposition'],
  maxAge: 600,
});
