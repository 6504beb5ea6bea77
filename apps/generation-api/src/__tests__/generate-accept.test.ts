/** /api/v1/generate by Accept: JSON with base64 files (default), the PDF itself, the XML itself (decision 0138) */
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildApp, newKey, signedIn, validInvoice } from './harness.js';

const built = await buildApp();
const keyPromise = signedIn(built.app).then((agent) => newKey(agent));
const generate = async (accept?: string, invoice: unknown = validInvoice()) => {
  const req = request(built.app)
    .post('/api/v1/generate')
    .set('authorization', `Bearer ${await keyPromise}`)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
  return (accept ? req.set('accept', accept) : req).send({ invoice });
};
const json = (body: Buffer) => JSON.parse(body.toString('utf8'));

describe('POST /api/v1/generate with Accept', () => {
  it('application/pdf: the PDF itself, the same bytes the JSON answer holds in base64', async () => {
    const [pdf, inJson] = [await generate('application/pdf'), await generate()];
    expect(pdf.status).toBe(200);
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename=F2026-0001.pdf');
    expect(pdf.headers.vary).toMatch(/Accept/);
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.body.equals(Buffer.from(json(inJson.body).pdf, 'base64'))).toBe(true);
  });

  it('the verdict in the Einv-Validation header, naming the warnings', async () => {
    const valid = await generate('application/pdf');
    expect(valid.headers['einv-validation']).toBe('valid=?1, errors=0, warnings=0');
    // no SIRET for the seller: the BR-FR-09 advisory warning (a contract finding on JSON input)
    const { siret: _s, ...seller } = validInvoice().seller;
    const warned = await generate('application/pdf', {
      ...validInvoice(),
      seller: { ...seller, legalRegistrationId: { id: '123456782', scheme: '0002' } },
    });
    expect(warned.status).toBe(200);
    expect(warned.headers['einv-validation']).toMatch(
      /^valid=\?1, errors=0, warnings=[1-9]\d*, warning-rules="[^"]*BR-FR-09/,
    );
  });

  it('application/xml: the CII XML itself, equal to the JSON answer', async () => {
    const [xml, inJson] = [await generate('application/xml'), await generate()];
    expect(xml.status).toBe(200);
    expect(xml.type).toBe('application/xml');
    expect(xml.headers['content-disposition']).toBe('attachment; filename=F2026-0001.xml');
    expect(xml.body.toString('utf8')).toBe(Buffer.from(json(inJson.body).xml, 'base64').toString('utf8'));
  });

  it('*/* (curl, fetch) and application/json keep the JSON answer; JSON wins a tie', async () => {
    for (const accept of ['*/*', 'application/json', 'application/json, application/pdf']) {
      const res = await generate(accept);
      expect(res.type).toBe('application/json');
      expect(Object.keys(json(res.body)).sort()).toEqual(['pdf', 'validation', 'xml']);
    }
    expect((await generate('application/pdf;q=1, application/json;q=0.5')).type).toBe('application/pdf');
  });

  it('an Accept nothing matches is 406 naming the three types', async () => {
    const res = await generate('text/html');
    expect(res.status).toBe(406);
    expect(json(res.body)).toMatchObject({
      type: 'urn:einv:problem:not-acceptable',
      allowed: ['application/json', 'application/pdf', 'application/xml'],
    });
  });

  it('an invalid invoice is 422 problem+json whatever was asked', async () => {
    const { number: _n, ...invoice } = validInvoice();
    const res = await generate('application/pdf', invoice);
    expect(res.status).toBe(422);
    expect(res.type).toBe('application/problem+json');
    expect(json(res.body).validation.errors.map((f: { rule: string }) => f.rule)).toContain('BR-01');
  });
});
