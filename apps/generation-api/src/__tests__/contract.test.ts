import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildApp, newKey, signedIn, validInvoice } from './harness.js';

async function keyed(env: Record<string, string> = {}) {
  const built = await buildApp(env);
  const key = await newKey(await signedIn(built.app));
  const post = (path: string) => request(built.app).post(path).set('authorization', `Bearer ${key}`);
  return { ...built, key, post };
}

describe('POST /api/v1/generate', () => {
  it('200: base64 CII XML and PDF, with the validation', async () => {
    const { post } = await keyed();
    const res = await post('/api/v1/generate').send({ invoice: validInvoice() });
    expect(res.status).toBe(200);
    expect(res.body.validation.valid).toBe(true);
    const xml = Buffer.from(res.body.xml, 'base64').toString('utf8');
    expect(xml).toContain('CrossIndustryInvoice');
    expect(xml).toContain('F2026-0001');
    expect(Buffer.from(res.body.pdf, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('422 problem+json with BR-01 at invoice.number when the number is missing (contract example)', async () => {
    const { post } = await keyed();
    const { number: _drop, ...invoice } = validInvoice();
    const res = await post('/api/v1/generate').send({ invoice });
    expect(res.status).toBe(422);
    expect(res.type).toBe('application/problem+json');
    expect(res.body).toMatchObject({ status: 422, title: expect.any(String), type: expect.any(String) });
    expect(res.body.validation.valid).toBe(false);
    expect(res.body.validation.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ rule: 'BR-01', path: 'invoice.number' })]),
    );
  });

  it('honours profile, lang and frenchRules, and rejects unknown values with 400 naming the option', async () => {
    const { post } = await keyed();
    const basic = await post('/api/v1/generate?profile=BASIC&lang=en&frenchRules=standard').send({
      invoice: validInvoice(),
    });
    expect(basic.status).toBe(200);
    expect(Buffer.from(basic.body.xml, 'base64').toString('utf8')).toContain('urn:factur-x.eu:1p0:basic');
    const bad = await post('/api/v1/generate?profile=GOLD').send({ invoice: validInvoice() });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('profile');
  });

  it('runs the BR-FR release frenchRules names, takes processingType, and refuses unknown values', async () => {
    const { post } = await keyed();
    const brfr = (body: { ruleSets: { name: string; version: string }[] }) =>
      body.ruleSets.find((r) => r.name === 'BR-FR')?.version;
    const pinned = await post('/api/v1/validate?frenchRules=standard@1.4.0.03').send({
      invoice: validInvoice(),
    });
    expect(pinned.status).toBe(200);
    expect(brfr(pinned.body)).toBe('1.4.0.03 (standard)');
    const latest = await post('/api/v1/validate?frenchRules=standard').send({ invoice: validInvoice() });
    expect(brfr(latest.body)).toBe('1.4.0.04 (standard)');
    // no BAR note and no buyer SIREN (nor a SIRET to derive it from): BR-FR-11 applies once the caller says B2B
    const { notes: _n, ...noNotes } = validInvoice();
    const invoice = {
      ...noNotes,
      buyer: { ...noNotes.buyer, legalRegistrationId: undefined, siret: undefined },
    };
    const rules = async (q: string) =>
      (
        (await post(`/api/v1/validate?frenchRules=standard${q}`).send({ invoice })).body.errors as {
          rule: string;
        }[]
      ).map((e) => e.rule);
    expect(await rules('')).not.toContain('BR-FR-11');
    expect(await rules('&processingType=B2B')).toContain('BR-FR-11');
    for (const [q, field] of [
      ['frenchRules=standard@9', 'frenchRules'],
      ['processingType=B2X', 'processingType'],
    ]) {
      const bad = await post(`/api/v1/validate?${q}`).send({ invoice: validInvoice() });
      expect(bad.status).toBe(400);
      expect(bad.body.field).toBe(field);
    }
  });

  it('401 without a key or with an unknown key', async () => {
    const { app } = await buildApp();
    expect((await request(app).post('/api/v1/generate').send({ invoice: validInvoice() })).status).toBe(401);
    const wrong = await request(app)
      .post('/api/v1/generate')
      .set('authorization', 'Bearer einv_notakeyatallnotakeyatallnotakey')
      .send({ invoice: validInvoice() });
    expect(wrong.status).toBe(401);
    expect(wrong.type).toBe('application/problem+json');
  });

  it('400 malformed JSON, 400 missing invoice, 415 non-JSON body, 413 over 10 MB', async () => {
    const { post } = await keyed();
    const malformed = await post('/api/v1/generate')
      .set('content-type', 'application/json')
      .send('{"invoice": ');
    expect(malformed.status).toBe(400);
    expect(malformed.type).toBe('application/problem+json');
    const missing = await post('/api/v1/generate').send({ facture: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.field).toBe('invoice');
    const text = await post('/api/v1/generate').set('content-type', 'text/plain').send('hello');
    expect(text.status).toBe(415);
    const huge = await post('/api/v1/generate')
      .set('content-type', 'application/json')
      .send(`{"invoice":{"number":"${'x'.repeat(10 * 1024 * 1024 + 10)}"}}`);
    expect(huge.status).toBe(413);
  });

  it('402 problem+json once the FREE monthly quota is used, saying the quota and when it resets', async () => {
    const { post } = await keyed({ FREE_MONTHLY_QUOTA: '1' });
    expect((await post('/api/v1/generate').send({ invoice: validInvoice() })).status).toBe(200);
    const over = await post('/api/v1/generate').send({ invoice: validInvoice() });
    expect(over.status).toBe(402);
    expect(over.body).toMatchObject({ quota: 1, resetsAt: '2026-12-01T00:00:00.000Z' });
  });

  it('a rejected (422) invoice does not use quota', async () => {
    const { post } = await keyed({ FREE_MONTHLY_QUOTA: '1' });
    expect((await post('/api/v1/generate').send({ invoice: {} })).status).toBe(422);
    expect((await post('/api/v1/generate').send({ invoice: validInvoice() })).status).toBe(200);
  });
});

describe('POST /api/v1/validate', () => {
  it('200 with valid false and BR-01 at invoice.number for an invoice without number', async () => {
    const { post } = await keyed();
    const { number: _drop, ...invoice } = validInvoice();
    const res = await post('/api/v1/validate').send({ invoice });
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([expect.objectContaining({ rule: 'BR-01', path: 'invoice.number' })]),
    );
  });

  it('warns BR-FR-09 at invoice.seller.siret for a French seller without SIRET (contract example)', async () => {
    const { post } = await keyed();
    const invoice = validInvoice();
    const { siret: _drop, ...seller } = invoice.seller;
    const res = await post('/api/v1/validate').send({ invoice: { ...invoice, seller } });
    expect(res.status).toBe(200);
    expect(res.body.warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: 'BR-FR-09', path: 'invoice.seller.siret', severity: 'warning' }),
      ]),
    );
  });

  it('reports shape errors with paths rooted at invoice, still 200', async () => {
    const { post } = await keyed();
    const invoice = { ...validInvoice(), issueDate: '20-11-2026', lines: [{ id: '1', quantity: 'ten' }] };
    const res = await post('/api/v1/validate').send({ invoice });
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    const paths = res.body.errors.map((f: { path: string }) => f.path);
    expect(paths).toEqual(expect.arrayContaining(['invoice.issueDate', 'invoice.lines[0].quantity']));
  });

  it('the valid sample invoice is valid', async () => {
    const { post } = await keyed();
    const res = await post('/api/v1/validate').send({ invoice: validInvoice() });
    expect(res.body.errors).toEqual([]);
    expect(res.body.valid).toBe(true);
  });
});

describe('POST /api/v1/parse', () => {
  it('parses the CII we generated, and the PDF itself (detected by content)', async () => {
    const { post } = await keyed();
    const generated = await post('/api/v1/generate').send({ invoice: validInvoice() });
    const fromXml = await post('/api/v1/parse').send({ xml: generated.body.xml });
    expect(fromXml.status).toBe(200);
    expect(fromXml.body.format).toBe('CII');
    expect(fromXml.body.invoice.number).toBe('F2026-0001');
    expect(fromXml.body.validation.valid).toBe(true);
    const fromPdf = await post('/api/v1/parse').send({ xml: generated.body.pdf });
    expect(fromPdf.status).toBe(200);
    expect(fromPdf.body).toMatchObject({ format: 'CII', container: 'FACTURX-PDF' });
    expect(fromPdf.body.invoice.lines).toHaveLength(2);
  });

  it('400 for bad base64, a missing xml member, and content that is no invoice', async () => {
    const { post } = await keyed();
    const bad = await post('/api/v1/parse').send({ xml: 'not base64!!' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'xml', type: 'urn:einv:problem:bad-base64' });
    expect((await post('/api/v1/parse').send({})).status).toBe(400);
    const html = await post('/api/v1/parse').send({
      xml: Buffer.from('<html><body>hi</body></html>').toString('base64'),
    });
    expect(html.status).toBe(400);
  });
});

describe('POST /check-xml', () => {
  it('needs no key and answers valid/format/errors/warnings', async () => {
    const { app, post } = await keyed();
    const generated = await post('/api/v1/generate').send({ invoice: validInvoice() });
    const xml = Buffer.from(generated.body.xml, 'base64').toString('utf8');
    const res = await request(app).post('/check-xml').send({ xml });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: true, format: 'CII', errors: [] });
    const broken = await request(app).post('/check-xml').send({ xml: '<rsm:CrossIndustryInvoice' });
    expect(broken.status).toBe(200);
    expect(broken.body.valid).toBe(false);
    expect(broken.body.errors[0]).toEqual(expect.objectContaining({ line: expect.any(Number) }));
  });

  it('400 when xml is missing', async () => {
    const { app } = await buildApp();
    expect((await request(app).post('/check-xml').send({})).status).toBe(400);
  });
});

describe('service-wide behaviour', () => {
  it('404 problem+json for an unknown route', async () => {
    const { app } = await buildApp();
    const res = await request(app).get('/api/v2/nothing');
    expect(res.status).toBe(404);
    expect(res.type).toBe('application/problem+json');
  });

  it('429 with Retry-After and RateLimit headers past the per-IP limit', async () => {
    const { app } = await buildApp({ RATE_LIMIT_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) {
      const ok = await request(app).get('/api/openapi.json');
      expect(ok.status).toBe(200);
      expect(ok.headers.ratelimit).toBeDefined();
    }
    const limited = await request(app).get('/api/openapi.json');
    expect(limited.status).toBe(429);
    expect(limited.type).toBe('application/problem+json');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('serves an OpenAPI 3.1 document covering every route, and its docs page', async () => {
    const { app } = await buildApp();
    const res = await request(app).get('/api/openapi.json');
    expect(res.body.openapi).toBe('3.1.0');
    for (const p of [
      '/api/v1/generate',
      '/api/v1/validate',
      '/api/v1/parse',
      '/check-xml',
      '/api/webhooks/billing',
      '/api/portal/keys',
      '/api/portal/keys/{id}',
    ]) {
      expect(res.body.paths[p]).toBeDefined();
    }
    expect((await request(app).get('/api/docs')).status).toBe(200);
    expect((await request(app).get('/api/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
  });

  it('healthz', async () => {
    const { app } = await buildApp();
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
  });
});
