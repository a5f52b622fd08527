import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * The queues' claim (mail-queue.ts, sync-jobs.ts): the key of the first row that `where` finds,
 * locked for the claiming update, skipping rows another process holds (`FOR UPDATE SKIP LOCKED`), so
 * workers in several processes never claim the same row nor wait for each other.
 */
export function firstUnclaimed(
  db: Database,
  key: PgColumn,
  where: SQL | undefined,
  order: (PgColumn | SQL)[] = [],
) {
  return db
    .select({ key })
    .from(key.table as PgTable)
    .where(where)
    .orderBy(...order)
    .limit(1)
    .for('update', { skipLocked: true });
}
