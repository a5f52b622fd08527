import type { Revenue, RevenueChange, RevenueValues } from '@journey/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { historyWrites, type ChangeOptions } from './entry-writes';
import { REVENUE_HISTORY, revenueChangeOf } from './revenue-history';
import { storedSnapshotOf, toRevenue, type StoredSnapshot } from './revenues';
import { revenues } from './schema';

/**
 * The writes of a revenue entry: each runs in one transaction with the change it records
 * (docs/decisions/043-correction-ledger.md), so a failed write records nothing (entry-writes.ts).
 */

export type { ChangeOptions };

/**
 * An undone delete would bring back an imported transaction that an import has stored again since:
 * the entry stays deleted, rather than counting the payment twice
 * (docs/decisions/054-imports-as-providers-write-them.md).
 */
export class ImportedAgainError extends Error {
  constructor(noun = 'entry') {
    super(
      `This ${noun} was imported again after it was deleted; undo that import or delete the new ${noun} first.`,
    );
  }
}

/** The columns a snapshot restores: its values, and its origin when it has one (older changes have none). */
function restoredColumns(snapshot: StoredSnapshot): Record<string, unknown> {
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

const writes = historyWrites({
  kind: REVENUE_HISTORY,
  table: revenues,
  toColumns: (values: RevenueValues) => values,
  toEntity: toRevenue,
  snapshot: async (_tx, row) => storedSnapshotOf(row),
  restoredColumns,
  uniqueKey: [revenues.provider, revenues.externalId],
  keyTaken: () => new ImportedAgainError(),
});

/** The entry, its 'create' change and its ledger row, in one transaction. */
export const createRevenue: (
  db: Database,
  values: RevenueValues,
  options?: ChangeOptions,
) => Promise<Revenue> = writes.create;

/** The edited entry, or null when the id names none. An edit that changes nothing records nothing. */
export const updateRevenue: (
  db: Database,
  id: number,
  values: RevenueValues,
  options?: ChangeOptions,
) => Promise<Revenue | null> = writes.update;

/** False when the id names no entry. */
export const deleteRevenue: (db: Database, id: number, options?: ChangeOptions) => Promise<boolean> =
  writes.remove;

/**
 * Reverts the entry's newest change and records that as a change of its own (`undoOf` set, published):
 * an update's before values come back, a deleted entry returns with its id, a created one is deleted.
 * Undoing again undoes the undo. Null when the entry has no recorded change.
 */
export async function undoLastRevenueChange(
  db: Database,
  id: number,
  reason?: string | null,
): Promise<RevenueChange | null> {
  const undone = await writes.undo(db, id, reason);
  return undone ? revenueChangeOf(undone) : null;
}
