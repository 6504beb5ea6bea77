/**
 * readAndCheckCii parses once and gives what readCii and checkCii give for the same bytes: on the
 * official CEN examples, on generated invoices, on broken XML and on a UBL document.
 */
import fs from 'node:fs';
import { complete } from '@einv/core-model';
import { parseXml } from '@einv/xml';
import { describe, expect, it } from '@jest/globals';
import { loadFixture } from '../../../fixtures/load.js';
import { describeIfShared, sharedFiles } from '../../../tests/support/shared.js';
import { checkCii, checkCiiElement } from './check/index.js';
import { readCii } from './read.js';
import { readAndCheckCii } from './read-and-check.js';
import { writeCii } from './write.js';

/** The two separate calls readAndCheckCii stands for */
function separately(xml: string, profile?: Parameters<typeof readAndCheckCii>[1]) {
  const read = readCii(xml);
  const forced = profile?.profile ?? read.profile;
  return { read, check: checkCii(xml, forced ? { profile: forced } : {}) };
}

describeIfShared('readAndCheckCii on the official CII examples', () => {
  const files = sharedFiles('en16931/cii/examples', (n) => n.endsWith('.xml'));
  it('finds the 15 examples', () => {
    expect(files).toHaveLength(15);
  });
  it.each(files.map((f) => [f.split('/').pop() ?? f, f] as const))(
    '%s: same read and check results as readCii + checkCii',
    (_name, file) => {
      const xml = fs.readFileSync(file, 'utf8');
      expect(readAndCheckCii(xml)).toEqual(separately(xml));
      expect(readAndCheckCii(xml, { profile: 'EXTENDED' })).toEqual(separately(xml, { profile: 'EXTENDED' }));
    },
  );
});

describe('readAndCheckCii', () => {
  const invoice = complete(loadFixture('fr-b2b-simple').invoice);

  it('a generated EN16931 invoice reads and checks clean, with the profile the reader found', () => {
    const { xml } = writeCii(invoice, { profile: 'EN16931' });
    const r = readAndCheckCii(new TextEncoder().encode(xml));
    expect(r.read.profile).toBe('EN16931');
    expect(r.check).toMatchObject({ valid: true, format: 'CII', profile: 'EN16931', errors: [] });
    expect(r).toEqual(separately(xml));
  });

  it('structure findings carry the same model paths as checkCii gives them', () => {
    // an EN16931 document checked against MINIMUM: the lines are not allowed there
    const { xml } = writeCii(invoice, { profile: 'EN16931' });
    const r = readAndCheckCii(xml, { profile: 'MINIMUM' });
    expect(r.check.valid).toBe(false);
    expect(r.check.errors.some((f) => f.path.startsWith('invoice.lines'))).toBe(true);
    expect(r).toEqual(separately(xml, { profile: 'MINIMUM' }));
  });

  it('XML that is not well-formed is reported by both, as readCii and checkCii report it', () => {
    const xml =
      '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100"><a>';
    const r = readAndCheckCii(xml);
    expect(r.read.diagnostics[0]?.severity).toBe('fatal');
    expect(r.check.valid).toBe(false);
    expect(r).toEqual(separately(xml));
  });

  it('a UBL document is refused by both (CII-ROOT from the reader, ROOT from the check)', () => {
    const xml =
      '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"><ID>1</ID></Invoice>';
    const r = readAndCheckCii(xml);
    expect(r.read.diagnostics.map((f) => f.rule)).toEqual(['CII-ROOT']);
    expect(r.check.errors.map((f) => f.rule)).toEqual(['ROOT']);
    expect(r).toEqual(separately(xml));
  });
});

describe('checkCiiElement', () => {
  it('gives checkCii’s result on an already parsed tree', () => {
    const { xml } = writeCii(loadFixture('fr-credit-note').invoice, { profile: 'BASIC' });
    const parsed = parseXml(xml);
    if (!parsed.ok) throw new Error('generated XML does not parse');
    expect(checkCiiElement(parsed.root, { profile: 'MINIMUM' })).toEqual(
      checkCii(xml, { profile: 'MINIMUM' }),
    );
    expect(checkCiiElement(parsed.root)).toEqual(checkCii(xml));
  });
});
