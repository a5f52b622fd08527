import type { ConnectionProvider } from '@journey/contracts';
import { and, eq, lt, lte, sql } from 'drizzle-orm';
import { firstUnclaimed } from './claims';
import type { Database } from './client';
import { syncJobs } from './schema';

/** The query module of sync_jobs (docs/decisions/077-provider-connections.md). */

export interface ClaimedSync {
  provider: ConnectionProvider;
  /** Null for a first run (the backfill starts from the beginning). */
  cursor: unknown;
  /** 1 on the first try of this run. */
  attempts: number;
}

/** Queues a run now ('Sync now', a new connection); a run under way runs again once it ends. */
export async function requestSync(db: Database, provider: ConnectionProvider, now: Date): Promise<void> {
  await db
    .insert(syncJobs)
    .values({ provider, state: 'queued', nextRunAt: now })
    .onConflictDoUpdate({
      target: syncJobs.provider,
      set: {
        again: sql`${syncJobs.state} = 'running'`,
        nextRunAt: sql`case when ${syncJobs.state} = 'running' then ${syncJobs.nextRunAt} else least(${syncJobs.nextRunAt}, ${now.toISOString()}::timestamptz) end`,
        attempts: sql`case when ${syncJobs.state} = 'running' then ${syncJobs.attempts} else 0 end`,
      },
    });
}

/** A shorter interval holds from now: a queued run waits at most `intervalMs` more. */
export async function shortenSyncWaits(db: Database, intervalMs: number, now: Date): Promise<void> {
  const latest = new Date(now.getTime() + intervalMs).toISOString();
  await db
    .update(syncJobs)
    .set({ nextRunAt: sql`least(${syncJobs.nextRunAt}, ${latest}::timestamptz)` })
    .where(eq(syncJobs.state, 'queued'));
}

/**
 * Every connection reads its whole history again, from the start (rates were loaded for days whose
 * payments were left out): a run under way finishes first, then runs again.
 */
export async function rereadAllSyncs(db: Database, now: Date): Promise<void> {
  await db
    .update(syncJobs)
    .set({
      cursor: sql`case when ${syncJobs.state} = 'running' then ${syncJobs.cursor} else null end`,
      again: sql`${syncJobs.state} = 'running'`,
      attempts: sql`case when ${syncJobs.state} = 'running' then ${syncJobs.attempts} else 0 end`,
      nextRunAt: sql`case when ${syncJobs.state} = 'running' then ${syncJobs.nextRunAt} else ${now.toISOString()}::timestamptz end`,
      state: sql`case when ${syncJobs.state} = 'running' then 'running' else 'queued' end`,
    })
    // Every connection's job, on purpose.
    .where(sql`true`);
}

/**
 * Claims the next sync to run until `claimUntil`: a run whose worker died (its claim lapsed) first,
 * then the one due longest. `FOR UPDATE SKIP LOCKED`: workers in several processes never take the
 * same connection's job.
 */
export async function claimNextSync(db: Database, now: Date, claimUntil: Date): Promise<ClaimedSync | null> {
  const lapsed = firstUnclaimed(
    db,
    syncJobs.provider,
    and(eq(syncJobs.state, 'running'), lt(syncJobs.claimedUntil, now)),
  );
  const due = firstUnclaimed(
    db,
    syncJobs.provider,
    and(eq(syncJobs.state, 'queued'), lte(syncJobs.nextRunAt, now)),
    [syncJobs.nextRunAt],
  );
  for (const next of [lapsed, due]) {
    const [claimed] = await db
      .update(syncJobs)
      .set({ state: 'running', claimedUntil: claimUntil, attempts: sql`${syncJobs.attempts} + 1` })
      .where(eq(syncJobs.provider, sql`(${next})`))
      .returning({ provider: syncJobs.provider, cursor: syncJobs.cursor, attempts: syncJobs.attempts });
    if (claimed) return claimed;
  }
  return null;
}

/** After a page: where to go on from, and the claim extended. False when the claim was lost. */
export async function saveSyncProgress(
  db: Database,
  provider: ConnectionProvider,
  cursor: unknown,
  claimUntil: Date,
): Promise<boolean> {
  const saved = await db
    .update(syncJobs)
    .set({ cursor, claimedUntil: claimUntil })
    .where(and(eq(syncJobs.provider, provider), eq(syncJobs.state, 'running')))
    .returning({ provider: syncJobs.provider });
  return saved.length > 0;
}

/**
 * A run that ended: the next one is due at `nextRunAt` (the schedule after a good run, the backoff
 * after a failed one), or now when 'Sync now' was asked meanwhile. `cursor` is what the next run starts
 * from (after a good run, the client's mark for an incremental sync).
 */
export async function endSyncRun(
  db: Database,
  provider: ConnectionProvider,
  outcome: { cursor: unknown; nextRunAt: Date; failed: boolean; now: Date },
): Promise<void> {
  await db
    .update(syncJobs)
    .set({
      state: 'queued',
      cursor: outcome.cursor,
      claimedUntil: null,
      again: false,
      attempts: outcome.failed ? syncJobs.attempts : 0,
      nextRunAt: sql`case when ${syncJobs.again} then ${outcome.now.toISOString()}::timestamptz else ${outcome.nextRunAt.toISOString()}::timestamptz end`,
    })
    .where(eq(syncJobs.provider, provider));
}

/**
 * Gives back every sync claim, keeping each run's cursor. Only for the embedded database at start-up,
 * as `releaseAllClaims` for mail: a claim found then is a dead process's, and the run goes on at once.
 */
export async function releaseSyncClaims(db: Database, now: Date): Promise<number> {
  const released = await db
    .update(syncJobs)
    .set({ state: 'queued', claimedUntil: null, nextRunAt: now })
    .where(eq(syncJobs.state, 'running'))
    .returning({ provider: syncJobs.provider });
  return released.length;
}
