export { createApp } from './app.js';
export { loadConfig } from './config.js';
