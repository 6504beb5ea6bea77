/**
 * POST /check-xml: syntax and structure of an XML document, no key (contract §4). The XML comes as
 * `{"xml": "<text>"}` (application/json) or as the document itself (application/xml, text/xml,
 * application/*+xml); raw bytes go to the checker undecoded, so the document's own encoding
 * declaration is honoured.
 */
import type { CheckXmlResult } from '@einv/facturx';
import {
  BODY_LIMIT_BYTES,
  bodyObject,
  requestLang,
  requireJson,
  sendProblem,
  type WorkPool,
} from '@einv/http-kit';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import express, { Router } from 'express';

const XML_TYPES = ['application/xml', 'text/xml', 'application/*+xml'];

export function checkXmlRouter(pool: WorkPool, json: RequestHandler): Router {
  const router = Router();
  const raw = express.raw({ type: XML_TYPES, limit: BODY_LIMIT_BYTES });
  const parseBody = (req: Request, res: Response, next: NextFunction) => {
    if (req.is(XML_TYPES)) return raw(req, res, next);
    requireJson(req, res, () => json(req, res, next));
  };
  router.post('/', parseBody, async (req, res) => {
    const lang = requestLang(req, res, 'en');
    if (!lang) return;
    const xml = req.is(XML_TYPES) ? rawXml(req, res) : jsonXml(req, res);
    if (xml === undefined) return;
    // raw bytes are moved to the worker, not copied (the request does not read them again)
    const result = await pool.run<CheckXmlResult>(
      'checkXml',
      { xml, lang },
      typeof xml === 'string' ? [] : [xml],
    );
    res.json({
      valid: result.valid,
      format: result.format ?? null,
      ...(result.profile ? { profile: result.profile } : {}),
      errors: result.errors,
      warnings: result.warnings,
    });
  });
  return router;
}

function jsonXml(req: Request, res: Response): string | undefined {
  const body = bodyObject(req, res);
  if (!body) return undefined;
  if (typeof body.xml !== 'string' || body.xml.trim() === '') {
    sendProblem(
      res,
      400,
      'missing-xml',
      'Missing xml',
      'Expected the raw XML text (not base64) under `xml`, or the XML itself sent as application/xml.',
      { field: 'xml' },
    );
    return undefined;
  }
  return body.xml;
}

function rawXml(req: Request, res: Response): Uint8Array | undefined {
  const body: unknown = req.body;
  if (!Buffer.isBuffer(body) || body.length === 0) {
    sendProblem(res, 400, 'empty-body', 'Empty body', 'The request body is empty; send the XML document.', {
      field: 'body',
    });
    return undefined;
  }
  return new Uint8Array(body.buffer, body.byteOffset, body.length);
}
