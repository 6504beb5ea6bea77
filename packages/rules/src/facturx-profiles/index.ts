import type { RuleDefinition } from '../define.js';

/** Every rule of this rule set; each family file adds its array here. */
export const rules: RuleDefinition[] = [];
