/**
 * The processing types a caller may give (the reform's "cadre de facturation"). The spelling of
 * `frenchRules=` lives in ruleset-versions.ts, which the CLI loads without the rules.
 */
import { BAR_TREATMENTS } from './br-fr/common.js';

/**
 * Processing types ("cadre de facturation") a caller may state: the values of the official BAR
 * note list (BR-FR-20)
 */
export const PROCESSING_TYPES = [...BAR_TREATMENTS] as readonly string[];
