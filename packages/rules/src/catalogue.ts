/**
 * The rule catalogue: every rule einv knows, in one list, for validate(), the validator's
 * /v1/rules/{code} route and docs/rules.md. Ids are unique across rule sets.
 */
import { advisoryRules } from './advisory/rules.js';
import { rules as brFrRules } from './br-fr/index.js';
import type { RuleDefinition } from './define.js';
import { rules as en16931Rules } from './en16931/index.js';
import { extendedCtcFrOwnRules } from './extended-ctc-fr/index.js';
import { rules as facturxRules } from './facturx-profiles/index.js';

export const ruleCatalogue: readonly RuleDefinition[] = [
  ...en16931Rules,
  ...brFrRules,
  ...facturxRules,
  ...extendedCtcFrOwnRules(),
  ...advisoryRules,
];

let byId: Map<string, RuleDefinition> | undefined;

/** The rule of that id (case-insensitive), or undefined */
export function getRule(id: string): RuleDefinition | undefined {
  if (typeof id !== 'string') return undefined;
  if (!byId) {
    byId = new Map();
    for (const r of ruleCatalogue) if (!byId.has(r.id)) byId.set(r.id, r);
  }
  return byId.get(id.trim().toUpperCase());
}
