import { type PgTable } from 'drizzle-orm/pg-core';
import { type SQLiteTable } from 'drizzle-orm/sqlite-core';
/** The SQLite table with the same name, columns, keys, defaults, indexes and foreign keys */
export declare function sqliteTwin(table: PgTable): SQLiteTable;
/**
 * A schema's tables as the given dialect runs them, typed as the PostgreSQL schema: the stores write
 * their queries once against that type, and the SQLite twins have the same keys and columns.
 */
export declare function tablesFor<T extends Record<string, PgTable>>(
  schema: T,
  dialect: 'sqlite' | 'postgres',
): T;
//# sourceMappingURL=sqlite-twin.d.ts.map
