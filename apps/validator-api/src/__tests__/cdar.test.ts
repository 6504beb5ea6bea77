/**
 * /v1/validate on lifecycle status messages (CDAR): detected by their root, reported as
 * `kind: 'status-message'` with the BR-FR-CDV release that ran (chosen by frenchRules like BR-FR),
 * the status and the invoice it is about; /v1/formats lists the format and the rule set.
 */
import { buildStatus, writeCdar } from '@einv/facturx';
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { loadFixture } from '../../../../fixtures/load.js';
import { buildApp, facturxSample } from './harness.js';

const app = buildApp();
const at = new Date(Date.UTC(2026, 9, 1, 12, 0, 0));
const collected = writeCdar(
  buildStatus(loadFixture('fr-b2b-simple').invoice, '212', {
    at,
    collected: [{ amount: '100.00', vatRate: '20.00' }],
  }),
);
const post = (query: string, body: string) =>
  request(app).post(`/v1/validate${query}`).set('content-type', 'application/xml').send(body);

describe('POST /v1/validate with a status message (CDAR)', () => {
  it('says what the document is, which rules ran, and the status it carries', async () => {
    const res = await post('?frenchRules=standard', collected);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      valid: true,
      kind: 'status-message',
      format: 'CDAR',
      ruleSets: [{ name: 'BR-FR-CDV', version: '1.4.0.04 (standard)' }],
      statusMessage: {
        status: '212',
        label: 'Collected (payment received)',
        labelSource: 'einv',
        invoiceNumber: 'F2026-0001',
        phase: '23',
      },
      errors: [],
    });
    const fr = await post('?frenchRules=standard@1.4.0.03&lang=fr', collected);
    expect(fr.body.ruleSets).toEqual([{ name: 'BR-FR-CDV', version: '1.4.0.03 (standard)' }]);
    expect(fr.body.statusMessage).toMatchObject({ label: 'Encaissée', labelSource: 'official' });
  });

  it('a 212 without the amount collected fails BR-FR-CDV-14 (an error in standard, a warning in transition)', async () => {
    const broken = collected.replace(/<ram:ValueAmount[^>]*>[^<]*<\/ram:ValueAmount>/, '');
    const standard = await post('?frenchRules=standard', broken);
    expect(standard.body.valid).toBe(false);
    expect(standard.body.errors.map((e: { rule: string }) => e.rule)).toEqual(['BR-FR-CDV-14_MDT-207']);
    expect(standard.body.errors[0].xpath).toBe(
      '/rsm:CrossDomainAcknowledgementAndResponse/rsm:AcknowledgementDocument/ram:ReferenceReferencedDocument',
    );
    const transition = await post('?frenchRules=transition', broken);
    expect(transition.body).toMatchObject({
      valid: true,
      ruleSets: [{ name: 'BR-FR-CDV', version: '1.4.0.02 (transition)' }],
    });
    expect(transition.body.warnings.map((e: { rule: string }) => e.rule)).toEqual(['BR-FR-CDV-14_MDT-207']);
  });

  it('an invoice is reported as kind invoice', async () => {
    const res = await post('', facturxSample().xml);
    expect(res.body).toMatchObject({ kind: 'invoice', format: 'CII' });
  });

  it('/v1/formats lists CDAR and the BR-FR-CDV rule set with its releases', async () => {
    const res = await request(app).get('/v1/formats');
    expect(res.body.supported.map((f: { id: string }) => f.id)).toContain('CDAR');
    expect(res.body.roadmap.map((f: { id: string }) => f.id)).not.toContain('CDAR');
    const cdv = res.body.ruleSets.find((r: { name: string }) => r.name === 'BR-FR-CDV');
    expect(cdv).toMatchObject({
      rules: 43,
      version: '1.4.0.04 or 1.4.0.03 (standard, default 1.4.0.04) / 1.4.0.02 (transition)',
    });
  });
});
