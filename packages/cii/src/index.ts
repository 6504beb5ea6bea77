export {};
export * from './check/index.js';
