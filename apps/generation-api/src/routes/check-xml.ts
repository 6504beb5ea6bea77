/** POST /check-xml: syntax and structure of raw XML text, no key (contract §4). */
import type { CheckXmlResult } from '@einv/facturx';
import { bodyObject, requestLang, sendProblem, type WorkPool } from '@einv/http-kit';
import { Router } from 'express';

export function checkXmlRouter(pool: WorkPool): Router {
  const router = Router();
  router.post('/', async (req, res) => {
    const lang = requestLang(req, res, 'en');
    if (!lang) return;
    const body = bodyObject(req, res);
    if (!body) return;
    if (typeof body.xml !== 'string' || body.xml.trim() === '') {
      return sendProblem(
        res,
        400,
        'missing-xml',
        'Missing xml',
        'Expected the raw XML text (not base64) under `xml`.',
        { field: 'xml' },
      );
    }
    const result = await pool.run<CheckXmlResult>('checkXml', { xml: body.xml, lang });
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
