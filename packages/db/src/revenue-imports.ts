import {
  IMPORT_PROVIDER_NAMES,
  LEDGER_IMPORT,
  type ImportProvider,
  type RevenueImport,
  type RevenueImportResult,
  type RevenueSource,
} from '@journey/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import { importedRows, importWrites, inChunks } from './imports';
import { publishRecordedChanges, recordRevenueChange, type RecordedChangeRow } from './revenue-history';
import { deleteRevenue } from './revenue-writes';
import { appendLedger } from './revenue-ledger';
import { storedSnapshotOf, storedSnapshotSql } from './revenues';
import { revenueImports, revenues } from './schema';

/**
 * Provider imports (docs/decisions/044-provider-imports.md): one transaction adds the entries and
 * their history, and its undo removes exactly them.
 */

export interface ImportEntry {
  externalId: string;
  /** A decimal string the amount column accepts, in USD. */
  amount: string;
  /** What the customer paid, and in what (docs/decisions/078-exchange-rates.md). */
  currency: string;
  originalAmount: string;
  date: Date;
  description: string;
}

/** The entries of this provider's transactions among `ids` that are already stored, by transaction id. */
export async function storedImportedEntries(
  db: Database,
  provider: ImportProvider,
  ids: readonly string[],
): Promise<Map<string, StoredImportedEntry>> {
  const stored = new Map<string, StoredImportedEntry>();
  for await (const chunk of inChunks(ids)) {
    const rows = await db
      .select({ id: revenues.id, externalId: revenues.externalId, amount: revenues.amount })
      .from(revenues)
      .where(and(eq(revenues.provider, provider), inArray(revenues.externalId, chunk)));
    for (const row of rows)
      if (row.externalId !== null) stored.set(row.externalId, { id: row.id, amount: row.amount });
  }
  return stored;
}

/** An entry a provider's transaction is stored as: what a newer export of it is compared with. */
export interface StoredImportedEntry {
  id: number;
  amount: string;
}

/** A stored entry a newer export reports otherwise: its new amount, or null once refunded in full. */
export interface ImportCorrection {
  entryId: number;
  amount: string | null;
  originalAmount: string;
  currency: string;
  description: string;
  reason: string;
}

/**
 * Applies what a newer export says of entries already stored (docs/decisions/044-provider-imports.md):
 * a partial refund since lowers the amount, a full one deletes the entry; each through the history and
 * the ledger, with its reason. An entry deleted meanwhile is passed over. The count of those changed.
 */
export async function correctImportedEntries(
  db: Database,
  corrections: readonly ImportCorrection[],
): Promise<number> {
  let changed = 0;
  for (const correction of corrections) {
    if (correction.amount === null) {
      if (await deleteRevenue(db, correction.entryId, { reason: correction.reason })) changed++;
      continue;
    }
    const done = await db.transaction(async (tx) => {
      const [old] = await tx.select().from(revenues).where(eq(revenues.id, correction.entryId)).for('update');
      if (!old) return false;
      const [updated] = await tx
        .update(revenues)
        .set({
          amount: correction.amount ?? old.amount,
          description: correction.description,
          originalAmount: correction.currency === 'USD' ? null : correction.originalAmount,
        })
        .where(eq(revenues.id, correction.entryId))
        .returning();
      if (!updated) return false;
      await recordRevenueChange(tx, {
        revenueId: correction.entryId,
        action: 'update',
        before: storedSnapshotOf(old),
        after: storedSnapshotOf(updated),
        reason: correction.reason,
      });
      return true;
    });
    if (done) changed++;
  }
  return changed;
}

const writes = importWrites({
  imports: revenueImports,
  rows: revenues,
  columns: (values: { provider: ImportProvider; source: RevenueSource }) => ({
    provider: values.provider,
    source: values.source,
  }),
  toRecord: (entry: ImportEntry) => ({
    amount: entry.amount,
    description: entry.description,
    date: entry.date.toISOString(),
    external_id: entry.externalId,
    currency: entry.currency,
    // A USD payment's original amount is the amount itself: kept null, as a manual entry's.
    original_amount:
      entry.currency === 'USD' && entry.originalAmount === entry.amount ? null : entry.originalAmount,
  }),
  // Each entry with its 'create' change, from the same statement's `returning`.
  async insert(tx, id, values, records) {
    const recorded = await tx.execute<RecordedChangeRow>(sql`
      with added as (
        insert into revenues (amount, source, description, date, provider, external_id, import_id, provenance,
          currency, original_amount)
        select r.amount, ${values.source}, r.description, r.date, ${values.provider}, r.external_id, ${id},
          'import', r.currency, r.original_amount
        from jsonb_to_recordset(${records}::jsonb)
          as r(amount numeric, description text, date timestamptz, external_id text, currency text,
            original_amount numeric)
        on conflict (provider, external_id) do nothing
        returning *
      )
      insert into revenue_changes (revenue_id, action, after, import_id)
      select added.id, 'create', ${storedSnapshotSql('added')}, ${id} from added
      returning *`);
    await publishRecordedChanges(tx, recorded);
  },
  // A 'delete' change for each entry, then one ledger row for the whole import.
  async remove(tx, found, now) {
    const { id } = found;
    const { removed, total } = await importedRows(tx, revenues, id);
    const recorded = await tx.execute<RecordedChangeRow>(sql`
      with removed as (
        delete from revenues where import_id = ${id}
        returning *
      )
      insert into revenue_changes (revenue_id, action, before, reason, import_id, changed_at)
      select removed.id, 'delete', ${storedSnapshotSql('removed')}, 'Import undone', ${id},
        ${now.toISOString()}::timestamptz from removed
      returning *`);
    await publishRecordedChanges(tx, recorded);
    const label = IMPORT_PROVIDER_NAMES[found.provider];
    await appendLedger(tx, [
      {
        revenueId: null,
        changeId: null,
        changedAt: now,
        field: LEDGER_IMPORT,
        oldValue: `${label} import #${id}: ${removed} ${removed === 1 ? 'entry' : 'entries'}, ${total}`,
        newValue: null,
        reason: 'Import undone',
      },
    ]);
    return { removed, total };
  },
});

/**
 * Stores the import and its entries in one transaction, chunk by chunk, with a 'create' change for each
 * entry. A transaction id stored meanwhile by another import is passed over (`on conflict`), so the
 * import's count and total are read back from what it really added.
 */
export const storeImport: (
  db: Database,
  values: { provider: ImportProvider; source: RevenueSource; entries: readonly ImportEntry[] },
) => Promise<RevenueImportResult> = writes.store;

/** Every import, newest first. */
export const listImports: (db: Database) => Promise<RevenueImport[]> = writes.list;

/**
 * Deletes the import's entries (edited ones too: they are still the import's), records a 'delete'
 * change for each, marks the import undone and publishes one ledger row for the whole import.
 */
export const undoImport = writes.undo;
