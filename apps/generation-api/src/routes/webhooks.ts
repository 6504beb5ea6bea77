/**
 * POST /api/webhooks/billing. The body must stay raw: the signature covers its exact bytes, so this
 * route has its own express.raw parser and the JSON parser never sees it. Answers exactly 200 once
 * the event is committed (the provider retries anything else), 401 `Unauthorized` on a bad signature
 * (logged at warn, without the body). An event whose variant maps to no plan is answered 200 too (a
 * retry cannot fix configuration), stored as `unmapped` and logged at error with the variant id.
 */
import type { BillingStore } from '@einv/billing';
import { verifyWebhook } from '@einv/billing';
import { sendProblem } from '@einv/http-kit';
import express, { Router } from 'express';

export function webhooksRouter(
  store: BillingStore,
  secret: string,
  clock: () => Date,
  /** Counts each outcome (metrics) */
  counted: (outcome: string) => void = () => {},
): Router {
  const router = Router();
  router.post('/billing', express.raw({ type: () => true, limit: '1mb' }), async (req, res) => {
    const raw: unknown = req.body;
    const payload = Buffer.isBuffer(raw) ? raw : Buffer.alloc(0);
    if (!verifyWebhook(payload, req.get('x-signature'), secret)) {
      req.log.warn(
        { ip: req.ip, bytes: payload.length, signed: req.get('x-signature') !== undefined },
        'billing webhook refused: bad signature',
      );
      counted('unauthorized');
      return void res.status(401).type('text/plain').send('Unauthorized');
    }
    const result = await store.handleEvent(payload.toString('utf8'), { now: clock() });
    counted(result.status);
    if (result.status === 'unmapped') {
      req.log.error(
        { variantId: result.variantId, event: result.eventName, accountId: result.accountId },
        `billing webhook: variant ${result.variantId} maps to no plan (check BILLING_SITE_VARIANT_IDS / BILLING_MULTI_VARIANT_IDS); stored as unmapped, not applied`,
      );
    } else if (result.status !== 'invalid') {
      req.log.info(
        { event: result.eventName, outcome: result.status, accountId: result.accountId },
        'billing webhook',
      );
    }
    if (result.status === 'invalid') {
      return sendProblem(res, 400, 'invalid-webhook', 'Invalid webhook payload', result.problem, {
        field: 'body',
      });
    }
    res.status(200).json({ received: true, outcome: result.status });
  });
  return router;
}
