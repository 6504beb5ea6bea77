export { AccountService } from './accounts.js';
export { createApp } from './app.js';
export { loadConfig } from './config.js';
export { KeyService } from './keys.js';
export { createService } from './service.js';
