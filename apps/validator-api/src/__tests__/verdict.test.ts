/**
 * One verdict over HTTP (issue #11): a file that cannot be read gets exactly one finding naming the
 * cause with `valid: false` and counts that match the lists; XML input carries official rule ids
 * only; a MINIMUM file gets the booking-aid notice instead of an EN 16931 cascade.
 */
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { describeIfShared } from '../../../../tests/support/shared.js';
import { unreadableInputs } from '../../../../tests/support/unreadable.js';
import { buildApp, facturxSample, invalidCii } from './harness.js';

const app = buildApp();
const { pdf } = facturxSample();

describe('POST /v1/validate: a document that cannot be read', () => {
  it.each(unreadableInputs(pdf).map((u) => [u.name, u] as const))(
    '%s: one finding naming the cause, valid false, counts match the lists',
    async (_name, input) => {
      const res = await request(app)
        .post('/v1/validate')
        .attach('file', Buffer.from(input.bytes), input.file);
      expect(res.status).toBe(input.recognised ? 200 : 400);
      expect(res.body.valid).toBe(false);
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.warnings).toEqual([]);
      expect(res.body.errors[0]).toMatchObject({ rule: input.rule, severity: 'fatal' });
      expect(res.body.errors[0].message).toMatch(input.cause);
      for (const f of res.body.pdf?.findings ?? []) expect(res.body.errors).toContainEqual(f);
    },
  );
});

describe('POST /v1/validate: official rule ids only', () => {
  it('a Factur-X PDF whose verdict is valid has no fatal finding anywhere', async () => {
    const res = await request(app).post('/v1/validate').set('content-type', 'application/pdf').send(pdf);
    expect(res.body.valid).toBe(true);
    expect(res.body.errors).toEqual([]);
  });
});

describeIfShared('POST /v1/validate on an official CII without invoice number', () => {
  it('BR-02, and no contract BR-01 at invoice.number', async () => {
    const res = await request(app)
      .post('/v1/validate')
      .set('content-type', 'application/xml')
      .send(invalidCii());
    const rules = res.body.errors.map((f: { rule: string }) => f.rule);
    expect(rules).toContain('BR-02');
    expect(rules).not.toContain('BR-01');
  });
});
