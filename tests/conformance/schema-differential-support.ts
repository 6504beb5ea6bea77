/**
 * What the schema-driven differential's suites share: einv's set of fired EN 16931 business rules
 * on a document, and a mutant remade from its id (`<base>~<seed>.<index>`, as the full run and its
 * --list name them; scripts/lib/schema-mutations.mjs is deterministic for a seed).
 */
import { validateDocument } from '@einv/facturx';
import { isContractAlias } from '@einv/rules';
// @ts-expect-error -- a plain .mjs dev module without type declarations
import { businessRulesOfReport, isBusinessRule } from '../../scripts/lib/business-rules.mjs';
// @ts-expect-error -- a plain .mjs dev module without type declarations
import { differentialBases } from '../../scripts/lib/differential-bases.mjs';
// @ts-expect-error -- a plain .mjs dev module without type declarations
import { loadStructure, schemaMutants } from '../../scripts/lib/schema-mutations.mjs';

export interface Mutant {
  id: string;
  xml: string;
  syntax: 'CII' | 'UBL';
  what: string;
}

export interface Base {
  id: string;
  xml: string;
  syntax: 'CII' | 'UBL';
}

export { isBusinessRule };

const encoder = new TextEncoder();

/**
 * einv's BR-* ids on a document, or undefined for a MINIMUM / BASIC-WL booking aid (the same set the
 * long run compares: scripts/lib/business-rules.mjs)
 */
export const einvBusinessRules = (xml: string): Set<string> | undefined =>
  businessRulesOfReport(validateDocument(encoder.encode(xml), { frenchEdition: 'off' }), isContractAlias);

export const loadBases = (): Base[] => differentialBases() as Base[];
export const structureOf = (syntax: 'CII' | 'UBL'): unknown => loadStructure(syntax);
export const mutantsOf = (base: Base, model: unknown, count: number, seed: number): Mutant[] =>
  schemaMutants(base, model, count, seed) as Mutant[];

/** The mutant a run named `id`; undefined when its base is not in ../shared */
export function remakeMutant(id: string, bases: readonly Base[]): Mutant | undefined {
  const m = /^(.*)~(\d+)\.(\d+)$/.exec(id);
  if (!m) throw new Error(`not a mutant id: ${id}`);
  const base = bases.find((b) => b.id === m[1]);
  if (!base) return undefined;
  const index = Number(m[3]);
  return mutantsOf(base, structureOf(base.syntax), index + 1, Number(m[2]))[index];
}
