/**
 * POST /api/v1/status: a lifecycle status message built from an invoice (or its references),
 * written as CDAR and judged by BR-FR-CDV; refusals name the field; keyed like the rest of /api/v1.
 */
import { readCdar } from '@einv/facturx';
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildApp, newKey, signedIn, validInvoice } from './harness.js';

async function keyed() {
  const built = await buildApp();
  const key = await newKey(await signedIn(built.app));
  return {
    post: (path: string) => request(built.app).post(path).set('authorization', `Bearer ${key}`),
    app: built.app,
  };
}

const ref = {
  number: 'F2026-42',
  issueDate: '2026-09-15',
  seller: { siren: '100000009', electronicAddress: { id: '100000009', scheme: '0225' } },
  buyer: { siren: '200000008', electronicAddress: { id: '200000008', scheme: '0225' } },
};

describe('POST /api/v1/status', () => {
  it('212 Encaissée from invoice references: the CDAR XML, the model and a passing BR-FR-CDV verdict', async () => {
    const { post } = await keyed();
    const res = await post('/api/v1/status?lang=en').send({
      invoiceRef: ref,
      status: '212',
      details: { at: '2026-10-01T12:00:00Z', collected: [{ amount: '1200.00', vatRate: '20.00' }] },
    });
    expect(res.status).toBe(200);
    expect(res.body.validation).toMatchObject({
      valid: true,
      errors: [],
      ruleSets: [{ name: 'BR-FR-CDV', version: '1.4.0.04 (standard)' }],
    });
    const xml = Buffer.from(res.body.xml, 'base64').toString('utf8');
    const read = readCdar(xml);
    expect(read.message).toEqual(res.body.message);
    const reference = read.message?.references?.[0];
    expect(reference).toMatchObject({
      invoiceNumber: 'F2026-42',
      processCode: '212',
      issueDate: { value: '20260915', format: '102' },
    });
    expect(reference?.details?.[0]?.characteristics?.[0]).toMatchObject({
      typeCode: 'MEN',
      amount: { value: '1200.00' },
      percent: '20.00',
    });
  });

  it('from the invoice JSON of /generate, in the release asked for', async () => {
    const { post } = await keyed();
    const res = await post('/api/v1/status?frenchRules=standard@1.4.0.03').send({
      invoice: validInvoice(),
      status: '205',
    });
    expect(res.status).toBe(200);
    expect(res.body.validation).toMatchObject({
      valid: true,
      ruleSets: [{ name: 'BR-FR-CDV', version: '1.4.0.03 (standard)' }],
    });
    expect(res.body.message.typeCode).toBe('23');
  });

  it('refuses what cannot be built, naming the field: 212 without the amount and rate, a missing reason, bad input', async () => {
    const { post } = await keyed();
    const noAmount = await post('/api/v1/status').send({ invoiceRef: ref, status: '212' });
    expect(noAmount.status).toBe(422);
    expect(noAmount.body).toMatchObject({ field: 'details.collected' });
    expect(noAmount.body.detail).toMatch(/amount and VAT rate/);
    const noRate = await post('/api/v1/status').send({
      invoiceRef: ref,
      status: '212',
      details: { collected: [{ amount: 10 }] },
    });
    expect(noRate.body).toMatchObject({ field: 'details.collected[0].vatRate' });
    const noReason = await post('/api/v1/status').send({ invoiceRef: ref, status: '210' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.field).toBe('details.reason');
    const badStatus = await post('/api/v1/status').send({ invoiceRef: ref, status: '999' });
    expect([badStatus.status, badStatus.body.field]).toEqual([400, 'status']);
    const noInvoice = await post('/api/v1/status').send({ status: '205' });
    expect([noInvoice.status, noInvoice.body.field]).toEqual([400, 'invoice']);
    const badDate = await post('/api/v1/status').send({
      invoiceRef: { ...ref, issueDate: '15/09/2026' },
      status: '205',
    });
    expect([badDate.status, badDate.body.field]).toEqual([400, 'invoiceRef.issueDate']);
    const badAt = await post('/api/v1/status').send({
      invoiceRef: ref,
      status: '205',
      details: { at: 'yesterday' },
    });
    expect([badAt.status, badAt.body.field]).toEqual([400, 'details.at']);
    const unknown = await post('/api/v1/status').send({
      invoiceRef: ref,
      status: '205',
      details: { recipient: 'x' },
    });
    expect([unknown.status, unknown.body.field]).toEqual([400, 'details.recipient']);
    const noAddress = await post('/api/v1/status').send({
      invoiceRef: { ...ref, seller: { siren: '100000009' } },
      status: '205',
    });
    expect([noAddress.status, noAddress.body.field]).toEqual([422, 'invoiceRef.seller.electronicAddress']);
  });

  it('is described in the OpenAPI document', async () => {
    const { app } = await keyed();
    const doc = (await request(app).get('/api/openapi.json')).body;
    expect(doc.paths['/api/v1/status'].post.responses).toHaveProperty('422');
    expect(
      doc.paths['/api/v1/status'].post.requestBody.content['application/json'].schema.properties.status.enum,
    ).toContain('212');
  });

  it('/api/v1/parse of a status message says it is one, not an invoice', async () => {
    const { post } = await keyed();
    const built = await post('/api/v1/status').send({ invoiceRef: ref, status: '205' });
    const res = await post('/api/v1/parse?lang=en').send({ xml: built.body.xml });
    expect(res.status).toBe(400);
    expect(res.body.findings).toEqual([
      expect.objectContaining({ rule: 'FORMAT', message: expect.stringMatching(/status message \(CDAR\)/) }),
    ]);
  });

  it('needs an API key', async () => {
    const { app } = await keyed();
    const res = await request(app).post('/api/v1/status').send({ invoiceRef: ref, status: '205' });
    expect(res.status).toBe(401);
  });
});
