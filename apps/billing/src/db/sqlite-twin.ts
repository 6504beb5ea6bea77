/**
 * The SQLite twin of a PostgreSQL drizzle table: the schema is written once (pg-core, the richer
 * dialect) and its SQLite form is derived from it, column by column, so the two cannot drift. Only
 * the column kinds the einv schema uses are mapped (serial, text, integer, boolean); anything else
 * stops at import with the table and column named. `pnpm drizzle:check` (drizzle-kit on the twins)
 * proves the derived tables equal the committed SQLite migrations.
 */
import { getTableColumns } from 'drizzle-orm';
import { type AnyPgColumn, getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import {
  foreignKey,
  index,
  integer,
  primaryKey,
  type SQLiteColumnBuilderBase,
  type SQLiteTable,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';

const twins = new WeakMap<PgTable, SQLiteTable>();

/** The SQLite table with the same name, columns, keys, defaults, indexes and foreign keys */
export function sqliteTwin(table: PgTable): SQLiteTable {
  const known = twins.get(table);
  if (known) return known;
  const config = getTableConfig(table);
  const keys = new Map(Object.entries(getTableColumns(table)).map(([key, column]) => [column.name, key]));
  const keyOf = (column: { name: string }) => keys.get(column.name) as string;
  const columns = Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [key, sqliteColumn(config.name, column)]),
  );
  const twin = sqliteTable(config.name, columns, (t) => {
    const col = (column: { name: string }) => t[keyOf(column)] as never;
    return [
      ...config.indexes.map((i) => {
        const make = i.config.unique ? uniqueIndex : index;
        return make(i.config.name as string).on(
          ...(i.config.columns.map((c) => col(c as AnyPgColumn)) as [never]),
        );
      }),
      ...config.primaryKeys.map((pk) => primaryKey({ columns: pk.columns.map(col) as [never] })),
      ...config.foreignKeys.map((fk) => {
        const ref = fk.reference();
        const foreign = sqliteTwin(ref.foreignTable) as unknown as Record<string, never>;
        const foreignKeys = new Map(
          Object.entries(getTableColumns(ref.foreignTable)).map(([key, c]) => [c.name, key]),
        );
        return foreignKey({
          columns: ref.columns.map(col) as [never],
          foreignColumns: ref.foreignColumns.map((c) => foreign[foreignKeys.get(c.name) as string]) as [
            never,
          ],
        });
      }),
    ];
  });
  twins.set(table, twin);
  return twin;
}

/** The builder methods the mapping calls, common to the SQLite text and integer builders */
interface Builder extends SQLiteColumnBuilderBase {
  primaryKey(): Builder;
  notNull(): Builder;
  default(value: never): Builder;
  unique(): Builder;
}

function sqliteColumn(table: string, column: AnyPgColumn): SQLiteColumnBuilderBase {
  if (column.columnType === 'PgSerial') return integer(column.name).primaryKey({ autoIncrement: true });
  const kinds: Record<string, () => unknown> = {
    PgText: () => text(column.name),
    PgInteger: () => integer(column.name),
    PgBoolean: () => integer(column.name, { mode: 'boolean' }),
  };
  const make = kinds[column.columnType];
  if (!make)
    throw new Error(`${table}.${column.name}: no SQLite form for the column type ${column.columnType}`);
  let builder = make() as Builder;
  if (column.primary) builder = builder.primaryKey();
  if (column.notNull) builder = builder.notNull();
  if (column.default !== undefined) builder = builder.default(column.default as never);
  if (column.isUnique) builder = builder.unique();
  return builder;
}

/**
 * A schema's tables as the given dialect runs them, typed as the PostgreSQL schema: the stores write
 * their queries once against that type, and the SQLite twins have the same keys and columns.
 */
export function tablesFor<T extends Record<string, PgTable>>(schema: T, dialect: 'sqlite' | 'postgres'): T {
  if (dialect === 'postgres') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, table]) => [key, sqliteTwin(table)]),
  ) as unknown as T;
}
