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
 * Each entry carries the product and price the provider says it paid for, which experiment rules match
 * (docs/decisions/082-experiment-money.md); an entry stored without them gets them when read with them.
 */

export interface SyncedRevenue {
  externalId: string;
  /** USD, a decimal string; negative for a refund or an adjustment. */
  amount: string;
  originalAmount: string;
  currency: string;
  date: Date;
  description: string;
  /** The provider's ids of what was paid for (its first line's, when it has several), or null. */
  productId: string | null;
  priceId: string | null;
}

/** A USD payment's original amount is the amount itself: kept null, as a manual entry's. */
const storedOriginalAmount = (entry: SyncedRevenue) =>
  entry.currency === 'USD' && entry.originalAmount === entry.amount ? null : entry.originalAmount;

/**
 * The entries added (transaction ids not stored yet), those corrected, and those given the product and
 * price they were stored without (no published value changes, so no history row).
 */
export async function storeSyncedRevenue(
  db: Database,
  values: {
    provider: ConnectionProvider;
    source: RevenueSource;
    provenance: 'sync' | 'webhook';
    entries: readonly SyncedRevenue[];
  },
): Promise<{ added: number; corrected: number; labelled: number }> {
  if (values.entries.length === 0) return { added: 0, corrected: 0, labelled: 0 };
  const records = JSON.stringify(
    values.entries.map((entry) => ({
      external_id: entry.externalId,
      amount: entry.amount,
      original_amount: storedOriginalAmount(entry),
      currency: entry.currency,
      date: entry.date.toISOString(),
      description: entry.description,
      product_id: entry.productId,
      price_id: entry.priceId,
    })),
  );
  const recorded = await db.transaction(async (tx) => {
    const rows = await tx.execute<RecordedChangeRow>(sql`
      with added as (
        insert into revenues (amount, source, description, date, provider, external_id, provenance, currency,
          original_amount, product_id, price_id)
        select r.amount, ${values.source}, r.description, r.date, ${values.provider}, r.external_id,
          ${values.provenance}, r.currency, r.original_amount, r.product_id, r.price_id
        from jsonb_to_recordset(${records}::jsonb)
          as r(external_id text, amount numeric, original_amount numeric, currency text, date timestamptz,
            description text, product_id text, price_id text)
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
  if (added === values.entries.length) return { added, corrected: 0, labelled: 0 };
  return { added, ...(await correctSyncedRevenue(db, values)) };
}

/**
 * Brings stored entries in line with what the provider now reports: the count of those whose amount or
 * date changed, and of those that only gained their product and price.
 */
async function correctSyncedRevenue(
  db: Database,
  values: { provider: ConnectionProvider; entries: readonly SyncedRevenue[] },
): Promise<{ corrected: number; labelled: number }> {
  const byId = new Map(values.entries.map((entry) => [entry.externalId, entry]));
  const stored = await db
    .select({
      id: revenues.id,
      externalId: revenues.externalId,
      amount: revenues.amount,
      date: revenues.date,
      productId: revenues.productId,
      priceId: revenues.priceId,
    })
    .from(revenues)
    .where(and(eq(revenues.provider, values.provider), inArray(revenues.externalId, [...byId.keys()])))
    .orderBy(revenues.id);
  const stale: { row: (typeof stored)[number]; entry: SyncedRevenue }[] = [];
  const unlabelled: { id: number; entry: SyncedRevenue }[] = [];
  for (const row of stored) {
    const entry = byId.get(row.externalId ?? '');
    if (!entry) continue;
    if (Number(row.amount) !== Number(entry.amount) || row.date.getTime() !== entry.date.getTime()) {
      stale.push({ row, entry });
    } else if (newLabel(row, entry)) unlabelled.push({ id: row.id, entry });
  }
  // Only the rows that need it: an update, even of no row, would notify and empty the cached answers.
  for (const { id, entry } of unlabelled) {
    await db.update(revenues).set(labelOf(entry)).where(eq(revenues.id, id));
  }
  for (const { row, entry } of stale) {
    await db.transaction(async (tx) => {
      const [old] = await tx.select().from(revenues).where(eq(revenues.id, row.id)).for('update');
      if (!old) return;
      const [updated] = await tx
        .update(revenues)
        .set({
          amount: entry.amount,
          originalAmount: storedOriginalAmount(entry),
          date: entry.date,
          ...(newLabel(old, entry) ? labelOf(entry) : {}),
        })
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
  return { corrected: stale.length, labelled: unlabelled.length };
}

/**
 * Whether the provider now names a product or price the stored entry lacks or names otherwise; an
 * entry read without them (a lookup the key may not make) keeps what it has.
 */
const newLabel = (row: { productId: string | null; priceId: string | null }, entry: SyncedRevenue) =>
  (entry.productId !== null || entry.priceId !== null) &&
  (row.productId !== entry.productId || row.priceId !== entry.priceId);

const labelOf = (entry: SyncedRevenue) => ({ productId: entry.productId, priceId: entry.priceId });
