import {
  CURRENT_CONSENT_VERSION,
  type ReaderExport,
  type SubscriberImportResult,
  type SubscriberStatus,
} from '@journey/contracts';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from './client';
import { broadcasts, mailQueue, subscribers, subscriberTokens } from './schema';

/** Addresses asked about, or rows written, per statement: far under PostgreSQL's 65,535 parameters. */
const BATCH = 1_000;

/** A row of another service's export, as it is to be stored (docs/decisions/096-subscriber-import.md). */
export interface SubscriberImportEntry {
  email: string;
  status: SubscriberStatus;
  /** The consent evidence kept; null for a pending row. */
  consentSource: string | null;
  /** When the reader signed up there, if the export says; else the import's time. */
  createdAt: Date | null;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
}

function* batches<T>(items: readonly T[]): Generator<T[]> {
  for (let start = 0; start < items.length; start += BATCH) yield items.slice(start, start + BATCH);
}

/** Which of these addresses (already normalised) are on the list, whatever their status. */
export async function subscribersOnList(db: Database, emails: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const batch of batches([...new Set(emails)])) {
    const rows = await db
      .select({ email: subscribers.email })
      .from(subscribers)
      .where(inArray(subscribers.email, batch));
    for (const row of rows) found.add(row.email);
  }
  return found;
}

/**
 * Stores an import in one transaction: every new address with its status and evidence, and for each
 * pending one a confirmation mail in the queue (never a broadcast). An address that reached the list
 * since the plan was made is left as it is and counted as already there: never downgraded, never
 * mailed again.
 */
export async function storeSubscriberImport(
  db: Database,
  input: { entries: readonly SubscriberImportEntry[]; linkOrigin: string; now: Date },
): Promise<SubscriberImportResult> {
  const { now } = input;
  return db.transaction(async (tx) => {
    const result: SubscriberImportResult = {
      added: 0,
      confirmed: 0,
      pending: 0,
      unsubscribed: 0,
      alreadyOnList: 0,
      confirmationsQueued: 0,
    };
    for (const batch of batches(input.entries)) {
      const added = await tx
        .insert(subscribers)
        .values(
          batch.map((entry) => ({
            email: entry.email,
            consent: 1,
            status: entry.status,
            consentVersion: CURRENT_CONSENT_VERSION,
            consentSource: entry.consentSource,
            createdAt: entry.createdAt ?? now,
            confirmedAt: entry.confirmedAt,
            unsubscribedAt: entry.unsubscribedAt ?? (entry.status === 'unsubscribed' ? now : null),
            // The hourly limit and the list hygiene's 30 days count from this mail.
            confirmationQueuedAt: entry.status === 'pending' ? now : null,
            importedAt: now,
          })),
        )
        .onConflictDoNothing({ target: subscribers.email })
        .returning({ id: subscribers.id, email: subscribers.email, status: subscribers.status });
      result.added += added.length;
      result.alreadyOnList += batch.length - added.length;
      for (const row of added) result[row.status]++;
      const pending = added.filter((row) => row.status === 'pending');
      if (pending.length > 0) {
        await tx.insert(mailQueue).values(
          pending.map((row) => ({
            kind: 'confirmation' as const,
            subscriberId: row.id,
            recipient: row.email,
            linkOrigin: input.linkOrigin,
            nextAttemptAt: now,
          })),
        );
        result.confirmationsQueued += pending.length;
      }
    }
    return result;
  });
}

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** Everything kept for one address (a reader's access request); null for an unknown id. */
export async function readerExport(db: Database, id: number, now: Date): Promise<ReaderExport | null> {
  const [row] = await db.select().from(subscribers).where(eq(subscribers.id, id));
  if (!row) return null;
  const tokens = await db
    .select({ purpose: subscriberTokens.purpose, count: sql<number>`count(*)::int` })
    .from(subscriberTokens)
    .where(eq(subscriberTokens.subscriberId, id))
    .groupBy(subscriberTokens.purpose);
  const mail = await db
    .select({
      kind: mailQueue.kind,
      status: mailQueue.status,
      subject: broadcasts.subject,
      createdAt: mailQueue.createdAt,
      sentAt: mailQueue.sentAt,
    })
    .from(mailQueue)
    .leftJoin(broadcasts, eq(broadcasts.id, mailQueue.broadcastId))
    .where(eq(mailQueue.subscriberId, id))
    .orderBy(asc(mailQueue.createdAt), asc(mailQueue.id));
  const countOf = (purpose: string) => tokens.find((token) => token.purpose === purpose)?.count ?? 0;
  return {
    subscriber: {
      id: row.id,
      email: row.email,
      status: row.status,
      consent: row.consent,
      consentVersion: row.consentVersion,
      consentSource: row.consentSource,
      createdAt: row.createdAt.toISOString(),
      confirmedAt: iso(row.confirmedAt),
      unsubscribedAt: iso(row.unsubscribedAt),
      confirmationQueuedAt: iso(row.confirmationQueuedAt),
      importedAt: iso(row.importedAt),
    },
    tokens: { confirm: countOf('confirm'), unsubscribe: countOf('unsubscribe') },
    mail: mail.map((item) => ({
      kind: item.kind,
      status: item.status,
      subject: item.subject,
      createdAt: item.createdAt.toISOString(),
      sentAt: iso(item.sentAt),
    })),
    exportedAt: now.toISOString(),
  };
}
