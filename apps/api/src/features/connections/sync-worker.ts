import {
  claimNextSync,
  connectionCredentials,
  endSyncRun,
  recordSyncOutcome,
  saveSyncProgress,
  storeSyncedRevenue,
  type ClaimedSync,
  type Database,
} from '@journey/db';
import type { FastifyBaseLogger } from 'fastify';
import { ConnectionKeyError, RetryLaterError, type ProviderClient } from './provider-client';
import { settleInUsd } from './settle-in-usd';
import type { SecretBox } from './secret-box';
import type { ConnectionProvider } from '@journey/contracts';
import { startJobLoop } from '../jobs/job-loop';
import { noteSkipped } from './note-skipped';

/** The longest backoff after failed runs in a row. */
const MAX_BACKOFF_MS = 60 * 60 * 1000;

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
        const { added, corrected } = await storeSyncedRevenue(db, {
          provider,
          source: credentials.source,
          provenance: 'sync',
          entries: settled.entries,
        });
        if (added + corrected > 0) options.onEntriesChanged();
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
      await recordSyncOutcome(db, provider, { status: 'ok', syncedAt: now(), accountId });
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
