import { setImmediate as nextTurn } from 'node:timers/promises';
import { desc, eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * What every kind of import shares (docs/decisions/044-provider-imports.md, 082-experiment-money.md):
 * one transaction records the import and adds its rows chunk by chunk, its count and total are read
 * back from what it really added, and its undo deletes exactly those rows and marks it undone.
 */

/** The table of one kind of import, and the table its rows go to (each with its import's id). */
type ImportsTable = PgTable & { id: PgColumn; added: PgColumn; total: PgColumn; undoneAt: PgColumn };
type ImportedRowsTable = PgTable & { importId: PgColumn; amount: PgColumn };

/** An import as the API lists it: its timestamps as ISO strings. */
export type ListedImport<Row> = Omit<Row, 'createdAt' | 'undoneAt'> & {
  createdAt: string;
  undoneAt: string | null;
};

/** What an import stored, and what its undo removed. */
export interface ImportTotals {
  id: number;
  added: number;
  total: string;
}
export type ImportUndoOutcome =
  { id: number; removed: number; total: string } | 'not-found' | 'already-undone';

/**
 * Rows a statement writes: large enough that 100,000 rows take 40 statements, small enough that each
 * holds PGlite's one connection briefly and the event loop turns between them.
 */
const CHUNK_ROWS = 2_500;

/** `items` a statement's worth at a time, the event loop turning after each (on PGlite, other requests queue behind). */
export async function* inChunks<T>(items: readonly T[]): AsyncGenerator<T[]> {
  for (let start = 0; start < items.length; start += CHUNK_ROWS) {
    yield items.slice(start, start + CHUNK_ROWS);
    await nextTurn();
  }
}

/** How many rows an import holds now, and their sum: what its undo is about to remove. */
export async function importedRows(
  tx: Database,
  rows: ImportedRowsTable,
  importId: number,
): Promise<{ removed: number; total: string }> {
  const [counted] = await tx
    .select({
      removed: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${rows.amount}), 0)::numeric(16, 2)::text`,
    })
    .from(rows)
    .where(eq(rows.importId, importId));
  return { removed: counted?.removed ?? 0, total: counted?.total ?? '0.00' };
}

/**
 * The writes of one kind of import. `columns` are the import's own (its provider, its format);
 * `toRecord` is one entry as the JSON record `insert` reads with `jsonb_to_recordset` (`records`,
 * a chunk's worth), `on conflict do nothing` so that a row stored meanwhile by another import is
 * passed over; `remove` deletes the import's rows (edited ones too: they are still the import's)
 * with whatever else the kind records, and says how many and their sum.
 */
export function importWrites<T extends ImportsTable, Values, Entry>(spec: {
  imports: T;
  rows: ImportedRowsTable;
  columns: (values: Values) => Omit<T['$inferInsert'], 'added' | 'total'>;
  toRecord: (entry: Entry) => Record<string, unknown>;
  insert: (tx: Database, id: number, values: Values, records: string) => Promise<void>;
  remove: (tx: Database, found: T['$inferSelect'], now: Date) => Promise<{ removed: number; total: string }>;
}) {
  const { imports, rows } = spec;
  // A generic table loses Drizzle's row type; it is T's by construction (as entity-writes.ts).
  const importsTable: PgTable = imports;
  type Row = T['$inferSelect'] & { createdAt: Date; undoneAt: Date | null };
  return {
    /** Stores the import and its entries in one transaction, chunk by chunk. */
    store(db: Database, values: Values & { entries: readonly Entry[] }): Promise<ImportTotals> {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(imports)
          .values({ ...spec.columns(values), added: 0, total: '0' } as T['$inferInsert'])
          .returning({ id: imports.id });
        if (!created) throw new Error('insert returned no import');
        const id = created.id as number;
        for await (const chunk of inChunks(values.entries)) {
          await spec.insert(tx, id, values, JSON.stringify(chunk.map(spec.toRecord)));
        }
        const [stored] = await tx
          .update(imports)
          .set({
            added: sql`(select count(*) from ${rows} where ${rows.importId} = ${id})`,
            total: sql`(select coalesce(sum(${rows.amount}), 0) from ${rows} where ${rows.importId} = ${id})`,
          } as Partial<T['$inferInsert']>)
          .where(eq(imports.id, id))
          .returning({ added: imports.added, total: imports.total });
        if (!stored) throw new Error('the import vanished');
        return { id, added: stored.added as number, total: stored.total as string };
      });
    },

    /** Every import, newest first. */
    async list(db: Database): Promise<ListedImport<T['$inferSelect']>[]> {
      const found = (await db.select().from(importsTable).orderBy(desc(imports.id))) as Row[];
      return found.map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
        undoneAt: row.undoneAt ? row.undoneAt.toISOString() : null,
      }));
    },

    /** Removes the import's rows and marks it undone, in one transaction with the import's row locked. */
    undo(db: Database, id: number, now = new Date()): Promise<ImportUndoOutcome> {
      return db.transaction(async (tx) => {
        const [found] = (await tx
          .select()
          .from(importsTable)
          .where(eq(imports.id, id))
          .for('update')) as Row[];
        if (!found) return 'not-found';
        if (found.undoneAt) return 'already-undone';
        const { removed, total } = await spec.remove(tx, found, now);
        await tx
          .update(imports)
          .set({ undoneAt: now } as Partial<T['$inferInsert']>)
          .where(eq(imports.id, id));
        return { id, removed, total };
      });
    },
  };
}
