import { sql, type SQL } from 'drizzle-orm';
import { index, timestamp, type PgColumn } from 'drizzle-orm/pg-core';

/** The column and constraint shapes every table of the schema is built from. */

/** `column in ('a', 'b')` with the values written out, as a CHECK constraint needs them (no parameters). */
export function isOneOf(column: PgColumn, values: readonly (string | number)[]): SQL {
  const literal = (value: string | number) =>
    typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`;
  return sql`${column} in ${sql.raw(`(${values.map(literal).join(', ')})`)}`;
}

/** One (column, id) index per sortable column: every admin page and sort is an index range scan. */
export function keysetIndexes(tableName: string, columns: PgColumn[], id: PgColumn) {
  return columns.map((column) => index(`${tableName}_${column.name}_id_idx`).on(column, id));
}

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow();

/** A point in time with milliseconds, as every timestamp of the schema. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
