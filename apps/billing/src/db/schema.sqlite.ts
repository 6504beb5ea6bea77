// The SQLite form of schema.ts, derived (sqlite-twin.ts), for drizzle-kit's SQLite migrations
// (drizzle.config.ts). The services derive the same tables at run time (tablesFor).
import * as schema from './schema.js';
import { sqliteTwin } from './sqlite-twin.js';

export const billingEvents = sqliteTwin(schema.billingEvents);
export const entitlements = sqliteTwin(schema.entitlements);
export const billingLocks = sqliteTwin(schema.billingLocks);
