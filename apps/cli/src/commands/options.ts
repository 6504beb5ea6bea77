/**
 * Options several commands share (--lang, --french-rules, --processing-type, --profile), checked once
 * here and turned into the facade's option objects. Profiles and BR-FR releases come from the
 * libraries' own lists, so one added there is accepted here without an edit.
 */
// the lists alone: with worker threads the main thread never loads the libraries
import { isProfile, PROFILES, type Profile } from '@einv/core-model/profiles';
import type { FrenchEdition, FrenchStandardVersion, ValidateDocumentOptions } from '@einv/facturx';
import { BR_FR_STANDARD_VERSIONS } from '@einv/rules/versions';
import { UsageError } from '../exit-codes.js';

export const LANGS = ['en', 'fr'] as const;
const FRENCH_EDITIONS: readonly FrenchEdition[] = ['transition', 'standard', 'off'];

/**
 * The services' `frenchRules=` spelling (FRENCH_RULES_VALUES of @einv/rules, which the CLI test
 * compares with this list), built from the release list alone because commander needs it at start-up.
 */
export const FRENCH_RULES: readonly string[] = [
  'transition',
  'standard',
  ...BR_FR_STANDARD_VERSIONS.map((v) => `standard@${v}`),
  'off',
];

export interface CommonOptions {
  lang: (typeof LANGS)[number];
  frenchRules?: string;
  processingType?: string;
  profile?: string;
}

/** undefined for `auto` or no option: the document's own declared profile is used */
export function profileOption(value: string | undefined): Profile | undefined {
  if (value === undefined || value.toLowerCase() === 'auto') return undefined;
  const upper = value.toUpperCase();
  if (isProfile(upper)) return upper;
  throw new UsageError(`--profile ${value}: expected auto or one of ${PROFILES.join(', ')}`);
}

/** `standard@1.4.0.03` → the edition and the pinned release */
export function frenchRulesOption(value: string | undefined): {
  frenchEdition?: FrenchEdition;
  frenchVersion?: FrenchStandardVersion;
} {
  if (value === undefined) return {};
  const [edition, version] = value.split('@');
  const frenchEdition = FRENCH_EDITIONS.find((e) => e === edition);
  const frenchVersion = BR_FR_STANDARD_VERSIONS.find((v) => v === version);
  if (!frenchEdition || (version !== undefined && (!frenchVersion || frenchEdition !== 'standard')))
    throw new UsageError(`--french-rules ${value}: expected one of ${FRENCH_RULES.join(', ')}`);
  return { frenchEdition, ...(frenchVersion ? { frenchVersion } : {}) };
}

/** The BAR processing types (B2B, B2C…): the rules' list, loaded only when the option is given */
export async function processingTypeOption(value: string | undefined): Promise<{ processingType?: string }> {
  if (value === undefined) return {};
  const { PROCESSING_TYPES } = await import('@einv/rules');
  const upper = value.toUpperCase();
  if (!PROCESSING_TYPES.includes(upper))
    throw new UsageError(`--processing-type ${value}: expected one of ${PROCESSING_TYPES.join(', ')}`);
  return { processingType: upper };
}

export async function documentOptions(opts: CommonOptions): Promise<ValidateDocumentOptions> {
  const profile = profileOption(opts.profile);
  return {
    lang: opts.lang,
    frenchEdition: 'transition',
    ...frenchRulesOption(opts.frenchRules),
    ...(await processingTypeOption(opts.processingType)),
    ...(profile ? { profile } : {}),
  };
}
