import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

type KeyedTable = PgTable & { id: PgColumn };

/** Deletes the row with this id; false when there was none. */
export async function deleteById(db: Database, table: KeyedTable, id: number): Promise<boolean> {
  const rows = await db.delete(table).where(eq(table.id, id)).returning({ id: table.id });
  return rows.length > 0;
}

/**
 * Create, update and delete for one admin table: `toColumns` turns validated input into the columns
 * to write, `toEntity` turns the written row into what the API answers.
 */
export function entityWrites<T extends KeyedTable, Values, Entity>(
  table: T,
  toColumns: (values: Values) => T['$inferInsert'],
  toEntity: (row: T['$inferSelect']) => Entity,
) {
  // A generic table loses Drizzle's row type; it is T's by construction.
  const entities = (rows: unknown) => (rows as T['$inferSelect'][]).map(toEntity);
  return {
    async create(db: Database, values: Values): Promise<Entity> {
      const [entity] = entities(await db.insert(table).values(toColumns(values)).returning());
      if (!entity) throw new Error('insert returned no row');
      return entity;
    },
    async update(db: Database, id: number, values: Values): Promise<Entity | null> {
      const query = db.update(table).set(toColumns(values)).where(eq(table.id, id));
      const [entity] = entities(await query.returning());
      return entity ?? null;
    },
    remove: (db: Database, id: number): Promise<boolean> => deleteById(db, table, id),
  };
}
