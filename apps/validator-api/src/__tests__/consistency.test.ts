/**
 * The HTTP conventions both services share (docs/api.md "Consistency", decision 0135), on the
 * validator: empty bodies, octet-stream sniffed, one file per multipart request, 405 with Allow, CORS
 * open on the free API, and the route table equal to the OpenAPI paths.
 */
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { describeRoutesMatchOpenApi } from '../../../../tests/support/route-table.js';
import { openApiDocument } from '../openapi.js';
import { buildApp, facturxSample } from './harness.js';

const app = buildApp();
const { pdf, xml } = facturxSample();

describe('an empty body is 400 empty-body, not 415', () => {
  it.each([
    undefined,
    'application/xml',
    'application/pdf',
    'application/json',
    'multipart/form-data; boundary=x',
  ])('content type %s', async (type) => {
    const req = request(app).post('/v1/validate');
    const res = await (type ? req.set('content-type', type) : req);
    expect(res.status).toBe(400);
    expect(res.type).toBe('application/problem+json');
    expect(res.body).toMatchObject({ type: 'urn:einv:problem:empty-body', field: 'body' });
  });

  it('a non-empty body of an unknown type is still 415', async () => {
    const res = await request(app).post('/v1/validate').set('content-type', 'text/plain').send('hello');
    expect(res.status).toBe(415);
  });
});

describe('application/octet-stream is accepted and the content decides', () => {
  it.each([
    ['a Factur-X PDF', () => pdf, 'FACTURX-PDF'],
    ['a CII XML', () => Buffer.from(xml), 'CII'],
  ])('%s', async (_name, bytes, format) => {
    const res = await request(app)
      .post('/v1/validate')
      .set('content-type', 'application/octet-stream')
      .send(bytes());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ valid: true, format });
  });

  it('bytes that are no invoice: 400 unknown-format, as for any other variant', async () => {
    const res = await request(app)
      .post('/v1/validate')
      .set('content-type', 'application/octet-stream')
      .send(Buffer.from('PK\u0003\u0004 a zip, not an invoice'));
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('urn:einv:problem:unknown-format');
  });
});

describe('several files in one multipart body', () => {
  it('two files in `file`: 400 too-many-files "one file per request"', async () => {
    const res = await request(app)
      .post('/v1/validate')
      .attach('file', pdf, { filename: 'a.pdf', contentType: 'application/pdf' })
      .attach('file', pdf, { filename: 'b.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ type: 'urn:einv:problem:too-many-files', field: 'file' });
    expect(res.body.detail).toMatch(/one file per request/);
  });

  it('a second file in another field: the same 400 too-many-files', async () => {
    const res = await request(app)
      .post('/v1/validate')
      .attach('file', pdf, { filename: 'a.pdf', contentType: 'application/pdf' })
      .attach('other', pdf, { filename: 'b.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('urn:einv:problem:too-many-files');
  });

  it('one file in a field not named `file`: 400 no-file naming the field', async () => {
    const res = await request(app)
      .post('/v1/validate')
      .attach('upload', pdf, { filename: 'a.pdf', contentType: 'application/pdf' });
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('urn:einv:problem:no-file');
    expect(res.body.detail).toMatch(/one file per request.*`upload`/);
  });
});

describe('GET on a POST route is 405 with Allow', () => {
  it.each([
    ['GET', '/v1/validate', 'POST'],
    ['PUT', '/v1/validate', 'POST'],
    ['POST', '/v1/formats', 'GET'],
    ['DELETE', '/v1/rules/BR-01', 'GET'],
  ])('%s %s → Allow: %s', async (method, path, allow) => {
    const res = await request(app)[method.toLowerCase() as 'get' | 'put' | 'post' | 'delete'](path);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.body).toMatchObject({ type: 'urn:einv:problem:method-not-allowed', allow: allow.split(', ') });
  });

  it('an unknown path stays 404', async () => {
    expect((await request(app).get('/v1/nothing')).status).toBe(404);
  });
});

describe('CORS is open on the free API', () => {
  const origin = 'https://a-shop.example';

  it('a simple POST from any origin may read the answer', async () => {
    const res = await request(app)
      .post('/v1/validate')
      .set('origin', origin)
      .set('content-type', 'application/xml')
      .send(xml);
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('GET /v1/formats and an error answer carry it too', async () => {
    const formats = await request(app).get('/v1/formats').set('origin', origin);
    expect(formats.headers['access-control-allow-origin']).toBe('*');
    const error = await request(app).post('/v1/validate').set('origin', origin);
    expect(error.status).toBe(400);
    expect(error.headers['access-control-allow-origin']).toBe('*');
  });

  it('the preflight of a JSON POST is answered 204 with the allowed method and header', async () => {
    const res = await request(app)
      .options('/v1/validate')
      .set('origin', origin)
      .set('access-control-request-method', 'POST')
      .set('access-control-request-headers', 'content-type');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-methods']).toContain('POST');
    expect(res.headers['access-control-allow-headers']?.toLowerCase()).toContain('content-type');
  });

  it('no credentials are allowed (the API has none)', async () => {
    const res = await request(app).get('/v1/formats').set('origin', origin);
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
  });
});

describeRoutesMatchOpenApi(app, openApiDocument, 5);
