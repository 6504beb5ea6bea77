/**
 * Versions of the official sources each rule set implements; shown in every ValidationResult.
 * Also exported alone as `@einv/rules/versions` so that `einv --version` prints them without loading
 * the rules (startup time).
 */
export const EN16931_VERSION = '1.3.16';
/**
 * BR-FR: the standard edition (all fatal) in its default release, and the transition edition
 * (mostly warnings, only ever 1.4.0.02 _WARNING)
 */
export const BR_FR_VERSIONS = { standard: '1.4.0.04', transition: '1.4.0.02' } as const;
/** Releases of the standard edition a caller may pin (`frenchVersion`); the first is the default */
export const BR_FR_STANDARD_VERSIONS = ['1.4.0.04', '1.4.0.03'] as const;
export type FrenchStandardVersion = (typeof BR_FR_STANDARD_VERSIONS)[number];
export const FACTURX_VERSION = '1.09.2';
/**
 * EXTENDED-CTC-FR (FNFE-MPE): only 1.4.0.03 exists for einv — its 1.4.0.04 text was not published
 * where einv's references come from, so a pinned BR-FR 1.4.0.04 still runs EXTENDED-CTC-FR 1.4.0.03
 */
export const EXTENDED_CTC_FR_VERSION = '1.4.0.03';
/** einv's own advisory checks (EINV-ADVISORY): numbered by einv, bumped when a check changes */
export const ADVISORY_VERSION = '1';

/**
 * The one spelling of "which French rules" the services and the CLI accept: `transition`
 * (1.4.0.02 _WARNING), `standard` (the default release), `standard@<release>`, `off`
 */
export const FRENCH_RULES_VALUES = [
  'transition',
  'standard',
  ...BR_FR_STANDARD_VERSIONS.map((v) => `standard@${v}` as const),
  'off',
] as const;
export type FrenchRulesValue = (typeof FRENCH_RULES_VALUES)[number];

/** The edition and release a `frenchRules` value names */
export function frenchRulesOf(value: FrenchRulesValue): {
  frenchEdition: 'transition' | 'standard' | 'off';
  frenchVersion?: FrenchStandardVersion;
} {
  const [edition, version] = value.split('@') as [
    'transition' | 'standard' | 'off',
    FrenchStandardVersion | undefined,
  ];
  return version ? { frenchEdition: edition, frenchVersion: version } : { frenchEdition: edition };
}
