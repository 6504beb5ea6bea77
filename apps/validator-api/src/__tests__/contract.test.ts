import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { describeIfShared } from '../../../../tests/support/shared.js';
import { buildApp, facturxSample, invalidCii } from './harness.js';

const app = buildApp();
const { pdf, xml } = facturxSample();

describe('POST /v1/validate — input variants', () => {
  it.each(['application/xml', 'text/xml'])('raw XML as %s: 200 report, CII EN16931, valid', async (type) => {
    const res = await request(app).post('/v1/validate').set('content-type', type).send(xml);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      valid: true,
      format: 'CII',
      syntax: 'CII',
      profile: 'EN16931',
      errors: [],
    });
    expect(res.body.ruleSets.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['EN16931', 'CII-STRUCTURE']),
    );
  });

  it('raw PDF: 200 report with a pdf section naming the embedded factur-x.xml', async () => {
    const res = await request(app).post('/v1/validate').set('content-type', 'application/pdf').send(pdf);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: true, format: 'FACTURX-PDF', syntax: 'CII', profile: 'EN16931' });
    expect(res.body.pdf.embedded).toEqual({ filename: 'factur-x.xml', size: Buffer.byteLength(xml) });
    expect(res.body.pdf.findings.filter((f: { severity: string }) => f.severity === 'fatal')).toEqual([]);
  });

  it('JSON with base64 (PDF and XML), filename echoed', async () => {
    const fromPdf = await request(app)
      .post('/v1/validate')
      .send({ file: pdf.toString('base64'), filename: 'f.pdf' });
    expect(fromPdf.status).toBe(200);
    expect(fromPdf.body).toMatchObject({ valid: true, format: 'FACTURX-PDF', filename: 'f.pdf' });
    const fromXml = await request(app)
      .post('/v1/validate')
      .send({ file: Buffer.from(xml).toString('base64') });
    expect(fromXml.body.format).toBe('CII');
  });

  it('multipart upload in field `file`', async () => {
    const res = await request(app)
      .post('/v1/validate')
      .attach('file', pdf, { filename: 'invoice.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: true, format: 'FACTURX-PDF', filename: 'invoice.pdf' });
  });

  it('lang=fr gives French messages; findings carry rule, path, severity, bt with its name, xpath and line', async () => {
    const broken = xml.replace(/<ram:TypeCode>380<\/ram:TypeCode>/, '<ram:TypeCode>999</ram:TypeCode>');
    const res = await request(app)
      .post('/v1/validate?lang=fr')
      .set('content-type', 'application/xml')
      .send(broken);
    expect(res.body.valid).toBe(false);
    const cl01 = res.body.errors.find((f: { rule: string }) => f.rule === 'BR-CL-01');
    expect(cl01).toMatchObject({
      path: 'invoice.typeCode',
      severity: 'fatal',
      bt: 'BT-3',
      xpath: expect.stringContaining('TypeCode'),
      line: expect.any(Number),
    });
    expect(cl01.btName).toMatch(/facture/i);
  });

  it('profile forces the checked profile', async () => {
    const res = await request(app)
      .post('/v1/validate?profile=BASIC')
      .set('content-type', 'application/xml')
      .send(xml);
    expect(res.status).toBe(200);
    expect(res.body.profile).toBe('BASIC');
  });
});

describeIfShared('POST /v1/validate — an invalid official CII', () => {
  it('200 with valid false and BR-02 (invoice number missing)', async () => {
    const res = await request(app)
      .post('/v1/validate')
      .set('content-type', 'application/xml')
      .send(invalidCii());
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    expect(res.body.errors.map((f: { rule: string }) => f.rule)).toContain('BR-02');
  });
});

describe('POST /v1/validate — errors are problem+json', () => {
  it.each([
    ['bad base64', { file: '***' }, 'bad-base64'],
    ['no file member', { name: 'x' }, 'no-file'],
    ['content that is no invoice', { file: Buffer.from('hello world').toString('base64') }, 'unknown-format'],
  ])('400 for %s', async (_label, body, slug) => {
    const res = await request(app).post('/v1/validate').send(body);
    expect(res.status).toBe(400);
    expect(res.type).toBe('application/problem+json');
    expect(res.body).toMatchObject({ type: `urn:einv:problem:${slug}`, status: 400, field: 'file' });
  });

  it('400 for multipart without the `file` field, and for an unknown option', async () => {
    const wrongField = await request(app).post('/v1/validate').attach('upload', pdf, 'x.pdf');
    expect(wrongField.status).toBe(400);
    const badLang = await request(app)
      .post('/v1/validate?lang=de')
      .set('content-type', 'application/xml')
      .send(xml);
    expect(badLang.status).toBe(400);
    expect(badLang.body.field).toBe('lang');
  });

  it('a well-formed XML that is not an invoice is reported, not a 500', async () => {
    const res = await request(app)
      .post('/v1/validate')
      .set('content-type', 'application/xml')
      .send('<html><body>hi</body></html>');
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('urn:einv:problem:unknown-format');
  });

  it('a truncated PDF and broken XML get reports, never a 500', async () => {
    const truncated = await request(app)
      .post('/v1/validate')
      .set('content-type', 'application/pdf')
      .send(pdf.subarray(0, 2000));
    expect(truncated.status).toBeLessThan(500);
    const broken = await request(app)
      .post('/v1/validate')
      .set('content-type', 'application/xml')
      .send(xml.slice(0, 500));
    expect(broken.status).toBe(200);
    expect(broken.body.valid).toBe(false);
    expect(broken.body.errors[0].line).toEqual(expect.any(Number));
  });

  it('413 over the size limit, in every variant', async () => {
    const small = buildApp({ MAX_UPLOAD_BYTES: '1000' });
    expect(
      (await request(small).post('/v1/validate').set('content-type', 'application/pdf').send(pdf)).status,
    ).toBe(413);
    expect((await request(small).post('/v1/validate').attach('file', pdf, 'x.pdf')).status).toBe(413);
    expect(
      (
        await request(small)
          .post('/v1/validate')
          .send({ file: pdf.toString('base64') })
      ).status,
    ).toBe(413);
  });

  it('415 for an unsupported content type', async () => {
    const res = await request(app).post('/v1/validate').set('content-type', 'text/plain').send('hello');
    expect(res.status).toBe(415);
    expect(res.type).toBe('application/problem+json');
  });

  it('429 with Retry-After past 60 requests per minute (own limiter)', async () => {
    const limited = buildApp({ RATE_LIMIT_PER_MINUTE: '2' });
    expect((await request(limited).get('/v1/formats')).status).toBe(200);
    const second = await request(limited).get('/v1/formats');
    expect(second.headers.ratelimit).toBeDefined();
    const third = await request(limited).get('/v1/formats');
    expect(third.status).toBe(429);
    expect(third.type).toBe('application/problem+json');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the default limit is 60 per minute', async () => {
    const { loadConfig } = await import('../config.js');
    expect(loadConfig({}).rateLimitPerMinute).toBe(60);
    expect(loadConfig({}).maxUploadBytes).toBe(20 * 1024 * 1024);
  });
});

describe('GET /v1/rules/{code}', () => {
  it('explains a rule from the catalogue, in English and French, with term names', async () => {
    const en = await request(app).get('/v1/rules/BR-CO-10');
    expect(en.status).toBe(200);
    expect(en.body).toMatchObject({ code: 'BR-CO-10', ruleSet: 'EN16931', severity: 'fatal', lang: 'en' });
    expect(en.body.terms).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'BT-106', name: expect.any(String) })]),
    );
    for (const k of ['checks', 'explanation', 'fix']) expect(en.body[k].length).toBeGreaterThan(10);
    const fr = await request(app).get('/v1/rules/br-fr-09?lang=fr');
    expect(fr.status).toBe(200);
    expect(fr.body).toMatchObject({ code: 'BR-FR-09', lang: 'fr', editionSeverity: expect.any(Object) });
    expect(fr.body.explanation).not.toEqual(en.body.explanation);
  });

  it('404 problem+json for an unknown code, 400 for a malformed one', async () => {
    const unknown = await request(app).get('/v1/rules/BR-999');
    expect(unknown.status).toBe(404);
    expect(unknown.type).toBe('application/problem+json');
    const malformed = await request(app).get('/v1/rules/not a rule!');
    expect(malformed.status).toBe(400);
  });
});

describe('GET /v1/formats, /v1/openapi.json, the page, healthz, 404', () => {
  it('formats: supported (with profiles and rule sets counted from the catalogue) apart from the roadmap', async () => {
    const res = await request(app).get('/v1/formats');
    expect(res.body.supported.map((f: { id: string }) => f.id)).toEqual([
      'CII',
      'UBL',
      'FACTURX-PDF',
      'CDAR',
    ]);
    expect(res.body.roadmap.length).toBeGreaterThan(0);
    const en16931 = res.body.ruleSets.find((r: { name: string }) => r.name === 'EN16931');
    expect(en16931).toMatchObject({ version: '1.3.16' });
    expect(en16931.rules).toBeGreaterThan(200);
  });

  it('OpenAPI 3.1 covers every route and request variant; the docs page and its assets are served locally', async () => {
    const doc = (await request(app).get('/v1/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/validate', '/v1/formats', '/v1/rules/{code}', '/v1/openapi.json']),
    );
    expect(Object.keys(doc.paths['/v1/validate'].post.requestBody.content)).toEqual([
      'application/xml',
      'text/xml',
      'application/pdf',
      'application/octet-stream',
      'application/json',
      'multipart/form-data',
    ]);
    expect((await request(app).get('/v1/docs')).status).toBe(200);
    expect((await request(app).get('/v1/docs/assets/swagger-ui-bundle.js')).status).toBe(200);
  });

  it('serves the companion page and its assets', async () => {
    const page = await request(app).get('/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('id="drop"');
    expect((await request(app).get('/app.js')).status).toBe(200);
  });

  it('healthz and 404', async () => {
    expect((await request(app).get('/healthz')).body).toEqual({ status: 'ok' });
    const missing = await request(app).get('/v2/validate');
    expect(missing.status).toBe(404);
    expect(missing.type).toBe('application/problem+json');
  });
});
