/**
 * The official UBL unit cases of the VAT category families and the code-list rules (cases.jsonl of
 * EN 16931 1.3.16), run with the official semantics: only the rules in a case's scope count; an
 * expected pass means the rule must not fire, an expected failure means it fires with the given
 * flag exactly `count` times. Prints passed/total per family and holds a ratchet baseline: the
 * number of passing cases may only go up (raise BASELINE when it does).
 */
import fs from 'node:fs';
import { readUbl } from '@einv/ubl';
import { expect, it } from '@jest/globals';
import { describeIfShared, sharedPath } from '../../../../tests/support/shared.js';
import { validate } from '../validate.js';

const MINE = /^BR-(S|Z|E|AE|IC|G|O|AF|AG|B|CL)-\d+$/;

/** Passing cases per family at the last ratchet (never lower these). */
const BASELINE: Record<string, number> = {
  S: 72,
  Z: 59,
  E: 68,
  AE: 79,
  IC: 70,
  G: 54,
  O: 56,
  AF: 68,
  AG: 60,
  CL: 42,
};

interface Expectation {
  rule: string;
  expect: 'pass' | 'fail';
  flag: string | null;
  count: number;
}
interface UnitCase {
  syntax: string;
  kind: string;
  file: string;
  test_id: string;
  scope: string[];
  expectations: Expectation[];
  description: string;
  xml: string;
}

function familyOf(rule: string): string {
  return rule.replace(/^BR-/, '').replace(/-\d+$/, '');
}

describeIfShared('official UBL unit cases of the VAT families and code lists (../shared present)', () => {
  const cases: UnitCase[] = fs
    .readFileSync(sharedPath('en16931/cases.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as UnitCase)
    .filter((c) => c.syntax === 'ubl' && c.kind === 'unit' && c.scope.some((r) => MINE.test(r)));

  it('pass at least the ratchet baseline per family', () => {
    const totals = new Map<string, { passed: number; total: number }>();
    const failures: string[] = [];
    for (const c of cases) {
      const { invoice } = readUbl(c.xml);
      const result = validate(invoice, {
        syntax: 'UBL',
        ruleSets: ['EN16931'],
        frenchEdition: 'off',
        contractAliases: false,
      });
      const findings = [...result.errors, ...result.warnings];
      let ok = true;
      const why: string[] = [];
      for (const e of c.expectations) {
        const fired = findings.filter((f) => f.rule === e.rule);
        const good =
          e.expect === 'pass'
            ? fired.length === 0
            : fired.length === e.count && fired.every((f) => f.severity === e.flag);
        if (!good) {
          ok = false;
          why.push(
            `${e.rule} expected ${e.expect}${e.expect === 'fail' ? ` x${e.count}` : ''}, fired ${fired.length}`,
          );
        }
      }
      const family = familyOf(c.scope[0] ?? 'BR-?-0');
      const t = totals.get(family) ?? { passed: 0, total: 0 };
      t.total += 1;
      if (ok) t.passed += 1;
      else failures.push(`${c.file}#${c.test_id} ${why.join('; ')} — ${c.description}`);
      totals.set(family, t);
    }
    const table = [...totals].map(([f, t]) => `BR-${f}: ${t.passed}/${t.total}`).join('\n');
    const sum = [...totals.values()].reduce(
      (a, t) => ({ passed: a.passed + t.passed, total: a.total + t.total }),
      {
        passed: 0,
        total: 0,
      },
    );
    process.stdout.write(`VAT/CL UBL unit cases\n${table}\nall: ${sum.passed}/${sum.total}\n`);
    if (failures.length) process.stdout.write(`failing:\n${failures.join('\n')}\n`);
    for (const [family, min] of Object.entries(BASELINE)) {
      const passed = totals.get(family)?.passed ?? 0;
      expect({ family, passed, reachesBaseline: passed >= min }).toEqual({
        family,
        passed,
        reachesBaseline: true,
      });
    }
  });
});
