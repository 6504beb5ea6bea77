/**
 * `einv explain` answers for every kind of finding code, not only the business rules (issue #16,
 * decision 0131): a syntax rule, a structure code and a PDF/A clause, in both languages.
 */
import { beforeAll, expect, it } from '@jest/globals';
import { assertBuilt, einv } from './run-einv.js';

beforeAll(() => assertBuilt());

it('explains a syntax rule, a structure code and a PDF/A clause, in English and French', () => {
  const sr = JSON.parse(einv(['explain', 'CII-SR-001', '--format', 'json', '--lang', 'fr']).stdout);
  expect(sr).toMatchObject({ rule: 'CII-SR-001', ruleSet: 'CII-SYNTAX', lang: 'fr' });
  expect(sr.checks).toMatch(/ne fait pas partie de l’EN 16931/);
  const xsd = einv(['explain', 'XSD-ORDER']);
  expect(xsd.status).toBe(0);
  expect(xsd.stdout).toContain('An element is out of the order the XSD prescribes.');
  const pdfa = JSON.parse(einv(['explain', 'PDFA-6.2.11.4', '--format', 'json']).stdout);
  expect(pdfa.checks).toMatch(/not embedded/);
  expect(einv(['explain', 'XSD-NOPE']).status).toBe(2);
});
