/**
 * readAndCheckUbl parses once and gives what readUbl and checkUbl give for the same bytes: on the
 * official CEN UBL examples, on a generated invoice, on a damaged one and on broken XML.
 */
import fs from 'node:fs';
import { complete } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { loadFixture } from '../../../fixtures/load.js';
import { describeIfShared, sharedFiles } from '../../../tests/support/shared.js';
import { checkUbl } from './check/index.js';
import { readAndCheckUbl } from './read-and-check.js';
import { readUbl } from './read-ubl.js';
import { writeUbl } from './write-ubl.js';

const separately = (xml: string) => ({ read: readUbl(xml), check: checkUbl(xml) });

describeIfShared('readAndCheckUbl on the official UBL examples', () => {
  const files = sharedFiles('en16931/ubl/examples', (n) => /\.xml$/i.test(n));
  it('finds the examples', () => {
    expect(files.length).toBeGreaterThanOrEqual(19);
  });
  it.each(files.map((f) => [f.split('/').pop() ?? f, f] as const))(
    '%s: same read and check results as readUbl + checkUbl',
    (_name, file) => {
      const xml = fs.readFileSync(file, 'utf8');
      expect(readAndCheckUbl(xml)).toEqual(separately(xml));
    },
  );
});

describe('readAndCheckUbl', () => {
  const { xml } = writeUbl(complete(loadFixture('fr-b2b-simple').invoice));

  it('a generated invoice reads and checks clean', () => {
    const r = readAndCheckUbl(new TextEncoder().encode(xml));
    expect(r.check).toMatchObject({ valid: true, format: 'UBL', documentType: 'Invoice', errors: [] });
    expect(r).toEqual(separately(xml));
  });

  it('structure findings carry the same model paths as checkUbl gives them', () => {
    // an element the UBL 2.1 XSD does not allow inside the seller party
    const damaged = xml.replace('<cac:PartyName>', '<cbc:Note>x</cbc:Note><cac:PartyName>');
    expect(damaged).not.toBe(xml);
    const r = readAndCheckUbl(damaged);
    expect(r.check.valid).toBe(false);
    expect(r.check.errors.some((f) => f.path.startsWith('invoice.seller'))).toBe(true);
    expect(r).toEqual(separately(damaged));
  });

  it('XML that is not well-formed is reported by both, as readUbl and checkUbl report it', () => {
    const broken = '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><a>';
    const r = readAndCheckUbl(broken);
    expect(r).toEqual(separately(broken));
    expect(r.check.valid).toBe(false);
  });
});
