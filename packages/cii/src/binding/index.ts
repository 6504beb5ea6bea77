/**
 * The CII binding table: every EN 16931 term einv models, where it lives in CII. Read by readCii,
 * writeCii and the docs generator, in this order (the order matters only where noted in the areas).
 */
import { allowancesAndCharges } from './allowances.js';
import { delivery } from './delivery.js';
import { header } from './header.js';
import { lines } from './lines.js';
import { parties } from './parties.js';
import { references } from './references.js';
import { currencies, settlement } from './settlement.js';
import { totals, vatBreakdown } from './totals.js';
import type { Binding } from './types.js';

export const CII_BINDING: readonly Binding[] = [
  ...header,
  ...currencies,
  ...references,
  ...parties,
  ...delivery,
  ...settlement,
  ...allowancesAndCharges,
  ...vatBreakdown,
  ...totals,
  ...lines,
];

export type { Binding, FieldBinding, GroupBinding, ValueType } from './types.js';
