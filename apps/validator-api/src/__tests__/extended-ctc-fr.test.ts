/**
 * /v1/validate and /v1/formats with EXTENDED-CTC-FR (decisions 0078, 0079): a document declaring the
 * profile is judged by its rule set in place of EN 16931; a Factur-X EXTENDED document can be judged
 * as EXTENDED-CTC-FR with ?profile=; /v1/formats names the set and its version.
 */
import fs from 'node:fs';
import { expect, it } from '@jest/globals';
import request from 'supertest';
import { describeIfShared, sharedPath } from '../../../../tests/support/shared.js';
import { buildApp } from './harness.js';

const app = buildApp();
const DIR = 'br-fr/examples/annexe-b-v1.3/Facture Sous Ligne et Multi-Vendeur/_Multi-Vendeur';
const read = (name: string) => fs.readFileSync(sharedPath(DIR, name), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
const names = (body: { ruleSets: { name: string; version: string }[] }) =>
  body.ruleSets.map((r) => `${r.name} ${r.version}`);

describeIfShared('EXTENDED-CTC-FR through the validator', () => {
  it('judges a UBL invoice declaring the profile by the EXTENDED-CTC-FR set (UC10 multi-vendor: valid)', async () => {
    const res = await request(app)
      .post('/v1/validate?frenchRules=standard')
      .set('content-type', 'application/xml')
      .send(read('UC10_F202600004_MULTI-VENDEUR_UBL_Commentee_EXTENDED.xml'));
    expect(res.status).toBe(200);
    expect(res.body.profile).toBe('EXTENDED-CTC-FR');
    expect(names(res.body)).toEqual(expect.arrayContaining(['EXTENDED-CTC-FR 1.4.0.03']));
    expect(names(res.body).some((n) => n.startsWith('EN16931'))).toBe(false);
    expect(res.body.errors).toEqual([]);
  });

  it('judges the Factur-X EXTENDED CII of UC10 as EXTENDED (EN 16931 fails its sums) unless EXTENDED-CTC-FR is forced', async () => {
    const xml = read('UC10_F202600004_MULTI-VENDEUR_CII_Commentee_EXTENDED.xml');
    const post = (query: string) =>
      request(app).post(`/v1/validate${query}`).set('content-type', 'application/xml').send(xml);
    const asDeclared = await post('?frenchRules=standard');
    expect(asDeclared.body.profile).toBe('EXTENDED');
    expect(asDeclared.body.errors.map((e: { rule: string }) => e.rule)).toContain('BR-CO-10');
    const forced = await post('?frenchRules=standard&profile=EXTENDED-CTC-FR');
    expect(forced.status).toBe(200);
    expect(forced.body.profile).toBe('EXTENDED-CTC-FR');
    expect(forced.body.errors).toEqual([]);
  });

  it('/v1/formats names the set and its version', async () => {
    const res = await request(app).get('/v1/formats');
    const set = res.body.ruleSets.find((r: { name: string }) => r.name === 'EXTENDED-CTC-FR');
    expect(set?.version).toMatch(/^1\.4\.0\.03 /);
  });
});
