import type { ConnectionProvider, RevenueSource } from '@journey/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { storedSnapshotSql } from './revenues';

/**
 * Entries read from a payment provider (docs/decisions/077-provider-connections.md), stored with a
 * 'create' change each, like an import's. A provider's transaction id is stored once: a page read
 * again (a run resumed after a crash, a webhook and the sync seeing the same payment) adds nothing.
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

/** The entries added: those whose transaction id was not stored yet. */
export async function storeSyncedRevenue(
  db: Database,
  values: {
    provider: ConnectionProvider;
    source: RevenueSource;
    provenance: 'sync' | 'webhook';
    entries: readonly SyncedRevenue[];
  },
): Promise<{ added: number }> {
  if (values.entries.length === 0) return { added: 0 };
  const records = JSON.stringify(
    values.entries.map((entry) => ({
      external_id: entry.externalId,
      amount: entry.amount,
      // A USD payment's original amount is the amount itself: kept null, as a manual entry's.
      original_amount:
        entry.currency === 'USD' && entry.originalAmount === entry.amount ? null : entry.originalAmount,
      currency: entry.currency,
      date: entry.date.toISOString(),
      description: entry.description,
    })),
  );
  const result = await db.execute<{ added: number }>(sql`
    with added as (
      insert into revenues (amount, source, description, date, provider, external_id, provenance, currency, original_amount)
      select r.amount, ${values.source}, r.description, r.date, ${values.provider}, r.external_id,
        ${values.provenance}, r.currency, r.original_amount
      from jsonb_to_recordset(${records}::jsonb)
        as r(external_id text, amount numeric, original_amount numeric, currency text, date timestamptz, description text)
      on conflict (provider, external_id) do nothing
      returning *
    ), changes as (
      insert into revenue_changes (revenue_id, action, after)
      select added.id, 'create', ${storedSnapshotSql('added')} from added
      returning 1
    )
    select count(*)::int as added from changes`);
  return { added: Number(result[0]?.added ?? 0) };
}
