import type { RevenueChangeAction } from '@journey/contracts';
import { LEDGER_CREATED, LEDGER_DELETED } from '@journey/contracts/constants';
import { and, desc, eq, gt, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { WriteConflictError } from './database-errors';
import { appendLedger, type LedgerRowValues } from './revenue-ledger';
import { revenueChanges } from './schema';

/**
 * The history of the rows the ledger publishes, revenue entries and costs alike
 * (docs/decisions/043-correction-ledger.md, 084-ledger-commitments.md "Costs in the ledger"): every
 * write records a `revenue_changes` row in its transaction and appends its ledger rows; an undo
 * reverts the newest change and is recorded as a change of its own.
 */

/** What differs between the history of one kind of row and another's. */
export interface HistoryKind<Stored> {
  entity: 'revenue' | 'cost';
  /** As messages name one row: "revenue entry". */
  noun: string;
  /** The fields an edit publishes, one ledger row each, in this order. */
  fields: readonly string[];
  /** A field's value as the ledger publishes it. */
  fieldValue(snapshot: Stored, field: string): string | null;
  /** The JSON a created or deleted row publishes: the whole row. */
  entryJson(snapshot: Stored): string;
}

export type ChangeRow = typeof revenueChanges.$inferSelect;

export interface ChangeToRecord<Stored> {
  entryId: number;
  action: RevenueChangeAction;
  before: Stored | null;
  after: Stored | null;
  reason?: string | null | undefined;
  undoOf?: number | null;
  importId?: number | null;
}

/** The column of `revenue_changes` that names a row of this kind. */
const entryColumn = (kind: HistoryKind<unknown>) =>
  kind.entity === 'cost' ? revenueChanges.costId : revenueChanges.revenueId;

/** The ids a change or a ledger row names its row by: exactly one is set. */
const entryIds = (kind: HistoryKind<unknown>, id: number) =>
  kind.entity === 'cost' ? { revenueId: null, costId: id } : { revenueId: id, costId: null };

/** The fields whose published value differs between two snapshots. */
export function changedFields<Stored>(kind: HistoryKind<Stored>, before: Stored, after: Stored): string[] {
  return kind.fields.filter((field) => kind.fieldValue(before, field) !== kind.fieldValue(after, field));
}

/** The ledger rows publishing a row's creation (`after`) or deletion (`before`). */
export function entryLedgerRows<Stored>(
  kind: HistoryKind<Stored>,
  change: { entryId: number; changeId: number | null; changedAt: Date; reason: string | null },
  before: Stored | null,
  after: Stored | null,
): LedgerRowValues[] {
  const published = {
    ...entryIds(kind, change.entryId),
    changeId: change.changeId,
    changedAt: change.changedAt,
    reason: change.reason,
  };
  if (before === null && after !== null)
    return [{ ...published, field: LEDGER_CREATED, oldValue: null, newValue: kind.entryJson(after) }];
  if (after === null && before !== null)
    return [{ ...published, field: LEDGER_DELETED, oldValue: kind.entryJson(before), newValue: null }];
  if (before === null || after === null) return [];
  // An edit: one row per changed field, old and new as strings.
  return changedFields(kind, before, after).map((field) => ({
    ...published,
    field,
    oldValue: kind.fieldValue(before, field),
    newValue: kind.fieldValue(after, field),
  }));
}

/** Records a change inside the write's transaction, and publishes it in the ledger. */
export async function recordChange<Stored>(
  tx: Database,
  kind: HistoryKind<Stored>,
  change: ChangeToRecord<Stored>,
): Promise<ChangeRow> {
  const { entryId, ...values } = change;
  const [row] = await tx
    .insert(revenueChanges)
    .values({ ...values, ...entryIds(kind, entryId), reason: change.reason ?? null })
    .returning();
  if (!row) throw new Error('insert returned no change');
  await appendLedger(
    tx,
    entryLedgerRows(
      kind,
      { entryId, changeId: row.id, changedAt: row.changedAt, reason: row.reason },
      change.before,
      change.after,
    ),
  );
  return row;
}

/** A change a bulk write recorded in SQL (`returning *` of its insert into revenue_changes). */
export type RecordedChangeRow = {
  id: number | string;
  revenue_id: number | null;
  cost_id: number | null;
  changed_at: string | Date;
  reason: string | null;
  before: unknown;
  after: unknown;
};

/** Publishes the creations or deletions a bulk write recorded (a sync, an import, an import's undo). */
export async function publishRecordedChanges<Stored>(
  tx: Database,
  kind: HistoryKind<Stored>,
  rows: readonly RecordedChangeRow[],
): Promise<void> {
  await appendLedger(
    tx,
    rows.flatMap((row) =>
      entryLedgerRows(
        kind,
        {
          entryId: Number(row.revenue_id ?? row.cost_id),
          changeId: Number(row.id),
          changedAt: new Date(row.changed_at),
          reason: row.reason,
        },
        // The jsonb columns hold what the kind's snapshot SQL wrote.
        (row.before ?? null) as Stored | null,
        (row.after ?? null) as Stored | null,
      ),
    ),
  );
}

/** A row's changes, newest first; a deleted row keeps its history. */
export function changesOf(db: Database, kind: HistoryKind<unknown>, id: number): Promise<ChangeRow[]> {
  return db
    .select()
    .from(revenueChanges)
    .where(eq(entryColumn(kind), id))
    .orderBy(desc(revenueChanges.id));
}

/** How many deleted rows the admin's lists show, newest first. */
export const DELETED_LIMIT = 50;

/**
 * The deletes by hand that are still their row's last change, newest first: the admin restores one by
 * undoing it. Rows an undone import removed are left out: the import is restored as a whole or not at
 * all (docs/decisions/044-provider-imports.md).
 */
export function lastDeletes(db: Database, kind: HistoryKind<unknown>): Promise<ChangeRow[]> {
  const later = alias(revenueChanges, 'later');
  const column = entryColumn(kind);
  const laterColumn = kind.entity === 'cost' ? later.costId : later.revenueId;
  return db
    .select()
    .from(revenueChanges)
    .where(
      and(
        eq(revenueChanges.action, 'delete'),
        sql`${column} is not null`,
        isNull(revenueChanges.importId),
        notExists(
          db
            .select({ id: later.id })
            .from(later)
            .where(and(eq(laterColumn, column), gt(later.id, revenueChanges.id))),
        ),
      ),
    )
    .orderBy(desc(revenueChanges.id))
    .limit(DELETED_LIMIT);
}

/** True when a row of this kind has a recorded change (it exists, or existed). */
export async function hasHistory(db: Database, kind: HistoryKind<unknown>, id: number): Promise<boolean> {
  const [change] = await db
    .select({ id: revenueChanges.id })
    .from(revenueChanges)
    .where(eq(entryColumn(kind), id))
    .limit(1);
  return change !== undefined;
}

/** Serialises the changes of one row (edit, delete, undo), so none reads a change another is making. */
const ENTRY_LOCKS = { revenue: 727_019, cost: 727_020 } as const;

/** Waits for the other changes of this row under way, until this transaction ends. */
export async function lockEntry(tx: Database, kind: HistoryKind<unknown>, id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ENTRY_LOCKS[kind.entity]}, ${id})`);
}

/** How an undo puts a row back: each step null when the row is not where the change left it. */
export interface RestoreSteps<Stored> {
  /** Deletes the row (undoing its creation): its values, or null when it is not there. */
  remove(tx: Database, id: number): Promise<Stored | null>;
  /** Inserts the row again with its id (undoing its deletion); null when its unique key is taken now. */
  insert(tx: Database, id: number, snapshot: Stored): Promise<Stored | null>;
  /** Sets the row's values back (undoing an edit): its values before and after, or null. */
  update(tx: Database, id: number, snapshot: Stored): Promise<{ before: Stored; after: Stored } | null>;
  /** Why a deleted row cannot come back, when `insert` finds its key taken. */
  keyTaken(): Error;
}

/**
 * Reverts the row's newest change and records that as a change of its own (`undoOf` set, published):
 * an update's before values come back, a deleted row returns with its id, a created one is deleted.
 * Undoing again undoes the undo. Null when the row has no recorded change.
 */
export function undoLastChange<Stored>(
  db: Database,
  kind: HistoryKind<Stored>,
  steps: RestoreSteps<Stored>,
  id: number,
  reason?: string | null,
): Promise<ChangeRow | null> {
  return db.transaction(async (tx) => {
    // Two undos at once never undo the same change twice, nor an undo a change a delete is making.
    await lockEntry(tx, kind, id);
    const [last] = await changesOf(tx, kind, id);
    if (!last) return null;
    const undo = { entryId: id, undoOf: last.id, reason: reason || `Undo of change #${last.id}` };
    // Deleted meanwhile by a write that does not take the row's lock (an import's undo, psql).
    const missing = () => new WriteConflictError(`${kind.noun} ${id} is missing after its last change`);
    // The jsonb column holds what the kind's snapshot wrote.
    const restore = last.before as Stored | null;
    if (!restore) {
      const removed = await steps.remove(tx, id);
      if (!removed) throw missing();
      return recordChange(tx, kind, { ...undo, action: 'delete', before: removed, after: null });
    }
    if (last.action === 'delete') {
      const restored = await steps.insert(tx, id, restore);
      if (!restored) throw steps.keyTaken();
      return recordChange(tx, kind, { ...undo, action: 'create', before: null, after: restored });
    }
    const updated = await steps.update(tx, id, restore);
    if (!updated) throw missing();
    return recordChange(tx, kind, { ...undo, action: 'update', ...updated });
  });
}
