/**
 * Our own fixtures through the whole chain: completed JSON validates without a fatal EN 16931
 * finding, and what writeCii / writeUbl make of it is judged the same by us (after reading it
 * back) and by the official validator — the JSON semantics, the writers and the readers agree.
 */
import { writeCii } from '@einv/cii';
import { complete } from '@einv/core-model';
import { validate } from '@einv/rules';
import { writeUbl } from '@einv/ubl';
import { describe, expect, it } from '@jest/globals';
import { loadFixtures } from '../../fixtures/load.js';
import { describeIfShared } from '../support/shared.js';
import { runOracleCached } from './oracle-cache.js';
import { isEn16931BusinessRule, ourFires, readersAvailable } from './support.js';

const fixtures = loadFixtures({ small: true });

describe('EN 16931 on our JSON fixtures', () => {
  for (const f of fixtures) {
    it(`${f.name}: the completed invoice has no fatal EN 16931 finding`, () => {
      const r = validate(complete(f.invoice), { frenchEdition: 'off' });
      expect(r.errors.map((e) => `${e.rule} ${e.path}`)).toEqual([]);
    });
  }
});

describeIfShared('fixtures written as CII and UBL: our verdict = the official verdict', () => {
  it('fires the same BR-* rules as the official validator on every written fixture', async () => {
    const available = readersAvailable();
    const docs: { id: string; xml: string; syntax: 'CII' | 'UBL' }[] = [];
    for (const f of fixtures) {
      const inv = complete(f.invoice);
      if (available.CII)
        docs.push({ id: `${f.name}.cii`, xml: writeCii(inv, { profile: 'EN16931' }).xml, syntax: 'CII' });
      if (available.UBL) docs.push({ id: `${f.name}.ubl`, xml: writeUbl(inv).xml, syntax: 'UBL' });
    }
    const official = await runOracleCached(docs.map(({ id, xml }) => ({ id, xml })));
    const differences: string[] = [];
    docs.forEach((d, i) => {
      const theirs = new Set((official[i]?.failed ?? []).map((a) => a.id).filter(isEn16931BusinessRule));
      const ours = new Set(
        ourFires(d.xml, d.syntax)
          .fires.map((x) => x.rule)
          .filter(isEn16931BusinessRule),
      );
      const diff = [...ours]
        .filter((r) => !theirs.has(r))
        .concat([...theirs].filter((r) => !ours.has(r)).map((r) => `official:${r}`));
      if (diff.length || official[i]?.error)
        differences.push(`${d.id}: ${official[i]?.error ?? diff.join(' ')}`);
    });
    expect(differences).toEqual([]);
  }, 300_000);
});
