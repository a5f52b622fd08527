import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { auditEvents, mailQueue, sessions, users } from './schema';

/**
 * Mail to the owner about their own account (docs/decisions/089-security-mail.md): queued with the audit
 * row it tells of, built from that row when the worker sends it, so it rides the queue's retries and
 * crash guarantees like every other message.
 */
export async function queueSecurityNotice(
  db: Database,
  input: { auditEventId: number; recipient: string; linkOrigin: string; now: Date },
): Promise<void> {
  await db.insert(mailQueue).values({
    kind: 'security',
    auditEventId: input.auditEventId,
    recipient: input.recipient,
    linkOrigin: input.linkOrigin,
    nextAttemptAt: input.now,
  });
}

/** What a security notice says: the audit row, and the browser of the session it names if still known. */
export interface SecurityNoticeFacts {
  action: string;
  at: Date;
  ip: string | null;
  userId: number | null;
  sessionId: string | null;
  detail: Record<string, unknown>;
  /** The session's User-Agent at sign-in; null when the row names no session or it has ended. */
  sessionUserAgent: string | null;
  /** Whether that session is still signed in: the mail offers to end it only then. */
  sessionLive: boolean;
}

export async function readSecurityNotice(
  db: Database,
  auditEventId: number,
): Promise<SecurityNoticeFacts | null> {
  const [row] = await db
    .select({
      action: auditEvents.action,
      at: auditEvents.at,
      ip: auditEvents.ip,
      userId: auditEvents.userId,
      sessionId: auditEvents.sessionId,
      detail: auditEvents.detail,
      sessionUserAgent: sessions.userAgent,
      sessionRow: sessions.publicId,
    })
    .from(auditEvents)
    .leftJoin(sessions, eq(sessions.publicId, auditEvents.sessionId))
    .where(eq(auditEvents.id, auditEventId))
    .limit(1);
  if (!row) return null;
  const { sessionRow, ...facts } = row;
  return { ...facts, sessionLive: sessionRow !== null };
}

/** The address the owner's notices go to: the account's own. */
export async function accountEmail(db: Database, userId: number): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.email ?? null;
}
