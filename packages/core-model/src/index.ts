export * from './calculate.js';
export * from './complete.js';
export * from './findings.js';
export type * from './model.js';
export {
  centsToNumber,
  centsToString,
  mulDivToCents,
  percentOfCents,
  roundAmount,
  toCents,
} from './money.js';
export * from './profiles.js';
