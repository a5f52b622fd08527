import type { ConnectionProvider, RevenueSource } from '@journey/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import { publishRecordedChanges, recordRevenueChange, type RecordedChangeRow } from './revenue-history';
import { storedSnapshotOf, storedSnapshotSql } from './revenues';
import { revenues } from './schema';

/**
 * Entries read from a payment provider (docs/decisions/077-provider-connections.md), stored with a
 * 'create' change and a ledger row each, like an import's. A provider's transaction id is stored once: a page read
 * again (a run resumed after a crash, a webhook and the sync seeing the same payment) adds nothing.
 * A transaction the provider reports with another amount or date than stored (a refund entry whose
 * total grew with a second partial refund) is corrected, through the history and the public ledger.
 */

export interface SyncedRevenue {
  externalId: string;
  /** USD, a decimal string; negative for a refund or an adjustment. */
  amount: string;
  originalAmount: string;
  currency: string;
  date: Date;
  description: string;
}

/** A USD payment's original amount is the amount itself: kept null, as a manual entry's. */
const storedOriginalAmount = (entry: SyncedRevenue) =>
  entry.currency === 'USD' && entry.originalAmount === entry.amount ? null : entry.originalAmount;

/** The entries added (transaction ids not stored yet) and those corrected. */
export async function storeSyncedRevenue(
  db: Database,
  values: {
    provider: ConnectionProvider;
    source: RevenueSource;
    provenance: 'sync' | 'webhook';
    entries: readonly SyncedRevenue[];
  },
): Promise<{ added: number; corrected: number }> {
  if (values.entries.length === 0) return { added: 0, corrected: 0 };
  const records = JSON.stringify(
    values.entries.map((entry) => ({
      external_id: entry.externalId,
      amount: entry.amount,
      original_amount: storedOriginalAmount(entry),
      currency: entry.currency,
      date: entry.date.toISOString(),
      description: entry.description,
    })),
  );
  const recorded = await db.transaction(async (tx) => {
    const rows = await tx.execute<RecordedChangeRow>(sql`
      with added as (
        insert into revenues (amount, source, description, date, provider, external_id, provenance, currency, original_amount)
        select r.amount, ${values.source}, r.description, r.date, ${values.provider}, r.external_id,
          ${values.provenance}, r.currency, r.original_amount
        from jsonb_to_recordset(${records}::jsonb)
          as r(external_id text, amount numeric, original_amount numeric, currency text, date timestamptz, description text)
        on conflict (provider, external_id) do nothing
        returning *
      )
      insert into revenue_changes (revenue_id, action, after)
      select added.id, 'create', ${storedSnapshotSql('added')} from added
      returning *`);
    await publishRecordedChanges(tx, rows);
    return rows;
  });
  const added = recorded.length;
  const corrected = added === values.entries.length ? 0 : await correctSyncedRevenue(db, values);
  return { added, corrected };
}

/** Brings stored entries in line with what the provider now reports; the count of those changed. */
async function correctSyncedRevenue(
  db: Database,
  values: { provider: ConnectionProvider; entries: readonly SyncedRevenue[] },
): Promise<number> {
  const byId = new Map(values.entries.map((entry) => [entry.externalId, entry]));
  const stored = await db
    .select({
      id: revenues.id,
      externalId: revenues.externalId,
      amount: revenues.amount,
      date: revenues.date,
    })
    .from(revenues)
    .where(and(eq(revenues.provider, values.provider), inArray(revenues.externalId, [...byId.keys()])));
  const stale = stored.flatMap((row) => {
    const entry = byId.get(row.externalId ?? '');
    const changed =
      entry && (Number(row.amount) !== Number(entry.amount) || row.date.getTime() !== entry.date.getTime());
    return changed ? [{ row, entry }] : [];
  });
  for (const { row, entry } of stale) {
    await db.transaction(async (tx) => {
      const [old] = await tx.select().from(revenues).where(eq(revenues.id, row.id)).for('update');
      if (!old) return;
      const [updated] = await tx
        .update(revenues)
        .set({ amount: entry.amount, originalAmount: storedOriginalAmount(entry), date: entry.date })
        .where(eq(revenues.id, row.id))
        .returning();
      if (!updated) return;
      await recordRevenueChange(tx, {
        revenueId: row.id,
        action: 'update',
        before: storedSnapshotOf(old),
        after: storedSnapshotOf(updated),
        reason: `${values.provider} reported a changed amount for ${entry.externalId}`,
      });
    });
  }
  return stale.length;
}
