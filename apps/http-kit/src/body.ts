import type { NextFunction, Request, Response } from 'express';
import { sendProblem } from './problem.js';

/** 10 MB, the generation contract's limit on request bodies (the validator sets its own) */
export const BODY_LIMIT_BYTES = 10 * 1024 * 1024;

/**
 * 400 `empty-body` when a POST carries no body at all (no bytes declared): the caller forgot the
 * body, which says more than the 415 its missing content type would otherwise get. A chunked body
 * that turns out empty is caught after parsing by each route's own "missing …" check.
 */
export function rejectEmptyBody(expected: string) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const length = req.get('content-length');
    const chunked = req.get('transfer-encoding') !== undefined;
    if (!chunked && (length === undefined || Number(length) === 0)) {
      sendProblem(res, 400, 'empty-body', 'Empty body', `The request body is empty; send ${expected}.`, {
        field: 'body',
      });
      return;
    }
    next();
  };
}

/** 415 unless the body is declared JSON (checked before parsing, so a wrong type never reaches a handler) */
export function requireJson(req: Request, res: Response, next: NextFunction): void {
  if (!req.is('application/json') && !req.is('application/*+json')) {
    sendProblem(
      res,
      415,
      'unsupported-media-type',
      'Unsupported media type',
      `Send the body as application/json (got ${req.get('content-type') ?? 'no content type'}).`,
      { field: 'content-type' },
    );
    return;
  }
  next();
}

/** The JSON body as an object, or a 400 problem saying what was expected */
export function bodyObject(req: Request, res: Response): Record<string, unknown> | undefined {
  const body: unknown = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    sendProblem(res, 400, 'invalid-body', 'Invalid body', 'Expected a JSON object.', { field: 'body' });
    return undefined;
  }
  return body as Record<string, unknown>;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64 (whitespace allowed between groups); undefined when the text is not base64 */
export function decodeBase64(text: string): Uint8Array | undefined {
  const compact = text.replace(/\s+/g, '');
  if (compact.length % 4 !== 0 || !BASE64.test(compact)) return undefined;
  const bytes = Buffer.from(compact, 'base64');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength); // a view, not a copy
}

/** A query option restricted to known values: the value, the default, or a 400 problem */
export function queryOption<T extends string>(
  req: Request,
  res: Response,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T | undefined {
  const raw = req.query[name];
  if (raw === undefined) return fallback;
  if (typeof raw === 'string' && (allowed as readonly string[]).includes(raw)) return raw as T;
  sendProblem(
    res,
    400,
    'invalid-option',
    `Invalid ${name}`,
    `Query option ${name} must be one of ${allowed.join(', ')}.`,
    { field: name, allowed },
  );
  return undefined;
}

/**
 * An optional query option: `null` when absent, the value when allowed, else a 400 problem naming
 * the option and its allowed values (and undefined)
 */
export function optionalQueryOption<T extends string>(
  req: Request,
  res: Response,
  name: string,
  allowed: readonly T[],
): T | null | undefined {
  if (req.query[name] === undefined) return null;
  return queryOption(req, res, name, allowed, allowed[0] as T);
}
