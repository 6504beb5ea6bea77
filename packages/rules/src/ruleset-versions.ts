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
/** einv's own advisory checks (EINV-ADVISORY): numbered by einv, bumped when a check changes */
export const ADVISORY_VERSION = '1';
