import type { DeletedRevenue, RevenueChange, RevenueChangeAction, RevenueSnapshot } from '@journey/contracts';
import { and, desc, eq, gt, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from './client';
import { appendLedger, type LedgerRowValues } from './revenue-ledger';
import { publishedOf, type StoredSnapshot } from './revenues';
import { revenueChanges, revenueLedger, revenues } from './schema';

/**
 * The revenue entries' history (docs/decisions/043-correction-ledger.md): every write of an entry
 * records a `revenue_changes` row in its transaction, and a change after the entry's creation also
 * publishes one ledger row per field it changed.
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
 * Records a change inside the write's transaction. Anything but a plain creation is published: one
 * ledger row per changed field, old and new as strings (null where the entry did not exist).
 */
export async function recordRevenueChange(tx: Database, change: ChangeToRecord): Promise<RevenueChange> {
  const [row] = await tx
    .insert(revenueChanges)
    .values({ ...change, reason: change.reason ?? null })
    .returning();
  if (!row) throw new Error('insert returned no change');
  const published = change.action !== 'create' || row.undoOf !== null;
  if (published) {
    await appendLedger(
      tx,
      changedFields(change.before, change.after).map((field): LedgerRowValues => ({
        revenueId: change.revenueId,
        changeId: row.id,
        changedAt: row.changedAt,
        field,
        oldValue: change.before?.[field] ?? null,
        newValue: change.after?.[field] ?? null,
        reason: row.reason,
      })),
    );
  }
  return toChange(row);
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
 * The tracker's "N corrections": the distinct changes the ledger publishes, and each undone import
 * (one ledger row of its own, with no change id) as one more.
 */
export async function countCorrections(db: Database): Promise<number> {
  const [row] = await db
    .select({
      corrections: sql<number>`(count(distinct ${revenueLedger.changeId}) + count(*) filter (where ${revenueLedger.changeId} is null))::int`,
    })
    .from(revenueLedger);
  return row?.corrections ?? 0;
}
