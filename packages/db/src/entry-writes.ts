import { eq, type SQL } from 'drizzle-orm';
import type { IndexColumn, PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import {
  lockEntry,
  recordChange,
  undoLastChange,
  type ChangeRow,
  type HistoryKind,
  type RestoreSteps,
} from './entry-history';

/**
 * The writes of a row with a history, revenue entry or cost (docs/decisions/043-correction-ledger.md,
 * 084-ledger-commitments.md "Costs in the ledger"): each runs in one transaction with the change it
 * records and the ledger rows it appends, so a failed write records nothing.
 */

type KeyedTable = PgTable & { id: PgColumn };

export interface ChangeOptions {
  /** Why the admin made the change; published with an edit, a delete or an undo. */
  reason?: string | null | undefined;
}

export interface HistoryWritesSpec<T extends KeyedTable, Values, Entity, Stored> {
  kind: HistoryKind<Stored>;
  table: T;
  /** The columns an edit or a creation writes. */
  toColumns: (values: Values) => T['$inferInsert'];
  toEntity: (row: T['$inferSelect']) => Entity;
  /** What a change records of a written row. */
  snapshot: (tx: Database, row: T['$inferSelect']) => Promise<Stored>;
  /** The columns a recorded snapshot puts back (its id aside). */
  restoredColumns: (snapshot: Stored) => Record<string, unknown>;
  /** The unique key an undone delete may find taken by a row written since (an import's). */
  uniqueKey: IndexColumn[];
  /** Why the row cannot come back then. */
  keyTaken: () => Error;
}

export function historyWrites<T extends KeyedTable, Values, Entity, Stored>(
  spec: HistoryWritesSpec<T, Values, Entity, Stored>,
) {
  const { kind, table } = spec;
  // A generic table loses Drizzle's row type; it is T's by construction (as entity-writes.ts).
  type Row = T['$inferSelect'];
  const one = (rows: unknown) => (rows as Row[])[0];
  const byId = (id: number): SQL => eq(table.id, id);

  const steps: RestoreSteps<Stored> = {
    async remove(tx, id) {
      const row = one(await tx.delete(table).where(byId(id)).returning());
      return row ? spec.snapshot(tx, row) : null;
    },
    async insert(tx, id, snapshot) {
      const row = one(
        await tx
          .insert(table)
          .values({ id, ...spec.restoredColumns(snapshot) } as T['$inferInsert'])
          .onConflictDoNothing({ target: spec.uniqueKey })
          .returning(),
      );
      return row ? spec.snapshot(tx, row) : null;
    },
    async update(tx, id, snapshot) {
      const old = one(
        await tx
          .select()
          .from(table as PgTable)
          .where(byId(id))
          .for('update'),
      );
      const row = one(
        await tx
          .update(table)
          .set(spec.restoredColumns(snapshot) as Partial<T['$inferInsert']>)
          .where(byId(id))
          .returning(),
      );
      if (!old || !row) return null;
      return { before: await spec.snapshot(tx, old), after: await spec.snapshot(tx, row) };
    },
    keyTaken: spec.keyTaken,
  };

  return {
    /** The row, its 'create' change and its ledger row, in one transaction. */
    create(db: Database, values: Values, options: ChangeOptions = {}): Promise<Entity> {
      return db.transaction(async (tx) => {
        const row = one(await tx.insert(table).values(spec.toColumns(values)).returning());
        if (!row) throw new Error('insert returned no row');
        await recordChange(tx, kind, {
          entryId: row.id as number,
          action: 'create',
          before: null,
          after: await spec.snapshot(tx, row),
          reason: options.reason,
        });
        return spec.toEntity(row);
      });
    },

    /** The edited row, or null when the id names none. An edit that changes nothing records nothing. */
    update(db: Database, id: number, values: Values, options: ChangeOptions = {}): Promise<Entity | null> {
      return db.transaction(async (tx) => {
        await lockEntry(tx, kind, id);
        const old = one(
          await tx
            .select()
            .from(table as PgTable)
            .where(byId(id))
            .for('update'),
        );
        if (!old) return null;
        const query = tx
          .update(table)
          .set(spec.toColumns(values) as Partial<T['$inferInsert']>)
          .where(byId(id));
        const row = one(await query.returning());
        if (!row) return null;
        const before = await spec.snapshot(tx, old);
        const after = await spec.snapshot(tx, row);
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          await recordChange(tx, kind, { entryId: id, action: 'update', before, after, ...options });
        }
        return spec.toEntity(row);
      });
    },

    /** False when the id names no row. */
    remove(db: Database, id: number, options: ChangeOptions = {}): Promise<boolean> {
      return db.transaction(async (tx) => {
        await lockEntry(tx, kind, id);
        const before = await steps.remove(tx, id);
        if (!before) return false;
        await recordChange(tx, kind, { entryId: id, action: 'delete', before, after: null, ...options });
        return true;
      });
    },

    /** Reverts the row's newest change (entry-history.ts); null when it has none. */
    undo(db: Database, id: number, reason?: string | null): Promise<ChangeRow | null> {
      return undoLastChange(db, kind, steps, id, reason);
    },
  };
}
