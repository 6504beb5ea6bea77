/**
 * Deterministic mutations of the official Annexe B invoices (CII and UBL XML), each aimed at one
 * or more BR-FR rules: the helpers are in mutation-kit.ts, the lists per syntax beside it.
 */
import { CII } from './mutations-cii.js';
import { FIX04_MUTATIONS } from './mutations-fix04.js';
import { LEXICAL_MUTATIONS } from './mutations-lexical.js';
import { MULTI_VENDOR_MUTATIONS } from './mutations-mv.js';
import { ROOT_AND_LINE_MUTATIONS } from './mutations-roots.js';
import { UBL } from './mutations-ubl.js';

export type { Mutation, XmlSyntax } from './mutation-kit.js';
export { stripComments } from './mutation-kit.js';

export const MUTATIONS = [
  ...CII,
  ...UBL,
  ...MULTI_VENDOR_MUTATIONS,
  ...ROOT_AND_LINE_MUTATIONS,
  ...LEXICAL_MUTATIONS,
  ...FIX04_MUTATIONS,
];
