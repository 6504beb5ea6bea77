/**
 * POST /v1/validate?report=pdf|html|json: the downloadable receipt (issue #16), in the request's
 * language, named after the file.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { preflight } from '@einv/facturx';
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { describeIfTools, run, tempDir } from '../../../../tests/facturx/support.js';
import { buildApp, wrongTotalUbl } from './harness.js';

const binary = (res: request.Response, cb: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('?report=', () => {
  const app = buildApp();
  const xml = wrongTotalUbl();

  it('pdf: a PDF/A receipt in French for a French browser, as a download', async () => {
    const res = await request(app)
      .post('/v1/validate?report=pdf')
      .set('accept-language', 'fr-FR,fr;q=0.9')
      .attach('file', Buffer.from(xml), 'facture-F2026.xml')
      .buffer(true)
      .parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename=rapport-einv-facture-F2026.pdf');
    const pdf = new Uint8Array(res.body as Buffer);
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    expect(preflight(pdf).filter((f) => !f.rule.startsWith('FX-'))).toEqual([]);
  });

  it('json: the receipt data, with the file’s SHA-256 and the findings’ found / expected', async () => {
    const res = await request(app)
      .post('/v1/validate?report=json&lang=en')
      .set('content-type', 'application/xml')
      .send(xml);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename=report-einv.json');
    const body = JSON.parse(res.text);
    expect(body.file).toEqual({
      name: '(unnamed)',
      size: Buffer.byteLength(xml),
      sha256: createHash('sha256').update(xml).digest('hex'),
    });
    expect(body.valid).toBe(false);
    expect(Date.parse(body.date)).toBeGreaterThan(Date.parse('2026-01-01'));
    expect(body.errors.find((f: { rule: string }) => f.rule === 'BR-CO-15')).toMatchObject({
      found: '999.99',
      expected: '1259.64',
    });
  });

  it('html: a standalone page', async () => {
    const res = await request(app)
      .post('/v1/validate?report=html&lang=fr')
      .set('content-type', 'application/xml')
      .send(xml);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.text).toContain('Rapport de validation');
    expect(res.text).toContain('la facture indique 999,99');
    // found / expected as a French reader writes numbers; the JSON form keeps the raw decimals
    expect(res.text).toContain('<dt>Trouvé</dt><dd>999,99</dd><dt>Attendu</dt><dd>1\u202f259,64</dd>');
  });

  it('html in English: found / expected with English grouping', async () => {
    const res = await request(app)
      .post('/v1/validate?report=html&lang=en')
      .set('content-type', 'application/xml')
      .send(xml);
    expect(res.text).toContain('<dt>Found</dt><dd>999.99</dd><dt>Expected</dt><dd>1,259.64</dd>');
  });

  it('an unknown form is a 400 naming the option', async () => {
    const res = await request(app)
      .post('/v1/validate?report=xls')
      .set('content-type', 'application/xml')
      .send(xml);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ field: 'report', allowed: ['json', 'html', 'pdf'] });
  });
});

describeIfTools(['pdftotext'], '?report=pdf: the values as the reader writes them', () => {
  for (const [lang, found, expected] of [
    ['fr', /Trouvé +999,99\n/, /Attendu +1[ \u202f]259,64\n/],
    ['en', /Found +999\.99\n/, /Expected +1,259\.64\n/],
  ] as const) {
    it(lang, async () => {
      const res = await request(buildApp())
        .post(`/v1/validate?report=pdf&lang=${lang}`)
        .set('content-type', 'application/xml')
        .send(wrongTotalUbl())
        .buffer(true)
        .parse(binary);
      const file = path.join(tempDir('einv-receipt-api-'), 'report.pdf');
      fs.writeFileSync(file, res.body as Buffer);
      const text = run('pdftotext', ['-layout', file, '-']).stdout;
      expect(text).toMatch(found);
      expect(text).toMatch(expected);
      expect(text).not.toContain('1259.64');
    });
  }
});
