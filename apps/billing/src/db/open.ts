import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import type { BillingDb } from '../store.js';

/**
 * Opens the SQLite database named by DATABASE_URL (a file path, a `file:` URL, or `:memory:`), in WAL
 * mode so readers never block the webhook writer, creating the parent folder if needed.
 */
export function openSqlite(url: string): { sqlite: Database.Database; db: BillingDb } {
  const file = url.startsWith('file:') ? url.slice('file:'.length).replace(/^\/\/(?=\/)/, '') : url;
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { sqlite, db: drizzle(sqlite) };
}
