/**
 * validateDocument reads and checks a CII document in one pass (one parse): the structure findings
 * and the read model are the ones the two separate calls (detectAndRead, then checkXml with the
 * profile read from BT-24) give, for CII and UBL files, Factur-X PDFs, forced profiles and broken input.
 */
import fs from 'node:fs';
import type { Profile } from '@einv/core-model';
import { BOOKING_AID_NOTICE } from '@einv/rules';
import { describe, expect, it } from '@jest/globals';
import { loadFixture } from '../../../../fixtures/load.js';
import { describeIfShared, sharedFiles } from '../../../../tests/support/shared.js';
import { unreadableInputs } from '../../../../tests/support/unreadable.js';
import { detectAndRead, detectReadAndCheck } from '../detect.js';
import { generate } from '../generate.js';
import { checkXml } from './check-xml.js';
import { judgeDocument, validateDocument } from './validate-document.js';

const NOW = '2026-03-15T10:00:00Z';
const enc = (s: string) => new TextEncoder().encode(s);

/** What validateDocument computed before the single pass: read, then check the same XML again */
function twoPasses(bytes: Uint8Array, forced?: Profile) {
  const read = detectAndRead(bytes, { lang: 'en' });
  const profile = forced ?? read.profile;
  const xml = read.format === 'FACTURX-PDF' ? read.pdf?.embedded?.xml : bytes;
  const structure = read.format && xml !== undefined ? checkXml(xml, profile ? { profile } : {}) : undefined;
  return { read, structure };
}

function expectSamePass(bytes: Uint8Array, forced?: Profile) {
  const one = detectReadAndCheck(bytes, { lang: 'en' }, forced ? { profile: forced } : {});
  const { read, structure } = twoPasses(bytes, forced);
  const { structure: oneStructure, ...oneRead } = one;
  expect(oneRead).toEqual(read);
  expect(oneStructure).toEqual(structure);
}

describe('validateDocument single pass', () => {
  const g = generate(loadFixture('fr-b2b-simple').invoice, { now: NOW, profile: 'BASIC' });

  it('a generated CII file: same read and structure check as two passes, valid', () => {
    expectSamePass(enc(g.xml!));
    const report = validateDocument(enc(g.xml!));
    expect(report).toMatchObject({ valid: true, format: 'CII', syntax: 'CII', profile: 'BASIC' });
  });

  it('a forced profile is the one checked (MINIMUM refuses the lines of a BASIC file)', () => {
    expectSamePass(enc(g.xml!), 'MINIMUM');
    const report = validateDocument(enc(g.xml!), { profile: 'MINIMUM' });
    expect(report.valid).toBe(false);
    expect(report.errors.some((f) => f.rule.startsWith('XSD') && f.path.startsWith('invoice.lines'))).toBe(
      true,
    );
  });

  it('a Factur-X PDF: the embedded XML is read and checked in the same pass', () => {
    expectSamePass(g.pdf!);
    const report = validateDocument(g.pdf!);
    expect(report).toMatchObject({ valid: true, format: 'FACTURX-PDF', profile: 'BASIC' });
    expect(report.pdf?.embedded?.filename).toBe('factur-x.xml');
  });

  it('broken CII is reported once (reader and check agree, deduplicated)', () => {
    const broken = enc(g.xml!.slice(0, 600));
    expectSamePass(broken);
    const report = validateDocument(broken);
    expect(report.valid).toBe(false);
    const keys = report.errors.map((f) => `${f.rule}|${f.line}|${f.message}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('an invalid structure keeps its model paths (read locations reused by the check)', () => {
    const xml = g.xml!.replace(
      '<ram:TypeCode>380</ram:TypeCode>',
      '<ram:TypeCode>380</ram:TypeCode><ram:Bogus>1</ram:Bogus>',
    );
    expectSamePass(enc(xml));
    expect(validateDocument(enc(xml)).errors.length).toBeGreaterThan(0);
  });
});

describeIfShared('validateDocument single pass on the official examples', () => {
  const files = [
    ...sharedFiles('en16931/cii/examples', (n) => n.endsWith('.xml')),
    ...sharedFiles('en16931/ubl/examples', (n) => /\.xml$/i.test(n)).slice(0, 5),
  ];
  it.each(files.map((f) => [f.split('/').slice(-3).join('/'), f] as const))(
    '%s: same read and structure check as two passes',
    (_name, file) => {
      expectSamePass(new Uint8Array(fs.readFileSync(file)));
    },
  );
  // validateDocument judges the read result unpublished (decision 0284): judgeDocument still shows
  // the published one, the same report, and the same read as detectReadAndCheck, key order included
  it.each(files.map((f) => [f.split('/').slice(-3).join('/'), f] as const))(
    '%s: judgeDocument gives validateDocument’s report and detectReadAndCheck’s read',
    (_name, file) => {
      const bytes = new Uint8Array(fs.readFileSync(file));
      const judged = judgeDocument(bytes);
      expect(judged.report).toEqual(validateDocument(bytes));
      const read = detectReadAndCheck(bytes, { lang: 'en' }, {});
      expect(JSON.stringify(judged.read)).toBe(JSON.stringify(read));
      expect(judged.read.locationTable).toBeDefined();
    },
  );
});

describe('validateDocument: one cause for a document that cannot be read (issue #11)', () => {
  const g = generate(loadFixture('fr-b2b-simple').invoice, { now: NOW });
  it.each(unreadableInputs(g.pdf!).map((u) => [u.name, u] as const))(
    '%s: exactly one finding naming the cause, valid false, lists and counts agree',
    (_name, input) => {
      const report = validateDocument(input.bytes);
      expect(report.valid).toBe(false);
      expect(report.errors).toHaveLength(1);
      expect(report.warnings).toEqual([]);
      expect(report.ruleSets).toEqual([]);
      expect(report.errors[0]?.rule).toBe(input.rule);
      expect(report.errors[0]?.message).toMatch(input.cause);
      // the PDF section is a view of the same findings, never extra ones
      for (const f of report.pdf?.findings ?? []) expect(report.errors).toContain(f);
    },
  );

  it('valid is false exactly when errors is not empty, PDF findings included', () => {
    const pdf = Buffer.from(g.pdf!);
    // a damaged cross-reference table: the invoice is still read, the PDF checks object
    const damaged = new Uint8Array(
      Buffer.from(pdf.toString('latin1').replace(/startxref\s+\d+/, 'startxref\n1'), 'latin1'),
    );
    const report = validateDocument(damaged);
    expect(report.valid).toBe(report.errors.length === 0);
    for (const f of report.pdf?.findings ?? []) expect([...report.errors, ...report.warnings]).toContain(f);
  });
});

describe('validateDocument: official rule ids only (decision 0112)', () => {
  const g = generate(loadFixture('fr-b2b-simple').invoice, { now: NOW });
  it('a CII without invoice number: BR-02, never the contract BR-01 at invoice.number', () => {
    const xml = g.xml!.replace(/(<rsm:ExchangedDocument>\s*)<ram:ID>[^<]*<\/ram:ID>/, '$1');
    const report = validateDocument(enc(xml));
    expect(report.errors.map((f) => f.rule)).toContain('BR-02');
    expect(report.errors.some((f) => f.rule === 'BR-01')).toBe(false);
  });

  it('a French seller without SIRET in XML: no BR-FR-09 advisory, in both editions', () => {
    const inv = { ...loadFixture('fr-b2b-simple').invoice };
    const seller = { ...inv.seller };
    delete seller.siret;
    const noSiret = generate({ ...inv, seller }, { now: NOW });
    expect(noSiret.validation.warnings.some((f) => f.rule === 'BR-FR-09')).toBe(true); // JSON contract
    for (const frenchEdition of ['transition', 'standard'] as const) {
      const report = validateDocument(noSiret.pdf!, { frenchEdition });
      expect([...report.errors, ...report.warnings].some((f) => f.rule === 'BR-FR-09')).toBe(false);
    }
  });
});

describe('validateDocument: MINIMUM and BASIC-WL are booking aids (decision 0113)', () => {
  it.each(['MINIMUM', 'BASIC-WL'] as const)(
    'a %s document: the notice, its profile rule set, no EN 16931 cascade',
    (profile) => {
      const g = generate(loadFixture('fr-b2b-simple').invoice, { now: NOW, profile });
      const report = validateDocument(g.pdf!);
      expect(report.profile).toBe(profile);
      expect(report.notices?.map((n) => n.code)).toEqual([BOOKING_AID_NOTICE]);
      expect(report.notices?.[0]?.message).toMatch(/not an invoice under EN 16931 nor under the French/);
      expect(report.ruleSets.map((r) => r.name)).toEqual(['CII-STRUCTURE', `FACTUR-X-${profile}`]);
      expect(report.valid).toBe(true);
      expect(report.errors).toEqual([]);
    },
  );

  it('a MINIMUM document without buyer name: BR-07 of the profile, nothing about lines or totals', () => {
    const g = generate(loadFixture('fr-b2b-simple').invoice, { now: NOW, profile: 'MINIMUM' });
    const xml = g.xml!.replace(/(<ram:BuyerTradeParty>[\s\S]*?)<ram:Name>[^<]*<\/ram:Name>/, '$1');
    const report = validateDocument(enc(xml));
    const rules = report.errors.map((f) => f.rule).filter((r) => r.startsWith('BR-'));
    expect(rules).toEqual(['BR-07']);
    expect(report.notices?.[0]?.code).toBe(BOOKING_AID_NOTICE);
  });
});
