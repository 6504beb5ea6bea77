/**
 * /v1/validate French rule options: the edition and release chosen by `frenchRules`, the processing
 * type, their refusals, and the report naming what ran. A self-billed B2C Annexe B invoice whose
 * seller address is not built on its SIREN: BR-FR-22 in 1.4.0.03 only (UBL, fix04).
 */
import fs from 'node:fs';
import { expect, it } from '@jest/globals';
import request from 'supertest';
import { describeIfShared, sharedPath } from '../../../../tests/support/shared.js';
import { buildApp } from './harness.js';

const app = buildApp();

describeIfShared('POST /v1/validate?frenchRules=…&processingType=…', () => {
  const base = fs
    .readFileSync(
      sharedPath('br-fr/examples/annexe-b-v1.3/UC1/UC1_F202500003_00-INV_20250701_UBL_EN16931.xml'),
      'utf8',
    )
    .replace(/<!--[\s\S]*?-->/g, '');
  const selfBilledB2c = base
    .replace(/(<cbc:InvoiceTypeCode>)[^<]*/, '$1389')
    .replace(/(<cbc:Note>#PMT#)/, '<cbc:Note>#BAR#B2C</cbc:Note>$1')
    .replace(
      /(<cac:AccountingSupplierParty>\s*<cac:Party>\s*)<cbc:EndpointID[^>]*>[^<]*<\/cbc:EndpointID>/,
      '$1<cbc:EndpointID schemeID="0225">999999999</cbc:EndpointID>',
    );
  const post = (query: string, body = selfBilledB2c) =>
    request(app).post(`/v1/validate${query}`).set('content-type', 'application/xml').send(body);
  const brfr = (body: { ruleSets: { name: string; version: string }[] }) =>
    body.ruleSets.find((r) => r.name === 'BR-FR')?.version;
  const fired = (body: { errors: { rule: string }[] }, rule: string) =>
    body.errors.some((e) => e.rule === rule);

  it('runs the release asked for and names it', async () => {
    const old = await post('?frenchRules=standard@1.4.0.03');
    expect(old.status).toBe(200);
    expect(brfr(old.body)).toBe('1.4.0.03 (standard)');
    expect(fired(old.body, 'BR-FR-22')).toBe(true);
    const current = await post('?frenchRules=standard@1.4.0.04');
    expect(brfr(current.body)).toBe('1.4.0.04 (standard)');
    expect(fired(current.body, 'BR-FR-22')).toBe(false);
    expect(brfr((await post('?frenchRules=standard')).body)).toBe('1.4.0.04 (standard)');
    expect(brfr((await post('')).body)).toBe('1.4.0.02 (transition)');
    const off = (await post('?frenchRules=off')).body;
    expect(off.ruleSets.map((r: { name: string }) => r.name)).not.toEqual(expect.arrayContaining(['BR-FR']));
    expect(off.ruleSets.map((r: { name: string }) => r.name)).not.toContain('EINV-ADVISORY');
  });

  it('takes the processing type for an invoice without a BAR note', async () => {
    const noBar = base
      .replace(/<cbc:Note>#BAR#[^<]*<\/cbc:Note>/, '')
      .replace(
        /<cac:AccountingCustomerParty>([\s\S]*?)<cbc:CompanyID schemeID="0002">\d+<\/cbc:CompanyID>/,
        '<cac:AccountingCustomerParty>$1',
      );
    const without = await post('?frenchRules=standard', noBar);
    const withB2b = await post('?frenchRules=standard&processingType=B2B', noBar);
    expect(fired(without.body, 'BR-FR-11')).toBe(false);
    expect(fired(withB2b.body, 'BR-FR-11')).toBe(true);
  });

  it('refuses unknown values with a 400 naming the option and the allowed values', async () => {
    for (const [query, field] of [
      ['?frenchRules=standard@1.3', 'frenchRules'],
      ['?processingType=B2X', 'processingType'],
    ] as const) {
      const res = await post(query);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ type: 'urn:einv:problem:invalid-option', field });
      expect(res.body.allowed.length).toBeGreaterThan(2);
    }
  });

  it('/v1/formats lists the BR-FR releases a caller may pick', async () => {
    const res = await request(app).get('/v1/formats');
    const set = res.body.ruleSets.find((r: { name: string }) => r.name === 'BR-FR');
    expect(set.selectable).toEqual([
      'transition',
      'standard',
      'standard@1.4.0.04',
      'standard@1.4.0.03',
      'off',
    ]);
    expect(set.version).toMatch(/1\.4\.0\.04/);
    expect(res.body.ruleSets.find((r: { name: string }) => r.name === 'EINV-ADVISORY')).toMatchObject({
      version: '1',
    });
  });
});
