/**
 * Options several commands share (--lang, --french-rules, --processing-type, --profile), checked once
 * here and turned into the facade's option objects. Profiles and BR-FR releases come from the
 * libraries' own lists, so one added there is accepted here without an edit.
 */
// the lists alone: with worker threads the main thread never loads the libraries
import {
  DOCUMENT_PROFILES,
  type DocumentProfile,
  isDocumentProfile,
  isProfile,
  type Profile,
} from '@einv/core-model/profiles';
import type { FrenchEdition, FrenchStandardVersion, ValidateDocumentOptions } from '@einv/facturx';
import { FRENCH_RULES_VALUES, frenchRulesOf } from '@einv/rules/versions';
import { UsageError } from '../exit-codes.js';
import { CLI_LANGS } from '../i18n/lang.js';
import { say } from '../i18n/messages.js';

export const LANGS = CLI_LANGS;
/** The services' `frenchRules=` spelling, from `@einv/rules/versions` (commander needs it at start-up) */
export const FRENCH_RULES: readonly string[] = FRENCH_RULES_VALUES;

export interface CommonOptions {
  lang: (typeof LANGS)[number];
  frenchRules?: string;
  processingType?: string;
  profile?: string;
}

/** undefined for `auto` or no option: the document's own declared profile is used */
export function profileOption(value: string | undefined): DocumentProfile | undefined {
  if (value === undefined || value.toLowerCase() === 'auto') return undefined;
  const upper = value.toUpperCase();
  if (isDocumentProfile(upper)) return upper;
  throw new UsageError(say('usage.profile', { value, list: DOCUMENT_PROFILES.join(', ') }));
}

/** --profile of a command that writes the Factur-X XMP: a Factur-X level (EXTENDED-CTC-FR has none, decision 0078) */
export function facturxLevelOption(value: string | undefined): Profile | undefined {
  const profile = profileOption(value);
  if (profile === undefined || isProfile(profile)) return profile;
  throw new UsageError(say('usage.profileCtc', { value: value ?? '' }));
}

/** `standard@1.4.0.03` → the edition and the pinned release (commander has checked the value) */
export function frenchRulesOption(value: string | undefined): {
  frenchEdition?: FrenchEdition;
  frenchVersion?: FrenchStandardVersion;
} {
  if (value === undefined) return {};
  const known = FRENCH_RULES_VALUES.find((v) => v === value);
  if (!known) throw new UsageError(say('usage.frenchRules', { value, list: FRENCH_RULES.join(', ') }));
  return frenchRulesOf(known);
}

/** The BAR processing types (B2B, B2C…): the rules' list, loaded only when the option is given */
export async function processingTypeOption(value: string | undefined): Promise<{ processingType?: string }> {
  if (value === undefined) return {};
  const { PROCESSING_TYPES } = await import('@einv/rules');
  const upper = value.toUpperCase();
  if (!PROCESSING_TYPES.includes(upper))
    throw new UsageError(say('usage.processingType', { value, list: PROCESSING_TYPES.join(', ') }));
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
