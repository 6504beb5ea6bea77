export * from './findings.js';
export type * from './model.js';
export * from './profiles.js';
