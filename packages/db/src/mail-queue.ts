import { and, eq, inArray, lt, lte, notExists, sql } from 'drizzle-orm';
import type { Database } from './client';
import { broadcasts, mailQueue, subscribers, type MAIL_KINDS } from './schema';

/** One message the worker has claimed: what to build and to whom. */
export interface ClaimedMail {
  id: number;
  kind: (typeof MAIL_KINDS)[number];
  subscriberId: number | null;
  broadcastId: number | null;
  auditEventId: number | null;
  recipient: string;
  linkOrigin: string;
  /** 1 on the first try. */
  attempts: number;
  /** When it was queued: with the id, what its Message-ID is made of. */
  createdAt: Date;
}

const claimedColumns = {
  id: mailQueue.id,
  kind: mailQueue.kind,
  subscriberId: mailQueue.subscriberId,
  broadcastId: mailQueue.broadcastId,
  auditEventId: mailQueue.auditEventId,
  recipient: mailQueue.recipient,
  linkOrigin: mailQueue.linkOrigin,
  attempts: mailQueue.attempts,
  createdAt: mailQueue.createdAt,
};

/** A recipient's domain, lower-cased, in SQL: what MAIL_RATE_PER_DOMAIN_PER_MINUTE counts by. */
const recipientDomain = sql`lower(split_part(${mailQueue.recipient}, '@', 2))`;

/**
 * Claims up to `limit` messages to send until `claimUntil`, in one statement per kind of row
 * (docs/decisions/040-newsletter-delivery.md, 090-sending-at-list-scale.md): claims that lapsed (their
 * worker died mid-send) first, then the oldest due ones, confirmations, tests and security notices
 * before broadcast mail. `FOR UPDATE SKIP LOCKED` lets workers in several processes claim at once
 * without waiting for, or taking, each other's rows. Broadcast rows to `skipDomains` (over this
 * process's per-domain rate) are left where they are, keeping their place. Returned in the order to send them.
 */
export async function claimMail(
  db: Database,
  input: { now: Date; claimUntil: Date; limit: number; skipDomains?: readonly string[] },
): Promise<ClaimedMail[]> {
  const { now, claimUntil } = input;
  const skip =
    input.skipDomains && input.skipDomains.length > 0
      ? sql`(${mailQueue.kind} <> 'broadcast' or ${recipientDomain} not in (${sql.join(
          input.skipDomains.map((domain) => sql`${domain}`),
          sql`, `,
        )}))`
      : undefined;
  const kinds = [
    {
      where: and(eq(mailQueue.status, 'sending'), lt(mailQueue.claimedUntil, now), skip),
      order: [mailQueue.id],
    },
    {
      where: and(eq(mailQueue.status, 'queued'), lte(mailQueue.nextAttemptAt, now), skip),
      order: [sql`${mailQueue.kind} = 'broadcast'`, mailQueue.nextAttemptAt, mailQueue.id],
    },
  ];
  const claimed: ClaimedMail[] = [];
  for (const { where, order } of kinds) {
    const room = input.limit - claimed.length;
    if (room <= 0) break;
    const next = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      .where(where)
      .orderBy(...order)
      .limit(room)
      .for('update', { skipLocked: true });
    const rows = await db
      .update(mailQueue)
      .set({ status: 'sending', claimedUntil: claimUntil, attempts: sql`${mailQueue.attempts} + 1` })
      .where(inArray(mailQueue.id, next))
      .returning(claimedColumns);
    // RETURNING keeps no order: the priority again, then the queue's order.
    rows.sort((a, b) => Number(a.kind === 'broadcast') - Number(b.kind === 'broadcast') || a.id - b.id);
    claimed.push(...rows);
  }
  return claimed;
}

/** The next message to send, or null: `claimMail` for one. */
export async function claimNextMail(db: Database, now: Date, claimUntil: Date): Promise<ClaimedMail | null> {
  const [claimed] = await claimMail(db, { now, claimUntil, limit: 1 });
  return claimed ?? null;
}

/**
 * Gives back claimed messages that were never handed to SMTP (a stop, a domain over its rate): queued
 * again as they were, their place and their count of tries unchanged.
 */
export async function releaseMail(db: Database, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailQueue)
    .set({ status: 'queued', claimedUntil: null, attempts: sql`greatest(${mailQueue.attempts} - 1, 0)` })
    .where(and(inArray(mailQueue.id, [...ids]), eq(mailQueue.status, 'sending')));
}

export async function markMailSent(db: Database, id: number, now: Date): Promise<void> {
  await db
    .update(mailQueue)
    .set({ status: 'sent', sentAt: now, claimedUntil: null, lastError: null })
    .where(eq(mailQueue.id, id));
}

/** A temporary failure: tried again at `retryAt`. */
export async function retryMail(db: Database, id: number, retryAt: Date, error: string): Promise<void> {
  await db
    .update(mailQueue)
    .set({ status: 'queued', nextAttemptAt: retryAt, claimedUntil: null, lastError: error })
    .where(eq(mailQueue.id, id));
}

/** A permanent failure (a 5xx reply, or too many tries): never tried again. */
export async function failMail(db: Database, id: number, error: string): Promise<void> {
  await db
    .update(mailQueue)
    .set({ status: 'failed', claimedUntil: null, lastError: error })
    .where(eq(mailQueue.id, id));
}

/** A message that must not go out after all (its subscriber left while it was claimed). */
export async function dropMail(db: Database, id: number): Promise<void> {
  await db.delete(mailQueue).where(eq(mailQueue.id, id));
}

/**
 * Gives back every claim at once. Only for the embedded database at start-up: PGlite's data directory
 * is one process's, so a claim found then belongs to a process that died and no one else can finish it.
 */
export async function releaseAllClaims(db: Database): Promise<number> {
  const released = await db
    .update(mailQueue)
    .set({ status: 'queued', claimedUntil: null })
    .where(eq(mailQueue.status, 'sending'))
    .returning({ id: mailQueue.id });
  return released.length;
}

/**
 * Queues the broadcast to every confirmed subscriber and marks it sending, in one transaction; the
 * unique (broadcast, subscriber) index makes a second request queue no one twice. Null when the
 * broadcast does not exist; false when it was sent already.
 */
export async function queueBroadcast(
  db: Database,
  input: { broadcastId: number; linkOrigin: string; now: Date },
): Promise<boolean | null> {
  return db.transaction(async (tx) => {
    const [broadcast] = await tx
      .update(broadcasts)
      .set({ status: 'sending', sentAt: input.now, updatedAt: input.now })
      .where(and(eq(broadcasts.id, input.broadcastId), eq(broadcasts.status, 'draft')))
      .returning({ id: broadcasts.id });
    if (!broadcast) {
      const [exists] = await tx
        .select({ id: broadcasts.id })
        .from(broadcasts)
        .where(eq(broadcasts.id, input.broadcastId));
      return exists ? false : null;
    }
    await tx.execute(sql`
      insert into ${mailQueue} (kind, subscriber_id, broadcast_id, recipient, link_origin, next_attempt_at)
      select 'broadcast', ${subscribers.id}, ${input.broadcastId}, ${subscribers.email}, ${input.linkOrigin}, ${input.now.toISOString()}::timestamptz
      from ${subscribers} where ${subscribers.status} = 'confirmed'
      on conflict do nothing`);
    return true;
  });
}

/** Queues one test of a broadcast to the admin. */
export async function queueTestMail(
  db: Database,
  input: { broadcastId: number; recipient: string; linkOrigin: string; now: Date },
): Promise<void> {
  await db.insert(mailQueue).values({
    kind: 'test',
    broadcastId: input.broadcastId,
    recipient: input.recipient,
    linkOrigin: input.linkOrigin,
    nextAttemptAt: input.now,
  });
}

/**
 * Broadcasts whose last message has gone (sent or failed) become `sent`. The idle worker asks on every
 * turn, so it updates only when there is one: an UPDATE of no row still fires the statement trigger
 * that tells every process to drop the archive's cached answers.
 */
export async function finishSentBroadcasts(db: Database): Promise<void> {
  const unfinished = db
    .select({ id: mailQueue.id })
    .from(mailQueue)
    .where(and(eq(mailQueue.broadcastId, broadcasts.id), inArray(mailQueue.status, ['queued', 'sending'])));
  const finished = and(eq(broadcasts.status, 'sending'), notExists(unfinished));
  const ids = (await db.select({ id: broadcasts.id }).from(broadcasts).where(finished)).map((row) => row.id);
  if (ids.length === 0) return;
  await db
    .update(broadcasts)
    .set({ status: 'sent' })
    .where(and(inArray(broadcasts.id, ids), finished));
}
