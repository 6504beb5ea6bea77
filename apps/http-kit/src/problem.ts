/**
 * RFC 9457 problem details: every error response of the service has this shape, so a client
 * handles one format. `type` is a stable URN per kind of problem (listed in docs/api.md).
 */
import type { ErrorRequestHandler, Response } from 'express';
import { WorkRefused } from './pool.js';

export interface ProblemExtras {
  /** The request field or location at fault, e.g. `invoice`, `xml`, `profile` */
  field?: string;
  [member: string]: unknown;
}

export function sendProblem(
  res: Response,
  status: number,
  slug: string,
  title: string,
  detail: string,
  extras: ProblemExtras = {},
): void {
  res
    .status(status)
    .type('application/problem+json')
    .send(JSON.stringify({ type: `urn:einv:problem:${slug}`, title, status, detail, ...extras }));
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
        `The request body exceeds the limit of ${e.limit ?? 'the service'} bytes.`,
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
