/**
 * The core, BR-CO and BR-DEC families hold exactly the official ids of EN 16931 1.3.16 (CII and UBL
 * inventories), each with the official severity of each syntax (BR-51: fatal in CII, warning in UBL),
 * and BR-CO-25, withdrawn from 1.3.16, is absent.
 */
import fs from 'node:fs';
import { expect, it } from '@jest/globals';
import { describeIfShared, sharedPath } from '../../../../tests/support/shared.js';
import type { RuleDefinition } from '../define.js';
import { coConditionRules } from './co-conditions.js';
import { coTotalRules } from './co-totals.js';
import { coreDocumentRules } from './core-document.js';
import { coreLineRules } from './core-lines.js';
import { corePartyRules } from './core-parties.js';
import { corePaymentRules } from './core-payment.js';
import { coreSettlementRules } from './core-settlement.js';
import { decRules } from './dec-amounts.js';

const MINE = /^BR-(\d+|CO-\d+|DEC-\d+)$/;
const OURS = [
  ...coreDocumentRules,
  ...corePartyRules,
  ...coreLineRules,
  ...coreSettlementRules,
  ...corePaymentRules,
  ...coConditionRules,
  ...coTotalRules,
  ...decRules,
];

const severityIn = (r: RuleDefinition, syntax: 'CII' | 'UBL') =>
  typeof r.severity === 'string' ? r.severity : r.severity[syntax];

function officialIds(file: string): Map<string, string> {
  const ids = new Map<string, string>();
  for (const row of fs.readFileSync(sharedPath('en16931', file), 'utf8').split('\n').slice(1)) {
    const [id, flag] = row.split('\t');
    if (id && flag && MINE.test(id)) ids.set(id, flag);
  }
  return ids;
}

describeIfShared('EN 16931 core inventory', () => {
  for (const [syntax, file] of [
    ['CII', 'rules-cii.tsv'],
    ['UBL', 'rules-ubl.tsv'],
  ] as const) {
    it(`has every ${syntax} core/BR-CO/BR-DEC rule of 1.3.16, no other, with its ${syntax} severity`, () => {
      const official = officialIds(file);
      expect(OURS.map((r) => r.id).sort()).toEqual([...official.keys()].sort());
      for (const r of OURS)
        expect({ id: r.id, flag: severityIn(r, syntax) }).toEqual({
          id: r.id,
          flag: official.get(r.id),
        });
    });
  }

  it('does not declare BR-CO-25 (withdrawn)', () => {
    expect(OURS.some((r) => r.id === 'BR-CO-25')).toBe(false);
  });

  it('gives every rule its own message, explanation and fix in English and French', () => {
    for (const r of OURS) {
      for (const t of [r.message, r.explanation, r.fix]) {
        expect(t.en.length).toBeGreaterThan(10);
        expect(t.fr.length).toBeGreaterThan(10);
        expect(t.fr).not.toEqual(t.en);
      }
    }
    expect(new Set(OURS.map((r) => r.message.en)).size).toBeGreaterThan(OURS.length - 10);
  });
});
