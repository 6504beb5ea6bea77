/**
 * POST /api/webhooks/billing. The body must stay raw: the signature covers its exact bytes, so this
 * route has its own express.raw parser and the JSON parser never sees it. Answers exactly 200 once
 * the event is committed (the provider retries anything else), 401 `Unauthorized` on a bad signature.
 */
import type { BillingStore } from '@einv/billing';
import { verifyWebhook } from '@einv/billing';
import { sendProblem } from '@einv/http-kit';
import express, { Router } from 'express';

export function webhooksRouter(store: BillingStore, secret: string, clock: () => Date): Router {
  const router = Router();
  router.post('/billing', express.raw({ type: () => true, limit: '1mb' }), (req, res) => {
    const raw: unknown = req.body;
    const payload = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
    if (!verifyWebhook(payload, req.get('x-signature'), secret)) {
      return void res.status(401).type('text/plain').send('Unauthorized');
    }
    const result = store.handleEvent(payload.toString('utf8'), { now: clock() });
    if (result.status === 'invalid') {
      return sendProblem(res, 400, 'invalid-webhook', 'Invalid webhook payload', result.problem, {
        field: 'body',
      });
    }
    res.status(200).json({ received: true, outcome: result.status });
  });
  return router;
}
