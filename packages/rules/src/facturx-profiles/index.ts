/**
 * Factur-X 1.09.2 profile rules (MINIMUM, BASIC-WL, BASIC, EN16931, EXTENDED): what the official
 * profile schematrons add to EN 16931 and the model can hold, with the official FX-SCH-A ids. Each
 * rule lists its `profiles`; validate() runs those of the profile it is given.
 */
import type { RuleDefinition } from '../define.js';
import { codeRules } from './code-rules.js';

/** Every rule of this rule set; each family file adds its array here. */
export const rules: RuleDefinition[] = [...codeRules];
