/**
 * Questions the writer asks the Factur-X XSD facts (schema.generated.ts): in which order do the
 * children of an element come, and does a profile allow this child / attribute at all.
 */
import { PROFILES, type Profile } from '@einv/core-model';
import { CII_TYPES } from './generated/cii-schema.js';

/** [element name, element type ('' for simple content), profile bit mask] */
export type SchemaChild = readonly [string, string, number];
export type SchemaTypes = Record<
  string,
  { c: readonly SchemaChild[]; a: readonly (readonly [string, number])[] }
>;

export const ROOT_NAME = 'rsm:CrossIndustryInvoice';
export const ROOT_TYPE = 'rsm:CrossIndustryInvoiceType';

export function profileBit(profile: Profile): number {
  return 1 << PROFILES.indexOf(profile);
}

/** The children of a type, in XSD order, or undefined when the type has no element content */
export function childrenOfType(type: string): readonly SchemaChild[] | undefined {
  return CII_TYPES[type]?.c;
}

/** Profile mask of an attribute on a type (0 when unknown) */
export function attributeMask(type: string, attr: string): number {
  for (const [name, mask] of CII_TYPES[type]?.a ?? []) if (name === attr) return mask;
  return 0;
}
