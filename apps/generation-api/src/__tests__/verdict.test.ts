/**
 * One verdict on the generation service (issue #11): /api/v1/parse judges a document the way the
 * validator does (official ids, one cause when it cannot be read); /api/v1/validate and generate
 * judge a JSON invoice by the document written from it, with the contract findings on top; a
 * MINIMUM invoice gets the booking-aid notice.
 */
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { unreadableInputs } from '../../../../tests/support/unreadable.js';
import { buildApp, newKey, signedIn, validInvoice } from './harness.js';

async function keyed() {
  const built = await buildApp();
  const key = await newKey(await signedIn(built.app));
  return (path: string) => request(built.app).post(path).set('authorization', `Bearer ${key}`);
}

describe('POST /api/v1/parse: a document that cannot be read', () => {
  it('each kind: one finding naming the cause, valid false, counts match the lists', async () => {
    const post = await keyed();
    const generated = await post('/api/v1/generate').send({ invoice: validInvoice() });
    const pdf = Buffer.from(generated.body.pdf, 'base64');
    for (const input of unreadableInputs(pdf)) {
      const res = await post('/api/v1/parse?lang=en').send({
        xml: Buffer.from(input.bytes).toString('base64'),
      });
      expect([input.name, res.status]).toEqual([input.name, input.recognised ? 200 : 400]);
      const validation = res.body.validation;
      expect(validation.valid).toBe(false);
      expect(validation.errors).toHaveLength(1);
      expect(validation.warnings).toEqual([]);
      expect(validation.errors[0].rule).toBe(input.rule);
      expect(validation.errors[0].message).toMatch(input.cause);
    }
  });
});

describe('contract findings belong to JSON invoices only', () => {
  it('/api/v1/validate: BR-01 at invoice.number next to BR-02; /api/v1/parse of its XML: BR-02 only', async () => {
    const post = await keyed();
    const { number: _n, ...invoice } = validInvoice();
    const json = await post('/api/v1/validate').send({ invoice });
    const jsonRules = json.body.errors.map((f: { rule: string }) => f.rule);
    expect(jsonRules).toEqual(expect.arrayContaining(['BR-01', 'BR-02']));
    const written = await post('/api/v1/generate').send({ invoice: validInvoice() });
    const xml = Buffer.from(written.body.xml, 'base64')
      .toString('utf8')
      .replace(/(<rsm:ExchangedDocument>\s*)<ram:ID>[^<]*<\/ram:ID>/, '$1');
    const parsed = await post('/api/v1/parse').send({ xml: Buffer.from(xml).toString('base64') });
    const xmlRules = parsed.body.validation.errors.map((f: { rule: string }) => f.rule);
    expect(xmlRules).toContain('BR-02');
    expect(xmlRules).not.toContain('BR-01');
  });

  it('/api/v1/validate: the BR-FR-09 advisory for a French seller without SIRET; parse of the PDF: none', async () => {
    const post = await keyed();
    const invoice = validInvoice();
    delete (invoice.seller as { siret?: string }).siret;
    const json = await post('/api/v1/validate').send({ invoice });
    expect(json.body.warnings).toContainEqual(
      expect.objectContaining({ rule: 'BR-FR-09', path: 'invoice.seller.siret', severity: 'warning' }),
    );
    const generated = await post('/api/v1/generate').send({ invoice });
    expect(generated.status).toBe(200);
    const parsed = await post('/api/v1/parse').send({ xml: generated.body.pdf });
    const all = [...parsed.body.validation.errors, ...parsed.body.validation.warnings];
    expect(all.some((f: { rule: string }) => f.rule === 'BR-FR-09')).toBe(false);
  });
});

describe('MINIMUM is a booking aid', () => {
  it('/api/v1/validate?profile=MINIMUM and generate: valid, with the notice', async () => {
    const post = await keyed();
    const validated = await post('/api/v1/validate?profile=MINIMUM').send({ invoice: validInvoice() });
    expect(validated.body.valid).toBe(true);
    expect(validated.body.notices?.[0]?.code).toBe('FX-BOOKING-AID');
    const generated = await post('/api/v1/generate?profile=MINIMUM').send({ invoice: validInvoice() });
    expect(generated.status).toBe(200);
    expect(generated.body.validation.notices?.[0]?.code).toBe('FX-BOOKING-AID');
  });
});
