/**
 * Options several commands share (--lang, --french-rules, --profile), checked once here and turned
 * into the facade's option objects. Profiles come from the model's own list, so a profile added
 * there is accepted here without an edit.
 */
// the profile list alone: with worker threads the main thread never loads the libraries
import { isProfile, PROFILES, type Profile } from '@einv/core-model/profiles';
import type { ValidateDocumentOptions } from '@einv/facturx';
import { UsageError } from '../exit-codes.js';

export const LANGS = ['en', 'fr'] as const;
export const FRENCH_EDITIONS = ['transition', 'standard', 'off'] as const;

export interface CommonOptions {
  lang: (typeof LANGS)[number];
  frenchRules?: (typeof FRENCH_EDITIONS)[number];
  profile?: string;
}

/** undefined for `auto` or no option: the document's own declared profile is used */
export function profileOption(value: string | undefined): Profile | undefined {
  if (value === undefined || value.toLowerCase() === 'auto') return undefined;
  const upper = value.toUpperCase();
  if (isProfile(upper)) return upper;
  throw new UsageError(`--profile ${value}: expected auto or one of ${PROFILES.join(', ')}`);
}

export function documentOptions(opts: CommonOptions): ValidateDocumentOptions {
  const profile = profileOption(opts.profile);
  return {
    lang: opts.lang,
    frenchEdition: opts.frenchRules ?? 'transition',
    ...(profile ? { profile } : {}),
  };
}
