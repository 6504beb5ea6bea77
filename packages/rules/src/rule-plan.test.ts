import { describe, expect, it } from '@jest/globals';
import type { RuleDefinition } from './define.js';
import { rules as en16931Rules } from './en16931/index.js';
import { rules as facturxRules } from './facturx-profiles/index.js';
import { rulePlan, severityOf } from './rule-plan.js';

const dummy = (id: string, severity: RuleDefinition['severity']): RuleDefinition => ({
  id,
  ruleSet: 'EN16931',
  family: 'test',
  severity,
  terms: [],
  message: { en: id, fr: id },
  explanation: { en: id, fr: id },
  fix: { en: id, fr: id },
  check: () => {},
});

describe('rulePlan', () => {
  it('holds each rule’s id, predicate and severity for the syntax and edition asked', () => {
    for (const rules of [en16931Rules, facturxRules])
      for (const syntax of [undefined, 'CII', 'UBL'] as const)
        for (const edition of [undefined, 'transition', 'standard'] as const) {
          const plan = rulePlan(rules, syntax, edition);
          expect(plan.ids).toEqual(rules.map((r) => r.id));
          expect(plan.checks).toEqual(rules.map((r) => r.check));
          expect(plan.severities).toEqual(rules.map((r) => severityOf(r, syntax, edition)));
          expect(rulePlan(rules, syntax, edition)).toBe(plan);
        }
  });

  it('gives severities by syntax and by edition, each kept apart', () => {
    const bySyntax = dummy('X-1', { CII: 'fatal', UBL: 'warning' });
    const byEdition = {
      ...dummy('X-2', 'fatal'),
      editionSeverity: { transition: 'warning', standard: 'fatal' },
    };
    const rules = [bySyntax, byEdition] as RuleDefinition[];
    expect(rulePlan(rules, 'CII', 'standard').severities).toEqual(['fatal', 'fatal']);
    expect(rulePlan(rules, 'UBL', 'transition').severities).toEqual(['warning', 'warning']);
    expect(rulePlan(rules, undefined, undefined).severities).toEqual(['fatal', 'warning']);
    // an edition from untyped options is planned for the call, never kept for another edition
    const bogus = 'bogus' as 'standard';
    expect(rulePlan(rules, 'CII', bogus).severities).toEqual(['fatal', undefined]);
    expect(rulePlan(rules, 'CII', 'standard').severities).toEqual(['fatal', 'fatal']);
  });

  it('follows a list its users change', () => {
    const rules = [dummy('X-1', 'fatal'), dummy('X-2', 'warning')];
    expect(rulePlan(rules, 'CII', undefined).ids).toEqual(['X-1', 'X-2']);
    rules.unshift(dummy('X-0', 'fatal'));
    expect(rulePlan(rules, 'CII', undefined).ids).toEqual(['X-0', 'X-1', 'X-2']);
    rules[1] = dummy('X-9', 'warning');
    expect(rulePlan(rules, 'CII', undefined).ids).toEqual(['X-0', 'X-9', 'X-2']);
    expect(rulePlan(rules, 'CII', undefined).severities).toEqual(['fatal', 'warning', 'warning']);
  });
});
