import type { Broadcast, BroadcastCounts } from '@journey/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { queueBroadcast } from './mail-queue';
import { archivePathOf, assignArchiveSlug } from './newsletter-archive';
import { broadcasts, mailQueue } from './schema';

type BroadcastRow = typeof broadcasts.$inferSelect;
const NO_MAIL: BroadcastCounts = { queued: 0, sent: 0, failed: 0 };

function toBroadcast(row: BroadcastRow, counts: BroadcastCounts): Broadcast {
  return {
    id: row.id,
    subject: row.subject,
    body: row.body,
    status: row.status,
    counts,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    slug: row.slug,
    private: row.private,
    origin: row.origin,
  };
}

/** Per broadcast, its subscribers' mail by state; a claimed message counts as queued until it is sent. */
async function countsOf(db: Database, ids: number[]): Promise<Map<number, BroadcastCounts>> {
  const counts = new Map<number, BroadcastCounts>();
  if (ids.length === 0) return counts;
  const rows = await db
    .select({
      broadcastId: mailQueue.broadcastId,
      status: mailQueue.status,
      count: sql<number>`count(*)::int`,
    })
    .from(mailQueue)
    .where(and(eq(mailQueue.kind, 'broadcast'), sql`${mailQueue.broadcastId} in ${ids}`))
    .groupBy(mailQueue.broadcastId, mailQueue.status);
  for (const row of rows) {
    if (row.broadcastId === null) continue;
    const current = { ...(counts.get(row.broadcastId) ?? NO_MAIL) };
    const key = row.status === 'sending' ? 'queued' : row.status;
    current[key] += row.count;
    counts.set(row.broadcastId, current);
  }
  return counts;
}

async function withCounts(db: Database, rows: BroadcastRow[]): Promise<Broadcast[]> {
  const counts = await countsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toBroadcast(row, counts.get(row.id) ?? NO_MAIL));
}

/** Newest first. */
export async function listBroadcasts(db: Database): Promise<Broadcast[]> {
  return withCounts(
    db,
    await db.select().from(broadcasts).orderBy(desc(broadcasts.createdAt), desc(broadcasts.id)),
  );
}

export async function broadcastById(db: Database, id: number): Promise<Broadcast | null> {
  const [broadcast] = await withCounts(db, await db.select().from(broadcasts).where(eq(broadcasts.id, id)));
  return broadcast ?? null;
}

/**
 * What a broadcast's mail says, without its counts: the send worker reads it for every message. With
 * its archive page's path, which the mail links to, unless it is a draft or private
 * (docs/decisions/095-newsletter-archive.md).
 */
export async function broadcastText(
  db: Database,
  id: number,
): Promise<{ subject: string; body: string; archivePath: string | null } | null> {
  const [row] = await db
    .select({
      subject: broadcasts.subject,
      body: broadcasts.body,
      slug: broadcasts.slug,
      private: broadcasts.private,
    })
    .from(broadcasts)
    .where(eq(broadcasts.id, id));
  return row ? { subject: row.subject, body: row.body, archivePath: archivePathOf(row) } : null;
}

export async function createBroadcast(
  db: Database,
  input: { subject: string; body: string; now: Date },
): Promise<Broadcast> {
  const [row] = await db
    .insert(broadcasts)
    .values({ subject: input.subject, body: input.body, createdAt: input.now, updatedAt: input.now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return toBroadcast(row, NO_MAIL);
}

/** Only a draft can be edited: null when there is no such broadcast, false when it is no draft. */
export async function updateBroadcast(
  db: Database,
  id: number,
  input: { subject: string; body: string; now: Date },
): Promise<Broadcast | false | null> {
  const [row] = await db
    .update(broadcasts)
    .set({ subject: input.subject, body: input.body, updatedAt: input.now })
    .where(and(eq(broadcasts.id, id), eq(broadcasts.status, 'draft')))
    .returning();
  if (row) return toBroadcast(row, NO_MAIL);
  return (await broadcastById(db, id)) ? false : null;
}

/** Deletes a broadcast (a draft, or a sent one with its queue rows). */
export async function deleteBroadcast(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(broadcasts).where(eq(broadcasts.id, id)).returning({ id: broadcasts.id });
  return rows.length > 0;
}

/** Why a broadcast's mail failed, for the admin: the latest first, at most `limit`. */
export async function broadcastFailures(
  db: Database,
  id: number,
  limit = 50,
): Promise<{ recipient: string; reason: string }[]> {
  const rows = await db
    .select({ recipient: mailQueue.recipient, reason: mailQueue.lastError })
    .from(mailQueue)
    .where(
      and(eq(mailQueue.broadcastId, id), eq(mailQueue.kind, 'broadcast'), eq(mailQueue.status, 'failed')),
    )
    .orderBy(desc(mailQueue.id))
    .limit(limit);
  return rows.map((row) => ({ recipient: row.recipient, reason: row.reason ?? 'unknown' }));
}

/**
 * Sends a draft to every confirmed subscriber, as the owner's "Send" and a milestone mailed when
 * published both do (docs/decisions/097-automatic-mail.md): its archive page's address first, since
 * its mail links to it, then a queued message per subscriber. As queueBroadcast: null when there is no
 * such broadcast, false when it is no draft. The caller wakes the mail workers.
 */
export async function sendBroadcast(
  db: Database,
  input: { broadcastId: number; linkOrigin: string; now: Date },
): Promise<boolean | null> {
  await assignArchiveSlug(db, input.broadcastId);
  return queueBroadcast(db, input);
}
