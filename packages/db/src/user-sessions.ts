import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from './client';
import { sessions } from './schema';
import { hashSessionToken } from './session-store';

/** One of a user's sessions as the owner's list shows it (docs/decisions/085-owner-sessions.md). */
export interface UserSessionRow {
  publicId: string;
  /** The session of the request that asks. */
  current: boolean;
  userAgent: string | null;
  signInIp: string | null;
  lastIp: string | null;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

/**
 * At most this many sessions are listed, the current one and the most recently seen: a script that
 * signs in on every run leaves one a run, and "end all others" reaches those left off too.
 */
export const USER_SESSIONS_LISTED = 100;

/** The user's live sessions: the one holding `currentToken` first, then the most recently seen. */
export async function listUserSessions(
  db: Database,
  userId: number,
  currentToken: string,
): Promise<UserSessionRow[]> {
  const currentId = hashSessionToken(currentToken);
  const lastSeen = sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`;
  const rows = await db
    .select({
      id: sessions.id,
      publicId: sessions.publicId,
      userAgent: sessions.userAgent,
      signInIp: sessions.signInIp,
      lastIp: sessions.lastIp,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(eq(sessions.id, currentId)), desc(lastSeen), desc(sessions.createdAt))
    .limit(USER_SESSIONS_LISTED);
  return rows.map(({ id, createdAt, lastSeenAt, ...row }) => ({
    ...row,
    current: id === currentId,
    firstSeenAt: createdAt,
    // Rows from before decision 085 were never seen since their sign-in.
    lastSeenAt: lastSeenAt ?? createdAt,
  }));
}

/**
 * Ends the user's session named `publicId`: its row goes, so its cookie signs nothing in from the next
 * request on. Null when the user has no such session; else whether it was the one holding `currentToken`.
 */
export async function endUserSession(
  db: Database,
  userId: number,
  publicId: string,
  currentToken: string,
): Promise<{ current: boolean } | null> {
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id });
  return ended ? { current: ended.id === hashSessionToken(currentToken) } : null;
}

/** Ends every session of the user but the one holding `currentToken`; returns how many ended. */
export async function endOtherUserSessions(
  db: Database,
  userId: number,
  currentToken: string,
): Promise<number> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, hashSessionToken(currentToken))))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Records a use of the session holding `token`: when and from which address (decision 085). */
export async function noteSessionSeen(
  db: Database,
  token: string,
  seen: { at: Date; ip: string },
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: seen.at, lastIp: seen.ip })
    .where(eq(sessions.id, hashSessionToken(token)));
}
