/**
 * The one spelling of "which French rules" the services accept (`frenchRules=`), shared so both
 * parse it alike: `transition` (1.4.0.02 _WARNING), `standard` (the default release),
 * `standard@1.4.0.04`, `standard@1.4.0.03`, `off`. And the processing types a caller may give.
 */
import { BAR_TREATMENTS } from './br-fr/common.js';
import { BR_FR_STANDARD_VERSIONS, type FrenchStandardVersion } from './ruleset-versions.js';
import type { FrenchEdition } from './validate.js';

export const FRENCH_RULES_VALUES = [
  'transition',
  'standard',
  ...BR_FR_STANDARD_VERSIONS.map((v) => `standard@${v}` as const),
  'off',
] as const;
export type FrenchRulesValue = (typeof FRENCH_RULES_VALUES)[number];

/** The edition and release a `frenchRules` value names */
export function frenchRulesOf(value: FrenchRulesValue): {
  frenchEdition: FrenchEdition;
  frenchVersion?: FrenchStandardVersion;
} {
  const [edition, version] = value.split('@') as [FrenchEdition, FrenchStandardVersion | undefined];
  return version ? { frenchEdition: edition, frenchVersion: version } : { frenchEdition: edition };
}

/**
 * Processing types ("cadre de facturation") a caller may state: the values of the official BAR
 * note list (BR-FR-20)
 */
export const PROCESSING_TYPES = [...BAR_TREATMENTS] as readonly string[];
