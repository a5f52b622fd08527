import type { DeletedRevenue, RevenueChange } from '@journey/contracts';
import { LEDGER_IMPORT } from '@journey/contracts/constants';
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import {
  changesOf,
  hasHistory,
  lastDeletes,
  publishRecordedChanges as publishRecorded,
  recordChange,
  type ChangeRow,
  type ChangeToRecord as EntryChange,
  type HistoryKind,
  type RecordedChangeRow,
} from './entry-history';
import { ledgerEntryJson } from './revenue-ledger';
import { publishedOf, type StoredSnapshot } from './revenues';
import { revenueChanges, revenueLedger, revenues } from './schema';

/**
 * The revenue entries' history (docs/decisions/043-correction-ledger.md): every write of an entry
 * records a `revenue_changes` row in its transaction and publishes it in the ledger
 * (docs/decisions/079-ledger-of-every-write.md), through entry-history.ts as a cost's does.
 */

/** The fields a change records and the ledger publishes, in the order the ledger lists them. */
export const LEDGER_FIELDS = ['amount', 'source', 'description', 'date'] as const;

/** A revenue entry's history: its edits publish the four fields, its creation the whole entry. */
export const REVENUE_HISTORY: HistoryKind<StoredSnapshot> = {
  entity: 'revenue',
  noun: 'revenue entry',
  fields: LEDGER_FIELDS,
  fieldValue: (snapshot, field) => snapshot[field as (typeof LEDGER_FIELDS)[number]],
  entryJson: ledgerEntryJson,
};

export interface ChangeToRecord extends Omit<EntryChange<StoredSnapshot>, 'entryId'> {
  revenueId: number;
}

/** A recorded change of an entry as the API answers it. */
export function revenueChangeOf(row: ChangeRow): RevenueChange {
  const { costId: _cost, revenueId, ...change } = row;
  return {
    ...change,
    // Set on every change of an entry: the queries here select those alone.
    revenueId: Number(revenueId),
    // The jsonb columns hold what `storedSnapshotOf` wrote; an imported entry's origin stays inside.
    before: row.before ? publishedOf(row.before as StoredSnapshot) : null,
    after: row.after ? publishedOf(row.after as StoredSnapshot) : null,
    changedAt: row.changedAt.toISOString(),
  };
}

/** Records a change inside the write's transaction, and publishes it in the ledger. */
export async function recordRevenueChange(tx: Database, change: ChangeToRecord): Promise<RevenueChange> {
  const { revenueId, ...rest } = change;
  return revenueChangeOf(await recordChange(tx, REVENUE_HISTORY, { ...rest, entryId: revenueId }));
}

export type { RecordedChangeRow };

/** Publishes the creations or deletions a bulk write recorded (a sync, an import, an import's undo). */
export const publishRecordedChanges = (tx: Database, rows: readonly RecordedChangeRow[]) =>
  publishRecorded(tx, REVENUE_HISTORY, rows);

/** An entry's changes, newest first; a deleted entry keeps its history. */
export async function revenueHistory(db: Database, revenueId: number): Promise<RevenueChange[]> {
  return (await changesOf(db, REVENUE_HISTORY, revenueId)).map(revenueChangeOf);
}

/**
 * Entries deleted by hand whose delete is still their last change, newest first, with the values they
 * had: the admin restores one by undoing that delete.
 */
export async function deletedRevenues(db: Database): Promise<DeletedRevenue[]> {
  return (await lastDeletes(db, REVENUE_HISTORY)).flatMap((row) => {
    const { before, revenueId, changedAt, reason } = revenueChangeOf(row);
    return before ? [{ id: revenueId, ...before, deletedAt: changedAt, reason }] : [];
  });
}

/** True when the id names an entry now, or one that has a history (a deleted entry). */
export async function revenueIsKnown(db: Database, revenueId: number): Promise<boolean> {
  const [entry] = await db.select({ id: revenues.id }).from(revenues).where(eq(revenues.id, revenueId));
  return entry !== undefined || hasHistory(db, REVENUE_HISTORY, revenueId);
}

/**
 * The tracker's "N corrections": the distinct changes of revenue entries the ledger publishes other
 * than an entry's first creation, with an import's undo (its entries' deletions and its own row)
 * counted once. A cost's changes are not the revenue's corrections.
 */
export async function countCorrections(db: Database): Promise<number> {
  const [row] = await db
    .select({
      corrections: sql<number>`(
        count(distinct ${revenueChanges.id}) filter (
          where ${revenueChanges.importId} is null and ${revenueChanges.revenueId} is not null
            and (${revenueChanges.action} <> 'create' or ${revenueChanges.undoOf} is not null))
        + count(*) filter (where ${revenueLedger.field} = ${LEDGER_IMPORT}))::int`,
    })
    .from(revenueLedger)
    .leftJoin(revenueChanges, eq(revenueChanges.id, revenueLedger.changeId));
  return row?.corrections ?? 0;
}
