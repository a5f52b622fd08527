import type { ConnectionProvider } from '@journey/contracts';
import { forgetSkipped, recordSkipped, type Database } from '@journey/db';
import type { SkippedTransaction } from './provider-client';

/**
 * After a page or an event: what it skipped is listed for the owner with its reason, and what it made
 * entries of leaves that list (a payment that waited for its exchange rate, say).
 */
export async function noteSkipped(
  db: Database,
  provider: ConnectionProvider,
  entries: readonly { externalId: string }[],
  skipped: readonly SkippedTransaction[],
  now: Date,
): Promise<void> {
  await forgetSkipped(
    db,
    provider,
    entries.map((entry) => entry.externalId),
  );
  await recordSkipped(db, provider, skipped, now);
}
