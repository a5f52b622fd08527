import type { Revenue, RevenueChange, RevenueValues } from '@journey/contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { WriteConflictError } from './database-errors';
import { recordRevenueChange } from './revenue-history';
import { storedSnapshotOf, toRevenue, type StoredSnapshot } from './revenues';
import { revenueChanges, revenues } from './schema';

/**
 * The writes of a revenue entry: each runs in one transaction with the change it records
 * (docs/decisions/043-correction-ledger.md), so a failed write records nothing.
 */

export interface ChangeOptions {
  /** Why the admin made the change; published with an edit, a delete or an undo. */
  reason?: string | null | undefined;
}

/** The entry, its 'create' change and its ledger row, in one transaction. */
export function createRevenue(
  db: Database,
  values: RevenueValues,
  options: ChangeOptions = {},
): Promise<Revenue> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(revenues).values(values).returning();
    if (!row) throw new Error('insert returned no row');
    await recordRevenueChange(tx, {
      revenueId: row.id,
      action: 'create',
      before: null,
      after: storedSnapshotOf(row),
      reason: options.reason,
    });
    return toRevenue(row);
  });
}

/** Serialises the changes of one entry (edit, delete, undo), so none reads a change another is making. */
const ENTRY_LOCK = 727_019;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Waits for the other changes of entry `id` under way, until this transaction ends. */
async function lockEntry(tx: Transaction, id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ENTRY_LOCK}, ${id})`);
}

/** The edited entry, or null when the id names none. An edit that changes nothing records nothing. */
export function updateRevenue(
  db: Database,
  id: number,
  values: RevenueValues,
  options: ChangeOptions = {},
): Promise<Revenue | null> {
  return db.transaction(async (tx) => {
    await lockEntry(tx, id);
    const [old] = await tx.select().from(revenues).where(eq(revenues.id, id)).for('update');
    if (!old) return null;
    const [row] = await tx.update(revenues).set(values).where(eq(revenues.id, id)).returning();
    if (!row) return null;
    const before = storedSnapshotOf(old);
    const after = storedSnapshotOf(row);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await recordRevenueChange(tx, {
        revenueId: id,
        action: 'update',
        before,
        after,
        reason: options.reason,
      });
    }
    return toRevenue(row);
  });
}

/** False when the id names no entry. */
export function deleteRevenue(db: Database, id: number, options: ChangeOptions = {}): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockEntry(tx, id);
    const [row] = await tx.delete(revenues).where(eq(revenues.id, id)).returning();
    if (!row) return false;
    await recordRevenueChange(tx, {
      revenueId: id,
      action: 'delete',
      before: storedSnapshotOf(row),
      after: null,
      reason: options.reason,
    });
    return true;
  });
}

/**
 * An undone delete would bring back an imported transaction that an import has stored again since:
 * the entry stays deleted, rather than counting the payment twice
 * (docs/decisions/054-imports-as-providers-write-them.md).
 */
export class ImportedAgainError extends Error {
  constructor() {
    super(
      'This entry was imported again after it was deleted; undo that import or delete the new entry first.',
    );
  }
}

/** The columns a snapshot restores: its values, and its origin when it has one (older changes have none). */
function restoredColumns(snapshot: StoredSnapshot) {
  const { amount, source, description, date, origin, experimentId } = snapshot;
  return {
    amount,
    source,
    description,
    date: new Date(date),
    // An experiment deleted since has unlinked its entries (ON DELETE SET NULL): it stays unlinked.
    experimentId: experimentId
      ? sql<number | null>`(select id from experiments where id = ${experimentId})`
      : null,
    ...(origin
      ? {
          provider: origin.provider,
          externalId: origin.externalId,
          importId: origin.importId,
          provenance: origin.provenance ?? 'import',
          currency: origin.currency ?? 'USD',
          originalAmount: origin.originalAmount ?? null,
        }
      : {}),
  };
}

/**
 * Reverts the entry's newest change and records that as a change of its own (`undoOf` set, published):
 * an update's before values come back, a deleted entry returns with its id, a created one is deleted.
 * Undoing again undoes the undo. Null when the entry has no recorded change.
 */
export function undoLastRevenueChange(
  db: Database,
  id: number,
  reason?: string | null,
): Promise<RevenueChange | null> {
  return db.transaction(async (tx) => {
    // Two undos at once never undo the same change twice, nor an undo a change a delete is making.
    await lockEntry(tx, id);
    const [last] = await tx
      .select()
      .from(revenueChanges)
      .where(eq(revenueChanges.revenueId, id))
      .orderBy(desc(revenueChanges.id))
      .limit(1);
    if (!last) return null;
    const undo = { revenueId: id, undoOf: last.id, reason: reason || `Undo of change #${last.id}` };
    // The jsonb column holds what `storedSnapshotOf` wrote.
    const restore = last.before as StoredSnapshot | null;
    if (!restore) {
      const [row] = await tx.delete(revenues).where(eq(revenues.id, id)).returning();
      if (!row) throw new WriteConflictError(`revenue entry ${id} is missing after its last change`);
      return recordRevenueChange(tx, {
        ...undo,
        action: 'delete',
        before: storedSnapshotOf(row),
        after: null,
      });
    }
    const values = restoredColumns(restore);
    if (last.action === 'delete') {
      const [row] = await tx
        .insert(revenues)
        .values({ id, ...values })
        .onConflictDoNothing({ target: [revenues.provider, revenues.externalId] })
        .returning();
      if (!row) throw new ImportedAgainError();
      return recordRevenueChange(tx, {
        ...undo,
        action: 'create',
        before: null,
        after: storedSnapshotOf(row),
      });
    }
    const [old] = await tx.select().from(revenues).where(eq(revenues.id, id)).for('update');
    const [row] = await tx.update(revenues).set(values).where(eq(revenues.id, id)).returning();
    // Deleted meanwhile by a write that does not take the entry's lock (an import's undo, psql).
    if (!old || !row) throw new WriteConflictError(`revenue entry ${id} is missing after its last change`);
    return recordRevenueChange(tx, {
      ...undo,
      action: 'update',
      before: storedSnapshotOf(old),
      after: storedSnapshotOf(row),
    });
  });
}
