/**
 * A rule list as validate()'s loop reads it (decision 0200): the predicates, ids and severities in
 * arrays of their own, built once per list, syntax and edition. Read from the rule definitions on
 * every call, `rule.check`, `rule.id` and the severity were loads on objects of many shapes (the
 * rule files write their definitions differently) for each of the ~250 rules a document runs.
 */
import type { Severity } from '@einv/core-model';
import type { RuleDefinition, Syntax } from './define.js';

export interface RulePlan {
  /** The list's rules when the plan was built */
  readonly rules: readonly RuleDefinition[];
  readonly ids: readonly string[];
  readonly checks: readonly RuleDefinition['check'][];
  /** The severity of each rule for the plan's syntax and edition (severityOf) */
  readonly severities: readonly Severity[];
}

/** Severity of a rule for the syntax and edition at hand (JSON input takes the CII severity) */
export function severityOf(
  rule: RuleDefinition,
  syntax: Syntax | undefined,
  edition: 'transition' | 'standard' | undefined,
): Severity {
  if (rule.editionSeverity) return rule.editionSeverity[edition ?? 'transition'];
  const s = rule.severity;
  return typeof s === 'string' ? s : s[syntax ?? 'CII'];
}

/**
 * The exported lists can be changed by their users (a test adds a throwing rule to the EN 16931
 * list): a plan is used only while its list still holds the same rules, which costs one comparison
 * per rule and call instead of the loads it saves.
 */
function sameRules(planned: readonly RuleDefinition[], rules: readonly RuleDefinition[]): boolean {
  if (planned.length !== rules.length) return false;
  for (let i = 0; i < rules.length; i++) if (planned[i] !== rules[i]) return false;
  return true;
}

// the lists are module constants or cached per profile and syntax: a few plans per list at most
const plans = new WeakMap<readonly RuleDefinition[], (RulePlan | undefined)[]>();
const SYNTAXES = [undefined, 'CII', 'UBL'] as const;
const EDITIONS = [undefined, 'transition', 'standard'] as const;

function planOf(
  rules: readonly RuleDefinition[],
  syntax: Syntax | undefined,
  edition: 'transition' | 'standard' | undefined,
): RulePlan {
  return {
    rules: [...rules],
    ids: rules.map((r) => r.id),
    checks: rules.map((r) => r.check),
    severities: rules.map((r) => severityOf(r, syntax, edition)),
  };
}

/** The plan of `rules` for this syntax and edition, built on first use */
export function rulePlan(
  rules: readonly RuleDefinition[],
  syntax: Syntax | undefined,
  edition: 'transition' | 'standard' | undefined,
): RulePlan {
  const s = SYNTAXES.indexOf(syntax);
  const e = EDITIONS.indexOf(edition);
  // a value from untyped options (frenchEdition 'bogus'): planned for this call only
  if (s < 0 || e < 0) return planOf(rules, syntax, edition);
  let bySetting = plans.get(rules);
  if (!bySetting) {
    bySetting = [];
    plans.set(rules, bySetting);
  }
  // one slot per syntax and edition, without building a key per call
  const key = s * EDITIONS.length + e;
  let plan = bySetting[key];
  if (!plan || !sameRules(plan.rules, rules)) {
    plan = planOf(rules, syntax, edition);
    bySetting[key] = plan;
  }
  return plan;
}
