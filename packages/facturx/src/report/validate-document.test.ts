/**
 * validateDocument reads and checks a CII document in one pass (one parse): the structure findings
 * and the read model are the ones the two separate calls (detectAndRead, then checkXml with the
 * profile read from BT-24) give, for CII and UBL files, Factur-X PDFs, forced profiles and broken input.
 */
import fs from 'node:fs';
import type { Profile } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import { loadFixture } from '../../../../fixtures/load.js';
import { describeIfShared, sharedFiles } from '../../../../tests/support/shared.js';
import { detectAndRead, detectReadAndCheck } from '../detect.js';
import { generate } from '../generate.js';
import { checkXml } from './check-xml.js';
import { validateDocument } from './validate-document.js';

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
});
