/**
 * The validator answers in the request's language (issue #16): Accept-Language when `lang` is
 * absent, `lang` when given; found / expected / derivation of a wrong total; readable size limits
 * and French problem+json.
 */
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildApp, wrongTotalUbl } from './harness.js';

const NNBSP = '\u202f';

describe('French by default for French speakers', () => {
  const app = buildApp();

  it('a French browser gets the report in French, with what was found and expected', async () => {
    const res = await request(app)
      .post('/v1/validate')
      .set('content-type', 'application/xml')
      .set('accept-language', 'fr-FR,fr;q=0.9,en-US;q=0.8')
      .send(wrongTotalUbl());
    expect(res.status).toBe(200);
    const co15 = res.body.errors.find((f: { rule: string }) => f.rule === 'BR-CO-15');
    expect(co15).toMatchObject({ found: '999.99', severity: 'fatal' });
    expect(co15.message).toMatch(/^Le total TTC/);
    expect(co15.derivation).toBe(
      `BT-112 = BT-109 + BT-110 = 1${NNBSP}049,70 + 209,94 = 1${NNBSP}259,64${NNBSP}; la facture indique 999,99`,
    );
    expect(co15.expected).toBe('1259.64');
    expect(res.headers.vary).toMatch(/Accept-Language/i);
  });

  it('lang wins over Accept-Language', async () => {
    const res = await request(app)
      .post('/v1/validate?lang=en')
      .set('content-type', 'application/xml')
      .set('accept-language', 'fr-FR')
      .send(wrongTotalUbl());
    const co15 = res.body.errors.find((f: { rule: string }) => f.rule === 'BR-CO-15');
    expect(co15.derivation).toMatch(/; the invoice says 999\.99$/);
  });

  it('no Accept-Language: English, as before', async () => {
    const res = await request(app)
      .post('/v1/validate')
      .set('content-type', 'application/xml')
      .send(wrongTotalUbl());
    expect(res.body.errors[0].message).not.toMatch(/^Le /);
  });

  it('size limits in readable units, in French', async () => {
    const small = buildApp({ MAX_UPLOAD_BYTES: String(20 * 1024 * 1024) });
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 0x20);
    const fr = await request(small)
      .post('/v1/validate')
      .set('accept-language', 'fr')
      .attach('file', big, 'big.xml');
    expect(fr.status).toBe(413);
    expect(fr.body).toMatchObject({
      title: 'Fichier trop volumineux',
      detail: 'Le fichier dépasse 20\u00a0Mo.',
    });
    const en = await request(small).post('/v1/validate').attach('file', big, 'big.xml');
    expect(en.body.detail).toBe('The upload exceeds 20 MB.');
  });

  it('a bad lang is a 400 naming the option', async () => {
    const res = await request(app)
      .post('/v1/validate?lang=de')
      .set('content-type', 'application/xml')
      .send('<x/>');
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('lang');
  });
});
