/**
 * Bounded work per request (issue 14): text fields and arrays have documented limits refused with a
 * 400 naming the field, and the generate answer has a maximum size (422) that gives the quota back.
 */

import { INVOICE_LIMITS } from '@einv/http-kit';
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildApp, newKey, signedIn, validInvoice } from './harness.js';

async function keyed(env: Record<string, string> = {}) {
  const built = await buildApp(env);
  const key = await newKey(await signedIn(built.app));
  const post = (path: string) => request(built.app).post(path).set('authorization', `Bearer ${key}`);
  return { ...built, post };
}

describe('text and array limits', () => {
  it('a 4 MB invoice.number is a 400 naming the field, on generate and validate', async () => {
    const { post } = await keyed();
    const invoice = { ...validInvoice(), number: 'F'.repeat(4 * 1024 * 1024) };
    for (const path of ['/api/v1/generate', '/api/v1/validate']) {
      const res = await post(path).send({ invoice });
      expect(res.status).toBe(400);
      expect(res.type).toBe('application/problem+json');
      expect(res.body).toMatchObject({ field: 'invoice.number', limit: INVOICE_LIMITS.text });
      expect(res.body.detail).toMatch(/invoice\.number has 4194304 characters; at most 1000/);
    }
  });

  it('free text may be longer, up to its own limit; the path names the line', async () => {
    const { post } = await keyed();
    const base = validInvoice();
    const line = base.lines[0] as Record<string, unknown>;
    const ok = { ...base, lines: [{ ...line, description: 'd'.repeat(INVOICE_LIMITS.longText) }] };
    expect((await post('/api/v1/validate').send({ invoice: ok })).status).toBe(200);
    const tooLong = {
      ...base,
      lines: [line, { ...line, description: 'd'.repeat(INVOICE_LIMITS.longText + 1) }],
    };
    const res = await post('/api/v1/validate').send({ invoice: tooLong });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('invoice.lines[1].description');
  });

  it('too many lines is a 400 naming invoice.lines', async () => {
    const { post } = await keyed();
    const base = validInvoice();
    const lines = Array.from({ length: INVOICE_LIMITS.items + 1 }, () => base.lines[0]);
    const res = await post('/api/v1/validate').send({ invoice: { ...base, lines } });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('invoice.lines');
  });
});

describe('answer size', () => {
  it('an answer over MAX_ANSWER_BYTES is a 422 naming the limit, and the FREE quota unit is given back', async () => {
    const { post } = await keyed({ MAX_ANSWER_BYTES: '4096', FREE_MONTHLY_QUOTA: '1' });
    const res = await post('/api/v1/generate').send({ invoice: validInvoice() });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ type: 'urn:einv:problem:answer-too-large', limit: 4096 });
    // the single quota unit was given back: without that the second call would be a 402
    const again = await post('/api/v1/generate').send({ invoice: validInvoice() });
    expect(again.status).toBe(422);
  });
});
