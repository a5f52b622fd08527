import type { ConnectionProvider, SkippedItem } from '@journey/contracts';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import { syncSkipped } from './schema';

/** The query module of sync_skipped (docs/decisions/077-provider-connections.md). */

/** How many skipped transactions the Connections tab lists, newest first. */
export const SKIPPED_LIST_LIMIT = 200;

/** Records what was read and not made an entry; seen again, its reason and time are updated. */
export async function recordSkipped(
  db: Database,
  provider: ConnectionProvider,
  items: readonly { externalId: string; reason: string }[],
  now: Date,
): Promise<void> {
  if (items.length === 0) return;
  // One row per transaction: a page may name one twice (a payment and its refund read together).
  const unique = [...new Map(items.map((item) => [item.externalId, item])).values()];
  await db
    .insert(syncSkipped)
    .values(
      unique.map((item) => ({ provider, externalId: item.externalId, reason: item.reason, seenAt: now })),
    )
    .onConflictDoUpdate({
      target: [syncSkipped.provider, syncSkipped.externalId],
      set: { reason: sql`excluded.reason`, seenAt: sql`excluded.seen_at` },
    });
}

/** Forgets the skipped transactions that became entries (a rate arrived, say). */
export async function forgetSkipped(
  db: Database,
  provider: ConnectionProvider,
  externalIds: readonly string[],
): Promise<void> {
  if (externalIds.length === 0) return;
  await db
    .delete(syncSkipped)
    .where(and(eq(syncSkipped.provider, provider), inArray(syncSkipped.externalId, [...externalIds])));
}

/** The newest skipped transactions of every connection, and how many each has in all. */
export async function listSkipped(
  db: Database,
): Promise<{ skipped: SkippedItem[]; skippedCounts: Partial<Record<ConnectionProvider, number>> }> {
  const [rows, counts] = await Promise.all([
    db
      .select()
      .from(syncSkipped)
      .orderBy(desc(syncSkipped.seenAt), syncSkipped.externalId)
      .limit(SKIPPED_LIST_LIMIT),
    db
      .select({ provider: syncSkipped.provider, skipped: count() })
      .from(syncSkipped)
      .groupBy(syncSkipped.provider),
  ]);
  return {
    skipped: rows.map((row) => ({ ...row, seenAt: row.seenAt.toISOString() })),
    skippedCounts: Object.fromEntries(counts.map((row) => [row.provider, row.skipped])),
  };
}
