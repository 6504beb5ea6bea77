/**
 * The HTTP conventions both services share (docs/api.md "Consistency", decision 0135), on the
 * generation service: empty bodies, XML on /check-xml, 405 with Allow, no CORS on the keyed API, and
 * the route table equal to the OpenAPI paths.
 */
import fs from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { describeRoutesMatchOpenApi } from '../../../../tests/support/route-table.js';
import { sharedPath } from '../../../../tests/support/shared.js';
import { openApiDocument } from '../openapi.js';
import { buildApp, newKey, signedIn } from './harness.js';

const built = await buildApp();
const { app } = built;
const keyPromise = signedIn(app).then((agent) => newKey(agent));

describe('an empty body is 400 empty-body, not 415', () => {
  it.each(['/api/v1/generate', '/api/v1/validate', '/api/v1/parse'])('%s', async (path) => {
    const key = await keyPromise;
    const res = await request(app).post(path).set('authorization', `Bearer ${key}`);
    expect(res.status).toBe(400);
    expect(res.type).toBe('application/problem+json');
    expect(res.body).toMatchObject({ type: 'urn:einv:problem:empty-body', field: 'body' });
  });

  it('/check-xml, with or without a content type', async () => {
    for (const type of [undefined, 'application/json', 'application/xml']) {
      const req = request(app).post('/check-xml');
      const res = await (type ? req.set('content-type', type) : req);
      expect(res.status).toBe(400);
      expect(res.body.type).toBe('urn:einv:problem:empty-body');
    }
  });

  it('a body of the wrong type is still 415', async () => {
    const key = await keyPromise;
    const res = await request(app)
      .post('/api/v1/validate')
      .set('authorization', `Bearer ${key}`)
      .set('content-type', 'text/plain')
      .send('invoice');
    expect(res.status).toBe(415);
  });
});

describe('/check-xml takes the XML itself as application/xml', () => {
  const official = () => fs.readFileSync(sharedPath('en16931/cii/examples/CII_example1.xml'));

  it.each(['application/xml', 'text/xml'])('%s gives the same answer as the JSON form', async (type) => {
    const xml = official();
    const raw = await request(app).post('/check-xml').set('content-type', type).send(xml);
    const json = await request(app)
      .post('/check-xml')
      .send({ xml: xml.toString('utf8') });
    expect(raw.status).toBe(200);
    expect(raw.body.format).toBe('CII');
    expect(raw.body).toEqual(json.body);
  });

  it('honours the encoding the document declares (ISO-8859-1 bytes)', async () => {
    const text = official()
      .toString('utf8')
      .replace(/^<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="ISO-8859-1"?>');
    const withAccent = text.replace(/<ram:Name>([^<]*)<\/ram:Name>/, '<ram:Name>Société é</ram:Name>');
    const res = await request(app)
      .post('/check-xml')
      .set('content-type', 'application/xml')
      .send(Buffer.from(withAccent, 'latin1'));
    expect(res.status).toBe(200);
    expect(res.body.errors.filter((f: { rule: string }) => f.rule.startsWith('XML'))).toEqual([]);
  });

  it('broken XML is a 200 report naming the line, like the JSON form', async () => {
    const res = await request(app)
      .post('/check-xml')
      .set('content-type', 'application/xml')
      .send('<a><b></a>');
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(false);
    expect(res.body.errors[0].line).toBe(1);
  });
});

describe('GET on a POST route is 405 with Allow', () => {
  it.each([
    ['GET', '/api/v1/generate', 'POST'],
    ['GET', '/check-xml', 'POST'],
    ['PUT', '/api/portal/keys', 'GET, POST'],
    ['GET', '/api/portal/keys/12/suspend', 'POST'],
    ['POST', '/api/openapi.json', 'GET'],
  ])('%s %s → Allow: %s (before any key is asked for)', async (method, path, allow) => {
    const res = await request(app)[method.toLowerCase() as 'get' | 'put' | 'post'](path);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.type).toBe('application/problem+json');
    expect(res.body).toMatchObject({ type: 'urn:einv:problem:method-not-allowed' });
  });

  it('OPTIONS is 204 with Allow (and no CORS header)', async () => {
    const res = await request(app).options('/api/v1/generate');
    expect(res.status).toBe(204);
    expect(res.headers.allow).toBe('POST');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('an unknown path stays 404', async () => {
    expect((await request(app).get('/api/nothing')).status).toBe(404);
  });
});

describe('no CORS on the keyed API nor the portal', () => {
  it.each(['/api/v1/generate', '/api/portal/login', '/check-xml'])(
    '%s: no Access-Control-* header',
    async (path) => {
      const preflight = await request(app)
        .options(path)
        .set('origin', 'https://elsewhere.example')
        .set('access-control-request-method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      const key = await keyPromise;
      const post = await request(app)
        .post(path)
        .set('origin', 'https://elsewhere.example')
        .set('authorization', `Bearer ${key}`)
        .send({});
      expect(post.headers['access-control-allow-origin']).toBeUndefined();
    },
  );
});

describeRoutesMatchOpenApi(app, openApiDocument, 20);
