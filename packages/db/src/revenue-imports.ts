import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  IMPORT_PROVIDER_NAMES,
  type ImportProvider,
  type RevenueImport,
  type RevenueImportResult,
  type RevenueImportUndo,
  type RevenueSource,
} from '@journey/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
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

/**
 * Rows a statement writes: large enough that 100,000 rows take 40 statements, small enough that each
 * holds PGlite's one connection briefly and the event loop turns between them.
 */
const CHUNK_ROWS = 2_500;

function* chunks<T>(items: readonly T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += CHUNK_ROWS) yield items.slice(start, start + CHUNK_ROWS);
}

/** The entries of this provider's transactions among `ids` that are already stored, by transaction id. */
export async function storedImportedEntries(
  db: Database,
  provider: ImportProvider,
  ids: readonly string[],
): Promise<Map<string, StoredImportedEntry>> {
  const stored = new Map<string, StoredImportedEntry>();
  for (const chunk of chunks(ids)) {
    const rows = await db
      .select({ id: revenues.id, externalId: revenues.externalId, amount: revenues.amount })
      .from(revenues)
      .where(and(eq(revenues.provider, provider), inArray(revenues.externalId, chunk)));
    for (const row of rows)
      if (row.externalId !== null) stored.set(row.externalId, { id: row.id, amount: row.amount });
    await nextTurn();
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

/**
 * Stores the import and its entries in one transaction, chunk by chunk, with a 'create' change for each
 * entry. A transaction id stored meanwhile by another import is passed over (`on conflict`), so the
 * import's count and total are read back from what it really added.
 */
export async function storeImport(
  db: Database,
  values: { provider: ImportProvider; source: RevenueSource; entries: readonly ImportEntry[] },
): Promise<RevenueImportResult> {
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(revenueImports)
      .values({ provider: values.provider, source: values.source, added: 0, total: '0' })
      .returning({ id: revenueImports.id });
    if (!created) throw new Error('insert returned no import');
    const { id } = created;
    for (const chunk of chunks(values.entries)) {
      const records = JSON.stringify(
        chunk.map((entry) => ({
          amount: entry.amount,
          description: entry.description,
          date: entry.date.toISOString(),
          external_id: entry.externalId,
          currency: entry.currency,
          // A USD payment's original amount is the amount itself: kept null, as a manual entry's.
          original_amount:
            entry.currency === 'USD' && entry.originalAmount === entry.amount ? null : entry.originalAmount,
        })),
      );
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
      // Lets other requests in between two statements (on PGlite, they queue behind this transaction).
      await nextTurn();
    }
    const [stored] = await tx
      .update(revenueImports)
      .set({
        added: sql`(select count(*) from ${revenues} where ${revenues.importId} = ${id})`,
        total: sql`(select coalesce(sum(${revenues.amount}), 0) from ${revenues} where ${revenues.importId} = ${id})`,
      })
      .where(eq(revenueImports.id, id))
      .returning({ added: revenueImports.added, total: revenueImports.total });
    if (!stored) throw new Error('the import vanished');
    return { id, added: stored.added, total: stored.total };
  });
}

function toImport(row: typeof revenueImports.$inferSelect): RevenueImport {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    undoneAt: row.undoneAt ? row.undoneAt.toISOString() : null,
  };
}

/** Every import, newest first. */
export async function listImports(db: Database): Promise<RevenueImport[]> {
  const rows = await db.select().from(revenueImports).orderBy(desc(revenueImports.id));
  return rows.map(toImport);
}

export type UndoOutcome = RevenueImportUndo | 'not-found' | 'already-undone';

/**
 * Deletes the import's entries (edited ones too: they are still the import's), records a 'delete'
 * change for each, marks the import undone and publishes one ledger row for the whole import.
 */
export async function undoImport(db: Database, id: number, now = new Date()): Promise<UndoOutcome> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select().from(revenueImports).where(eq(revenueImports.id, id)).for('update');
    if (!found) return 'not-found';
    if (found.undoneAt) return 'already-undone';
    const [counted] = await tx
      .select({
        removed: sql<number>`count(*)::int`,
        total: sql<string>`coalesce(sum(${revenues.amount}), 0)::numeric(16, 2)::text`,
      })
      .from(revenues)
      .where(eq(revenues.importId, id));
    const removed = counted?.removed ?? 0;
    const total = counted?.total ?? '0.00';
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
    await tx.update(revenueImports).set({ undoneAt: now }).where(eq(revenueImports.id, id));
    const label = IMPORT_PROVIDER_NAMES[found.provider];
    await appendLedger(tx, [
      {
        revenueId: null,
        changeId: null,
        changedAt: now,
        field: 'import',
        oldValue: `${label} import #${id}: ${removed} ${removed === 1 ? 'entry' : 'entries'}, ${total}`,
        newValue: null,
        reason: 'Import undone',
      },
    ]);
    return { id, removed, total };
  });
}
