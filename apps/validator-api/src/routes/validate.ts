/**
 * POST /v1/validate: one route, four ways to send a file (raw XML, raw PDF, JSON with base64, multipart
 * field `file`). Every variant ends as bytes handed to the facade's validateDocument(), which detects
 * the format, runs the structure check and every applicable rule set.
 */
import type { Profile } from '@einv/core-model';
import { DOCUMENT_PROFILES } from '@einv/core-model';
import {
  asBuffer,
  decodeBase64,
  formatSize,
  optionalQueryOption,
  queryOption,
  rejectEmptyBody,
  requestLang,
  type ServiceMetrics,
  sendProblem,
  type WorkPool,
} from '@einv/http-kit';
import { FRENCH_RULES_VALUES, frenchRulesOf, PROCESSING_TYPES } from '@einv/rules';
import type { NextFunction, Request, Response } from 'express';
import express, { Router } from 'express';
import multer from 'multer';
import { RECEIPT_KINDS } from '../work/receipt-kinds.js';
import type { ValidateOutput } from '../work/tasks.js';

/**
 * Raw bodies: XML, PDF, or bytes of undeclared kind (`application/octet-stream`, what many clients
 * send for a file); validateDocument decides by content in every case (decision 0092).
 */
const RAW_TYPES = [
  'application/xml',
  'text/xml',
  'application/pdf',
  'application/*+xml',
  'application/octet-stream',
];
const FORCEABLE = ['auto', ...DOCUMENT_PROFILES] as const;

export function validateRouter(maxBytes: number, pool: WorkPool, metrics?: ServiceMetrics): Router {
  const router = Router();
  // the parsers run only on the kind uploadKind() found, so they need not match the type again
  const always = () => true;
  const raw = express.raw({ type: always, limit: maxBytes });
  const json = express.json({ type: always, limit: Math.ceil(maxBytes * 1.37) + 1024 }); // base64 is 4/3 of the file
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 10 },
  }).single('file');

  const multipart = (req: Request, res: Response, next: NextFunction) =>
    upload(req, res, (err: unknown) => {
      if (!err) return next();
      const code = (err as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') {
        return sendProblem(
          res,
          413,
          'payload-too-large',
          'File too large',
          `The upload exceeds ${formatSize(maxBytes, res.locals.lang === 'fr' ? 'fr' : 'en')}.`,
          { field: 'file', limit: maxBytes },
        );
      }
      if (code === 'LIMIT_FILE_COUNT') {
        return sendProblem(
          res,
          400,
          'too-many-files',
          'One file per request',
          'The multipart body holds several files; send one file per request, in the field named `file`.',
          { field: 'file', limit: 1 },
        );
      }
      if (code === 'LIMIT_UNEXPECTED_FILE') {
        return sendProblem(
          res,
          400,
          'no-file',
          'Unexpected upload field',
          `Send the invoice in the multipart field named \`file\` (one file per request), not \`${(err as { field?: string }).field ?? '?'}\`.`,
          { field: 'file' },
        );
      }
      return sendProblem(
        res,
        400,
        'bad-multipart',
        'Malformed multipart body',
        'The multipart/form-data body could not be read.',
        { field: 'file' },
      );
    });

  router.post(
    '/',
    rejectEmptyBody('the invoice: raw XML or PDF, JSON {"file": "<base64>"} or multipart field `file`'),
    (req, res, next) => {
      // the content type is read once per request (each req.is() parses the header again)
      const kind = uploadKind(req);
      res.locals.uploadKind = kind;
      if (kind === 'multipart') return multipart(req, res, next);
      if (kind === 'json') return json(req, res, next);
      if (kind === 'raw') return raw(req, res, next);
      sendProblem(
        res,
        415,
        'unsupported-media-type',
        'Unsupported media type',
        'Send application/xml, text/xml, application/pdf, application/octet-stream, application/json {"file": "<base64>"} or multipart/form-data with field `file`.',
        { field: 'content-type' },
      );
    },
    async (req, res) => {
      const lang = requestLang(req, res, 'en');
      const frenchRules = lang && queryOption(req, res, 'frenchRules', FRENCH_RULES_VALUES, 'transition');
      const processingType = frenchRules && optionalQueryOption(req, res, 'processingType', PROCESSING_TYPES);
      const forced = processingType !== undefined && queryOption(req, res, 'profile', FORCEABLE, 'auto');
      const receipt = forced ? optionalQueryOption(req, res, 'report', RECEIPT_KINDS) : undefined;
      if (!lang || !frenchRules || processingType === undefined || !forced || receipt === undefined) return;
      const file = fileBytes(req, res, res.locals.uploadKind as UploadKind);
      if (!file) return;
      // the upload is moved to the worker, not copied (the request does not read it again)
      const out = await pool.run<ValidateOutput>(
        'validateDocument',
        {
          bytes: file.bytes,
          ...(file.filename ? { filename: file.filename } : {}),
          ...(receipt ? { receipt: { kind: receipt, now: new Date().toISOString() } } : {}),
          options: {
            lang,
            maxPdfBytes: maxBytes,
            ...frenchRulesOf(frenchRules),
            ...(processingType ? { processingType } : {}),
            ...(forced !== 'auto' ? { profile: forced as Profile } : {}),
          },
        },
        [file.bytes],
      );
      if (!out.known) {
        metrics?.validation('unknown', 'unknown-format');
        return sendProblem(
          res,
          400,
          'unknown-format',
          'Unknown format',
          'The file is neither a CII or UBL invoice nor a PDF with an embedded invoice.',
          // the report's own fields too, so a client shows the one cause the way it shows any report
          { field: 'file', findings: out.findings, valid: false, errors: out.findings, warnings: [] },
        );
      }
      metrics?.validation(out.format, out.valid ? 'valid' : 'invalid');
      if (out.receipt) {
        // a receipt to keep or send on: a download, named after the file
        res.attachment(out.receipt.filename);
        res
          .type(out.receipt.type)
          .send(typeof out.receipt.body === 'string' ? out.receipt.body : asBuffer(out.receipt.body));
        return;
      }
      res.type('application/json').send(asBuffer(out.json));
    },
  );
  return router;
}

/** The uploaded bytes from whichever variant was used, or a 400 problem saying what is missing */
type UploadKind = 'multipart' | 'json' | 'raw';

/** How the file was sent, from the Content-Type; undefined for a type no variant takes */
function uploadKind(req: Request): UploadKind | undefined {
  if (req.is('multipart/form-data')) return 'multipart';
  if (req.is('application/json')) return 'json';
  if (req.is(RAW_TYPES)) return 'raw';
  return undefined;
}

function fileBytes(
  req: Request,
  res: Response,
  kind: UploadKind,
): { bytes: Uint8Array; filename?: string } | undefined {
  if (kind === 'multipart') {
    if (!req.file) {
      sendProblem(res, 400, 'no-file', 'No file', 'Send the invoice in the multipart field named `file`.', {
        field: 'file',
      });
      return undefined;
    }
    const upload = req.file.buffer; // a view, not a copy
    return {
      bytes: new Uint8Array(upload.buffer, upload.byteOffset, upload.byteLength),
      filename: req.file.originalname,
    };
  }
  if (kind === 'json') {
    const body: unknown = req.body;
    const file =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>).file : undefined;
    if (typeof file !== 'string' || file === '') {
      sendProblem(
        res,
        400,
        'no-file',
        'No file',
        'Expected {"file": "<base64 of the XML or PDF>", "filename"?: "…"}.',
        { field: 'file' },
      );
      return undefined;
    }
    const bytes = decodeBase64(file);
    if (!bytes) {
      sendProblem(
        res,
        400,
        'bad-base64',
        'Invalid base64',
        'The `file` member is not valid base64 (RFC 4648 alphabet, padded).',
        { field: 'file' },
      );
      return undefined;
    }
    const filename = (body as Record<string, unknown>).filename;
    return typeof filename === 'string' ? { bytes, filename } : { bytes };
  }
  const body: unknown = req.body;
  if (!Buffer.isBuffer(body) || body.length === 0) {
    sendProblem(res, 400, 'no-file', 'No file', 'The request body is empty.', { field: 'body' });
    return undefined;
  }
  return { bytes: new Uint8Array(body.buffer, body.byteOffset, body.length) };
}
