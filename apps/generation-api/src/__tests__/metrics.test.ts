/** GET /metrics (issue 14, decision 0098): only with METRICS_TOKEN, behind its bearer; the listed series. */
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildApp, newKey, signedIn, validInvoice } from './harness.js';

describe('GET /metrics', () => {
  it('does not exist without METRICS_TOKEN', async () => {
    const { app } = await buildApp();
    expect((await request(app).get('/metrics')).status).toBe(404);
  });

  it('needs the bearer token, then shows requests, latency, validations, pool and webhook outcomes', async () => {
    const { app } = await buildApp({ METRICS_TOKEN: 'scrape-me' });
    expect((await request(app).get('/metrics')).status).toBe(401);
    expect((await request(app).get('/metrics').set('authorization', 'Bearer wrong-token')).status).toBe(401);
    const key = await newKey(await signedIn(app));
    await request(app)
      .post('/api/v1/validate')
      .set('authorization', `Bearer ${key}`)
      .send({ invoice: validInvoice() });
    await request(app).post('/api/webhooks/billing').set('x-signature', 'bad').send('{}');
    const res = await request(app).get('/metrics').set('authorization', 'Bearer scrape-me');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/plain');
    expect(res.text).toMatch(
      /einv_http_requests_total\{method="POST",route="\/api\/v1\/validate",status="200",service="generation-api"\} 1/,
    );
    expect(res.text).toMatch(
      /einv_http_request_duration_seconds_count\{[^}]*method="POST",route="\/api\/v1\/validate"\} 1/,
    );
    expect(res.text).toMatch(
      /einv_validations_total\{format="JSON",verdict="valid",service="generation-api"\} 1/,
    );
    expect(res.text).toMatch(
      /einv_billing_webhooks_total\{outcome="unauthorized",service="generation-api"\} 1/,
    );
    expect(res.text).toMatch(/einv_pool_queue_depth\{service="generation-api"\} 0/);
  });
});
