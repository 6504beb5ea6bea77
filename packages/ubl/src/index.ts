export * from './check/index.js';
