/** Builds the real validator app for contract tests over HTTP (supertest), with a silent logger. */
import fs from 'node:fs';
import { complete, generate, writeUbl } from '@einv/facturx';
import { pino } from 'pino';
import { loadFixture } from '../../../../fixtures/load.js';
import { sharedPath } from '../../../../tests/support/shared.js';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';

export function buildApp(env: Record<string, string> = {}) {
  return createApp(loadConfig({ RATE_LIMIT_PER_MINUTE: '100000', ...env }), pino({ level: 'silent' }));
}

/** A valid Factur-X PDF and its XML, generated from our fr-b2b-simple fixture with a fixed clock */
export function facturxSample(): { pdf: Buffer; xml: string } {
  const result = generate(loadFixture('fr-b2b-simple').invoice, { now: '2026-11-22T10:00:00Z', lang: 'fr' });
  if (!result.pdf || !result.xml)
    throw new Error(`fixture does not generate: ${JSON.stringify(result.validation.errors)}`);
  return { pdf: Buffer.from(result.pdf), xml: result.xml };
}

/** An official CII example with its invoice number (BT-1) removed: fails BR-02 */
export function invalidCii(): string {
  const xml = fs.readFileSync(sharedPath('en16931/cii/examples/CII_example1.xml'), 'utf8');
  return xml.replace(/(<rsm:ExchangedDocument>\s*)<ram:ID>[^<]*<\/ram:ID>/, '$1');
}

/** Our fr-b2b-simple fixture as UBL with a wrong total with VAT (BT-112 = 999.99): fails BR-CO-15 */
export function wrongTotalUbl(): string {
  const xml = writeUbl(complete(loadFixture('fr-b2b-simple').invoice)).xml;
  const wrong = xml.replace(
    /<cbc:TaxInclusiveAmount currencyID="EUR">[^<]*</,
    '<cbc:TaxInclusiveAmount currencyID="EUR">999.99<',
  );
  if (wrong === xml) throw new Error('the fixture UBL has no TaxInclusiveAmount');
  return wrong;
}
