import {
  claimNextSync,
  connectionCredentials,
  endSyncRun,
  noteSubscriptionPeriodsUnread,
  recordSyncOutcome,
  saveSyncProgress,
  storeSyncedRevenue,
  type ClaimedSync,
  type Database,
} from '@journey/db';
import type { FastifyBaseLogger } from 'fastify';
import {
  ConnectionKeyError,
  RetryLaterError,
  type PeriodsRead,
  type ProviderClient,
} from './provider-client';
import { settleInUsd } from './settle-in-usd';
import type { SecretBox } from './secret-box';
import type { ConnectionProvider } from '@journey/contracts';
import { startJobLoop } from '../jobs/job-loop';
import { noteSkipped } from './note-skipped';
import { storePeriodsRead } from './periods';

/** The longest backoff after failed runs in a row. */
const MAX_BACKOFF_MS = 60 * 60 * 1000;
/**
 * Subscription periods are read in full at a process's first run and then once a day, since a refund
 * voids an old invoice's period; in between, each run reads what was billed since the last read began,
 * less this overlap for objects listed late (docs/decisions/077-provider-connections.md).
 */
const PERIODS_FULL_READ_EVERY_MS = 24 * 60 * 60 * 1000;
const PERIODS_OVERLAP_MS = 60 * 60 * 1000;

export interface SyncWorkerOptions {
  db: Database;
  box: SecretBox;
  clients: Partial<Record<ConnectionProvider, ProviderClient>>;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Between the end of a good run and the next (a setting: 15 minutes unless changed). */
  intervalMs: () => Promise<number>;
  /** How long a claimed run may go without progress before another worker takes it over. */
  claimTimeoutMs: number;
  /** The first retry's delay after a failed run; it doubles with every further one. */
  retryBaseMs: number;
  /** Called after entries were added or corrected, so cached public answers are rebuilt. */
  onEntriesChanged: () => void;
}

export interface SyncWorker {
  /** A sync was queued: look now instead of at the next poll. */
  wake(): void;
  /** Stops after the page in flight, leaving the run to resume where it stopped. */
  stop(): Promise<void>;
}

/**
 * The sync loop of one process (docs/decisions/077-provider-connections.md): claim a due connection,
 * read its history page by page, store each page's entries and save the cursor, then schedule the next
 * run. The claim is extended with each page; a worker that dies leaves a lapsed claim another takes
 * over from the last saved cursor, and entries already stored are not stored again.
 */
export function startSyncWorker(options: SyncWorkerOptions): SyncWorker {
  const { db, now, log } = options;

  const claimUntil = () => new Date(now().getTime() + options.claimTimeoutMs);
  const after = (ms: number) => new Date(now().getTime() + ms);
  /** When this process last began a read of each provider's periods, and its last full one. */
  const periodReads = new Map<ConnectionProvider, { startedAt: number; fullAt: number }>();

  /**
   * Reads and stores a provider's subscription periods; returns why they could not be read (a key
   * without the permission), which the run's outcome then shows, or null.
   */
  async function syncPeriods(client: ProviderClient, apiKey: string): Promise<string | null> {
    if (!client.readSubscriptionPeriods) return null;
    const { provider } = client;
    const startedAt = now().getTime();
    const last = periodReads.get(provider);
    const full = !last || startedAt - last.fullAt >= PERIODS_FULL_READ_EVERY_MS;
    const since = full ? null : new Date(last.startedAt - PERIODS_OVERLAP_MS);
    let read;
    try {
      read = await client.readSubscriptionPeriods(apiKey, since);
    } catch (error) {
      // A rate limit ends the run until its Retry-After; a refused key fails it, as for the revenue.
      if (error instanceof RetryLaterError || error instanceof ConnectionKeyError) throw error;
      // Anything else leaves the revenue just read standing: the next run reads the periods again.
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ provider, reason }, 'subscription periods not read');
      return `Revenue synced, but its subscriptions could not be read: ${reason}`.slice(0, 500);
    }
    if (read.unreadable !== null) {
      log.warn({ provider, reason: read.unreadable }, 'subscription periods not read');
      return read.unreadable;
    }
    await storePeriods(provider, read);
    periodReads.set(provider, { startedAt, fullAt: full ? startedAt : (last?.fullAt ?? startedAt) });
    return null;
  }

  /** Stores what a read of periods found, and has cached answers rebuilt when anything changed. */
  async function storePeriods(provider: ConnectionProvider, read: PeriodsRead): Promise<void> {
    if ((await storePeriodsRead(db, log, provider, read, now())) > 0) options.onEntriesChanged();
  }

  async function runSync(job: ClaimedSync): Promise<void> {
    const { provider } = job;
    const client = options.clients[provider];
    const credentials = await connectionCredentials(db, provider);
    if (!client || !credentials) {
      await endSyncRun(db, provider, {
        cursor: job.cursor,
        nextRunAt: after(MAX_BACKOFF_MS),
        failed: true,
        now: now(),
      });
      return;
    }
    let cursor = job.cursor;
    try {
      const apiKey = options.box.open(credentials.apiKeySealed);
      let accountId: string | null = null;
      for (;;) {
        const page = await client.readPage(apiKey, cursor);
        accountId = page.accountId ?? accountId;
        const settled = await settleInUsd(db, page.entries);
        const { added, corrected, labelled } = await storeSyncedRevenue(db, {
          provider,
          source: credentials.source,
          provenance: 'sync',
          entries: settled.entries,
        });
        if (added + corrected + labelled > 0) options.onEntriesChanged();
        if (page.periods) await storePeriods(provider, page.periods);
        const skipped = [...page.skipped, ...settled.skipped];
        await noteSkipped(db, provider, settled.entries, skipped, now());
        cursor = page.cursor;
        if (!(await saveSyncProgress(db, provider, cursor, claimUntil()))) return;
        if (page.done) break;
        if (loop.stopped) {
          // Resumed at once by the next process, from the saved cursor.
          await endSyncRun(db, provider, { cursor, nextRunAt: now(), failed: false, now: now() });
          return;
        }
      }
      const periodsUnread = await syncPeriods(client, apiKey);
      await recordSyncOutcome(db, provider, { status: 'ok', syncedAt: now(), accountId });
      if (periodsUnread !== null) await noteSubscriptionPeriodsUnread(db, provider, periodsUnread);
      await endSyncRun(db, provider, {
        cursor,
        nextRunAt: after(await options.intervalMs()),
        failed: false,
        now: now(),
      });
    } catch (error) {
      if (error instanceof RetryLaterError) {
        log.info({ provider, retryAfterMs: error.retryAfterMs }, 'the provider asked to wait');
        await endSyncRun(db, provider, {
          cursor,
          nextRunAt: after(error.retryAfterMs),
          failed: false,
          now: now(),
        });
        return;
      }
      const rejected = error instanceof ConnectionKeyError;
      const message = error instanceof Error ? error.message : String(error);
      const delay = Math.min(options.retryBaseMs * 2 ** (job.attempts - 1), MAX_BACKOFF_MS);
      log.warn({ provider, reason: message, retryInMs: delay }, 'sync failed');
      await recordSyncOutcome(db, provider, {
        status: rejected ? 'key-rejected' : 'failing',
        error: message,
      });
      await endSyncRun(db, provider, { cursor, nextRunAt: after(delay), failed: true, now: now() });
    }
  }

  const loop = startJobLoop({
    log,
    name: 'the sync worker',
    turn: async () => {
      const job = await claimNextSync(db, now(), claimUntil());
      if (job) await runSync(job);
      return job !== null;
    },
  });
  return { wake: () => loop.wake(), stop: () => loop.stop() };
}
