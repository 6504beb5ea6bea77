/**
 * RFC 9457 problem details: every error response of the service has this shape, so a client
 * handles one format. `type` is a stable URN per kind of problem (listed in docs/api.md).
 */
import {
  type CompiledTemplate,
  compileTemplate,
  type TextTemplate,
  translateByTemplates,
} from '@einv/core-model';
import type { ErrorRequestHandler, Response } from 'express';
import { formatSize } from './lang.js';
import { WorkRefused } from './pool.js';
import { PROBLEM_DETAILS_FR, PROBLEM_TITLES_FR } from './problem-fr.js';

export interface ProblemExtras {
  /** The request field or location at fault, e.g. `invoice`, `xml`, `profile` */
  field?: string;
  [member: string]: unknown;
}

let detailsFr: CompiledTemplate<TextTemplate>[] | undefined;

/** Title and detail in the request's language (`res.locals.lang`, set by negotiateLang) */
export function problemText(slug: string, title: string, detail: string, lang: unknown) {
  if (lang !== 'fr') return { title, detail };
  detailsFr ??= PROBLEM_DETAILS_FR.map(compileTemplate);
  return {
    title: PROBLEM_TITLES_FR[slug] ?? title,
    detail: translateByTemplates(detailsFr, detail) ?? detail,
  };
}

export function sendProblem(
  res: Response,
  status: number,
  slug: string,
  title: string,
  detail: string,
  extras: ProblemExtras = {},
): void {
  const text = problemText(slug, title, detail, res.locals?.lang);
  res
    .status(status)
    .type('application/problem+json')
    .send(JSON.stringify({ type: `urn:einv:problem:${slug}`, ...text, status, ...extras }));
}

interface BodyParserError {
  type?: string;
  status?: number;
  limit?: number;
}

/**
 * The last error handler: body-parser failures become 400/413/415 problems; anything else is our
 * fault, logged, and answered 500 without internals.
 */
export function problemErrorHandler(log: (err: unknown) => void): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    if (err instanceof WorkRefused) {
      if (res.headersSent) return;
      res.setHeader('Retry-After', String(err.retryAfterSeconds));
      return sendProblem(
        res,
        503,
        err.reason,
        err.reason === 'busy' ? 'Busy' : 'Over the time budget',
        err.message,
        { retryAfter: err.retryAfterSeconds },
      );
    }
    const e = (typeof err === 'object' && err !== null ? err : {}) as BodyParserError;
    if (e.type === 'entity.parse.failed') {
      return sendProblem(
        res,
        400,
        'malformed-json',
        'Malformed JSON',
        'The request body is not valid JSON.',
        { field: 'body' },
      );
    }
    if (e.type === 'entity.too.large') {
      return sendProblem(
        res,
        413,
        'payload-too-large',
        'Payload too large',
        e.limit
          ? `The request body exceeds the limit of ${formatSize(e.limit, res.locals?.lang === 'fr' ? 'fr' : 'en')}.`
          : 'The request body exceeds the limit of the service.',
        { limit: e.limit },
      );
    }
    if (e.type === 'encoding.unsupported' || e.type === 'charset.unsupported') {
      return sendProblem(
        res,
        415,
        'unsupported-encoding',
        'Unsupported body encoding',
        'Send the body as UTF-8 JSON, uncompressed or gzip/deflate.',
      );
    }
    if (
      e.type === 'request.aborted' ||
      e.type === 'request.size.invalid' ||
      (e.status && e.status >= 400 && e.status < 500)
    ) {
      return sendProblem(
        res,
        e.status ?? 400,
        'bad-request',
        'Bad request',
        'The request body could not be read.',
      );
    }
    log(err);
    if (res.headersSent) return;
    return sendProblem(
      res,
      500,
      'internal',
      'Internal error',
      'Something went wrong on our side; the error was logged.',
    );
  };
}
