import type { Invoice } from '@einv/core-model';
import { describe, expect, it } from '@jest/globals';
import type { Syntax } from '../define.js';
import { CASES } from './__tests__/cases.js';
import { bidirectional, multiVendor } from './__tests__/cases-mv-bd.js';
import { base, variant } from './__tests__/invoice-kit.js';
import { runRules } from './__tests__/run-rules.js';
import { NOT_CHECKABLE_ON_MODEL, rules } from './index.js';

const fired = (inv: Invoice, syntax?: Syntax) => runRules(rules, inv, syntax ? { syntax } : {});
const firedIds = (inv: Invoice, syntax?: Syntax) => new Set(fired(inv, syntax).map((f) => f.rule));

describe('BR-FR rules on small invoices', () => {
  it('the clean French invoice fires no BR-FR rule, in CII, UBL and JSON', () => {
    expect(fired(base)).toEqual([]);
    expect(fired(base, 'CII')).toEqual([]);
    const ublBase = variant(() => {});
    expect(fired(ublBase, 'UBL')).toEqual([]);
  });

  for (const c of CASES) {
    const where = c.syntax ? ` (${c.syntax})` : '';
    if (!c.when.includes('never reads')) {
      it(`${c.id} fires when ${c.when}${where}`, () => {
        expect([...firedIds(variant(c.fires), c.syntax)]).toContain(c.id);
      });
    }
    it(`${c.id} does not fire on the corrected variant of: ${c.when}${where}`, () => {
      expect([...firedIds(variant(c.passes), c.syntax)]).not.toContain(c.id);
    });
  }

  it('every implemented BR-FR rule has a firing case and a passing case', () => {
    const covered = new Set(CASES.map((c) => c.id));
    const missing = rules.map((r) => r.id).filter((id) => !covered.has(id));
    expect(missing).toEqual([]);
  });

  it('rule ids are unique and no implemented rule is also listed as not checkable', () => {
    const ids = rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id in NOT_CHECKABLE_ON_MODEL)).toEqual([]);
  });

  it('every rule has English and French message, explanation and fix', () => {
    for (const r of rules) {
      for (const text of [r.message, r.explanation, r.fix]) {
        expect(text.en.length).toBeGreaterThan(5);
        expect(text.fr.length).toBeGreaterThan(5);
        expect(text.fr).not.toBe(text.en);
      }
    }
  });

  it('the official BR-FR-09 is silent when the seller has no SIRET (the advisory is a JSON contract finding)', () => {
    const noSiret = variant((i) => {
      delete i.seller?.siret;
    });
    for (const edition of ['standard', 'transition'] as const) {
      expect(runRules(rules, noSiret, { edition }).filter((f) => f.rule === 'BR-FR-09')).toEqual([]);
    }
  });

  it('BR-FR-09 on a malformed seller SIRET follows the edition: fatal in standard, warning in transition', () => {
    const bad = variant((i) => {
      if (i.seller) i.seller.siret = '1000000090001';
    });
    expect(runRules(rules, bad, { edition: 'standard' }).find((f) => f.rule === 'BR-FR-09')?.severity).toBe(
      'fatal',
    );
    expect(runRules(rules, bad, { edition: 'transition' }).find((f) => f.rule === 'BR-FR-09')?.severity).toBe(
      'warning',
    );
  });

  it('BR-FR-09 does not check the Luhn key, like the official rule', () => {
    // 100000009 00017 is Luhn-valid; 100000009 00018 is not, yet coherent with the SIREN
    const luhnBroken = variant((i) => {
      if (i.seller) i.seller.siret = '10000000900018';
    });
    expect([...firedIds(luhnBroken)]).not.toContain('BR-FR-09');
  });

  it('multi-vendor and bidirectional rules stay fatal in the transition edition; the others are warnings', () => {
    for (const r of rules) {
      const mvbd = r.id.startsWith('BR-FR-MV-') || r.id.startsWith('BR-FR-BD-');
      expect(r.editionSeverity).toEqual({ transition: mvbd ? 'fatal' : 'warning', standard: 'fatal' });
    }
  });
});

describe('BR-FR multi-vendor and bidirectional rules on the line structure', () => {
  const mvbd = (f: { rule: string }) => f.rule.startsWith('BR-FR-MV-') || f.rule.startsWith('BR-FR-BD-');
  for (const syntax of [undefined, 'CII', 'UBL'] as const) {
    it(`the clean multi-vendor and bidirectional invoices fire no MV / BD rule (${syntax ?? 'JSON'})`, () => {
      expect(fired(variant(multiVendor), syntax).filter(mvbd)).toEqual([]);
      expect(fired(variant(bidirectional), syntax).filter(mvbd)).toEqual([]);
    });
  }

  it('BR-FR-15 (CII) lets a GROUP sub-line without VAT category pass and a DETAIL line fail', () => {
    const noCategory = (subType: string) =>
      variant((i) => {
        multiVendor(i);
        const l = i.lines?.[1];
        if (l?.frenchCtc) {
          delete l.vatCategory;
          l.frenchCtc.subType = subType;
        }
      });
    expect([...firedIds(noCategory('GROUP'), 'CII')]).not.toContain('BR-FR-15');
    expect([...firedIds(noCategory('DETAIL'), 'CII')]).toContain('BR-FR-15');
  });

  it('every official BR-FR rule is implemented: nothing is left not checkable on the model', () => {
    expect(NOT_CHECKABLE_ON_MODEL).toEqual({});
  });
});
