/**
 * The SQLite twin of a PostgreSQL drizzle table: the schema is written once (pg-core, the richer
 * dialect) and its SQLite form is derived from it, column by column, so the two cannot drift. Only
 * the column kinds the einv schema uses are mapped (serial, text, integer, boolean); anything else
 * stops at import with the table and column named. `pnpm drizzle:check` (drizzle-kit on the twins)
 * proves the derived tables equal the committed SQLite migrations.
 */
import { getTableColumns } from 'drizzle-orm';
import { getTableConfig } from 'drizzle-orm/pg-core';
import {
  foreignKey,
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';

const twins = new WeakMap();
/** The SQLite table with the same name, columns, keys, defaults, indexes and foreign keys */
export function sqliteTwin(table) {
  const known = twins.get(table);
  if (known) return known;
  const config = getTableConfig(table);
  const keys = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]));
  const keyOf = (column) => keys.get(column.name);
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [key, sqliteColumn(config.name, column)]),
  );
  const twin = sqliteTable(config.name, columns, (t) => {
    const col = (column) => t[keyOf(column)];
    return [
      ...config.indexes.map((i) => {
        const make = i.config.unique ? uniqueIndex : index;
        return make(i.config.name).on(...i.config.columns.map((c) => col(c)));
      }),
      ...config.primaryKeys.map((pk) => primaryKey({ columns: pk.columns.map(col) })),
      ...config.foreignKeys.map((fk) => {
        const ref = fk.reference();
        const foreign = sqliteTwin(ref.foreignTable);
        const foreignKeys = new Map(
          Object.entries(getTableColumns(ref.foreignTable)).map(([key, c]) => [c.name, key]),
        );
        return foreignKey({
          columns: ref.columns.map(col),
          foreignColumns: ref.foreignColumns.map((c) => foreign[foreignKeys.get(c.name)]),
        });
      }),
    ];
  });
  twins.set(table, twin);
  return twin;
}
function sqliteColumn(table, column) {
  if (column.columnType === 'PgSerial') return integer(column.name).primaryKey({ autoIncrement: true });
  const kinds = {
    PgText: () => text(column.name),
    PgInteger: () => integer(column.name),
    PgBoolean: () => integer(column.name, { mode: 'boolean' }),
  };
  const make = kinds[column.columnType];
  if (!make)
    throw new Error(`${table}.${column.name}: no SQLite form for the column type ${column.columnType}`);
  let builder = make();
  if (column.primary) builder = builder.primaryKey();
  if (column.notNull) builder = builder.notNull();
  if (column.default !== undefined) builder = builder.default(column.default);
  if (column.isUnique) builder = builder.unique();
  return builder;
}
/**
 * A schema's tables as the given dialect runs them, typed as the PostgreSQL schema: the stores write
 * their queries once against that type, and the SQLite twins have the same keys and columns.
 */
export function tablesFor(schema, dialect) {
  if (dialect === 'postgres') return schema;
  return Object.fromEntries(Object.entries(schema).map(([key, table]) => [key, sqliteTwin(table)]));
}
//# sourceMappingURL=sqlite-twin.js.map
