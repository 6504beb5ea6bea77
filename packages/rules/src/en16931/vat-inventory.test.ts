/**
 * The VAT category families and the code-list rules hold exactly the official ids of EN 16931
 * 1.3.16 (both syntaxes' inventories), with the official severity.
 */
import fs from 'node:fs';
import { expect, it } from '@jest/globals';
import { describeIfShared, sharedPath } from '../../../../tests/support/shared.js';
import { rules } from './index.js';

const MINE = /^BR-(S|Z|E|AE|IC|G|O|AF|AG|B|CL)-\d+$/;

function officialIds(file: string): Map<string, string> {
  const ids = new Map<string, string>();
  for (const row of fs.readFileSync(sharedPath('en16931', file), 'utf8').split('\n').slice(1)) {
    const [id, flag] = row.split('\t');
    if (id && flag && MINE.test(id)) ids.set(id, flag);
  }
  return ids;
}

describeIfShared('inventory of the VAT family and code-list rules (../shared present)', () => {
  const ours = new Map(rules.filter((r) => MINE.test(r.id)).map((r) => [r.id, r]));

  it.each(['rules-cii.tsv', 'rules-ubl.tsv'])(
    'every official id of %s is in the catalogue with its severity',
    (file) => {
      const official = officialIds(file);
      const missing = [...official.keys()].filter((id) => !ours.has(id));
      expect(missing).toEqual([]);
      for (const [id, flag] of official) {
        const severity = ours.get(id)?.severity;
        expect({
          id,
          severity:
            typeof severity === 'string' ? severity : severity?.[file.includes('cii') ? 'CII' : 'UBL'],
        }).toEqual({ id, severity: flag });
      }
    },
  );

  it('the catalogue holds no id of these families that the official files lack', () => {
    const official = new Set([
      ...officialIds('rules-cii.tsv').keys(),
      ...officialIds('rules-ubl.tsv').keys(),
    ]);
    expect([...ours.keys()].filter((id) => !official.has(id))).toEqual([]);
  });

  it('ids are unique', () => {
    const ids = rules.filter((r) => MINE.test(r.id)).map((r) => r.id);
    expect(ids.length).toBe(new Set(ids).size);
  });
});
