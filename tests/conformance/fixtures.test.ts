/**
 * Our own fixtures: each completed JSON invoice validates without a fatal EN 16931 finding. What
 * writeCii / writeUbl make of them is compared with the official validator in differential.test.ts
 * (same oracle batch).
 */
import { complete } from '@einv/core-model';
import { validate } from '@einv/rules';
import { describe, expect, it } from '@jest/globals';
import { loadFixtures } from '../../fixtures/load.js';

const fixtures = loadFixtures({ small: true });

describe('EN 16931 on our JSON fixtures', () => {
  for (const f of fixtures) {
    it(`${f.name}: the completed invoice has no fatal EN 16931 finding`, () => {
      const r = validate(complete(f.invoice), { frenchEdition: 'off' });
      expect(r.errors.map((e) => `${e.rule} ${e.path}`)).toEqual([]);
    });
  }
});
