import type { DeletedRevenue, RevenueChange, RevenueChangeAction, RevenueSnapshot } from '@journey/contracts';
import { and, desc, eq, gt, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { appendLedger, entryLedgerRow, type LedgerRowValues } from './revenue-ledger';
import { publishedOf, type StoredSnapshot } from './revenues';
import { revenueChanges, revenueLedger, revenues } from './schema';

/**
 * The revenue entries' history (docs/decisions/043-correction-ledger.md): every write of an entry
 * records a `revenue_changes` row in its transaction and publishes it in the ledger
 * (docs/decisions/079-ledger-of-every-write.md).
 */

/** The fields a change records and the ledger publishes, in the order the ledger lists them. */
export const LEDGER_FIELDS = ['amount', 'source', 'description', 'date'] as const;

export interface ChangeToRecord {
  revenueId: number;
  action: RevenueChangeAction;
  before: RevenueSnapshot | null;
  after: RevenueSnapshot | null;
  reason?: string | null | undefined;
  undoOf?: number | null;
  importId?: number | null;
}

/** The fields whose value differs between two snapshots (a missing snapshot differs in every field). */
export function changedFields(before: RevenueSnapshot | null, after: RevenueSnapshot | null) {
  return LEDGER_FIELDS.filter((field) => before?.[field] !== after?.[field]);
}

function toChange(row: typeof revenueChanges.$inferSelect): RevenueChange {
  return {
    ...row,
    // The jsonb columns hold what `storedSnapshotOf` wrote; an imported entry's origin stays inside.
    before: row.before ? publishedOf(row.before as StoredSnapshot) : null,
    after: row.after ? publishedOf(row.after as StoredSnapshot) : null,
    changedAt: row.changedAt.toISOString(),
  };
}

/**
 * The ledger rows of a change: a creation or a deletion is one row carrying the whole entry, an edit
 * one row per changed field, old and new as strings.
 */
function ledgerRowsOf(
  change: ChangeToRecord,
  row: { id: number; changedAt: Date; reason: string | null },
): LedgerRowValues[] {
  const published = {
    revenueId: change.revenueId,
    changeId: row.id,
    changedAt: row.changedAt,
    reason: row.reason,
  };
  if (change.before === null && change.after !== null)
    return [entryLedgerRow(published, 'created', change.after)];
  if (change.after === null && change.before !== null)
    return [entryLedgerRow(published, 'deleted', change.before)];
  return changedFields(change.before, change.after).map((field) => ({
    ...published,
    field,
    oldValue: change.before?.[field] ?? null,
    newValue: change.after?.[field] ?? null,
  }));
}

/** Records a change inside the write's transaction, and publishes it in the ledger. */
export async function recordRevenueChange(tx: Database, change: ChangeToRecord): Promise<RevenueChange> {
  const [row] = await tx
    .insert(revenueChanges)
    .values({ ...change, reason: change.reason ?? null })
    .returning();
  if (!row) throw new Error('insert returned no change');
  await appendLedger(tx, ledgerRowsOf(change, row));
  return toChange(row);
}

/** A change a bulk write recorded in SQL (`returning` of its insert into revenue_changes). */
export type RecordedChangeRow = {
  id: number | string;
  revenue_id: number;
  changed_at: string | Date;
  reason: string | null;
  before: unknown;
  after: unknown;
};

/** Publishes the creations or deletions a bulk write recorded (a sync, an import, an import's undo). */
export async function publishRecordedChanges(
  tx: Database,
  rows: readonly RecordedChangeRow[],
): Promise<void> {
  await appendLedger(
    tx,
    rows.map((row) => {
      const published = {
        revenueId: row.revenue_id,
        changeId: Number(row.id),
        changedAt: new Date(row.changed_at),
        reason: row.reason,
      };
      // The jsonb columns hold what `storedSnapshotSql` wrote.
      return row.after
        ? entryLedgerRow(published, 'created', row.after as StoredSnapshot)
        : entryLedgerRow(published, 'deleted', row.before as StoredSnapshot);
    }),
  );
}

/** An entry's changes, newest first; a deleted entry keeps its history. */
export async function revenueHistory(db: Database, revenueId: number): Promise<RevenueChange[]> {
  const rows = await db
    .select()
    .from(revenueChanges)
    .where(eq(revenueChanges.revenueId, revenueId))
    .orderBy(desc(revenueChanges.id));
  return rows.map(toChange);
}

/** How many deleted entries the admin's list shows, newest first. */
export const DELETED_REVENUE_LIMIT = 50;

/**
 * Entries deleted by hand whose delete is still their last change, newest first, with the values they
 * had: the admin restores one by undoing that delete. Entries an undone import removed are left out:
 * the import is restored as a whole or not at all (docs/decisions/044-provider-imports.md).
 */
export async function deletedRevenues(db: Database): Promise<DeletedRevenue[]> {
  const later = alias(revenueChanges, 'later');
  const rows = await db
    .select()
    .from(revenueChanges)
    .where(
      and(
        eq(revenueChanges.action, 'delete'),
        isNull(revenueChanges.importId),
        notExists(
          db
            .select({ id: later.id })
            .from(later)
            .where(and(eq(later.revenueId, revenueChanges.revenueId), gt(later.id, revenueChanges.id))),
        ),
      ),
    )
    .orderBy(desc(revenueChanges.id))
    .limit(DELETED_REVENUE_LIMIT);
  return rows.flatMap((row) => {
    const { before, revenueId, changedAt, reason } = toChange(row);
    return before ? [{ id: revenueId, ...before, deletedAt: changedAt, reason }] : [];
  });
}

/** True when the id names an entry now, or one that has a history (a deleted entry). */
export async function revenueIsKnown(db: Database, revenueId: number): Promise<boolean> {
  const [entry] = await db.select({ id: revenues.id }).from(revenues).where(eq(revenues.id, revenueId));
  if (entry) return true;
  const [change] = await db
    .select({ id: revenueChanges.id })
    .from(revenueChanges)
    .where(eq(revenueChanges.revenueId, revenueId))
    .limit(1);
  return change !== undefined;
}

/**
 * The tracker's "N corrections": the distinct changes the ledger publishes other than an entry's first
 * creation, with an import's undo (its entries' deletions and its own row) counted once.
 */
export async function countCorrections(db: Database): Promise<number> {
  const [row] = await db
    .select({
      corrections: sql<number>`(
        count(distinct ${revenueChanges.id}) filter (
          where ${revenueChanges.importId} is null
            and (${revenueChanges.action} <> 'create' or ${revenueChanges.undoOf} is not null))
        + count(*) filter (where ${revenueLedger.field} = 'import'))::int`,
    })
    .from(revenueLedger)
    .leftJoin(revenueChanges, eq(revenueChanges.id, revenueLedger.changeId));
  return row?.corrections ?? 0;
}
