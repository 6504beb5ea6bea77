// The SQLite form of schema.ts, derived (sqlite-twin of apps/billing), for drizzle-kit's SQLite
// migrations (drizzle.config.ts); not part of the build. The service derives the same tables at run time (tablesFor).
import { sqliteTwin } from '../../../billing/src/db/sqlite-twin.js';
import * as schema from './schema.js';

export const accounts = sqliteTwin(schema.accounts);
export const apiKeys = sqliteTwin(schema.apiKeys);
export const sessions = sqliteTwin(schema.sessions);
export const usage = sqliteTwin(schema.usage);
export const accountTokens = sqliteTwin(schema.accountTokens);
