export type * from './types.js';
// parseXml and helpers are implemented in parse.ts (see docs/decisions for the parser choice).
