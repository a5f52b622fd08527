import { createHash } from 'node:crypto';
import { and, eq, gt, lte } from 'drizzle-orm';
import type { Database } from './client';
import { sessions } from './schema';

/** What a signed-in session carries besides its cookie. */
export interface SessionData {
  userId?: number;
  /** Sign-in time (ms since epoch): bounds the session's whole life. */
  createdAt?: number;
  /** When the expiry was last pushed forward (ms since epoch): drives the sliding renewal. */
  renewedAt?: number;
  /** Set by a sign-in for the row it inserts: the browser and the address it came from. */
  signIn?: SignInDetails;
  /**
   * When the session was last used (ms since epoch), as its row holds it. Only a session read from the
   * table has it, and saving such a session updates its row and never inserts one: a session ended
   * while one of its requests was running stays ended (docs/decisions/085-owner-sessions.md).
   */
  lastSeenAt?: number;
  /**
   * What the owner's list and the audit trail name the session by (sessions.public_id): chosen at
   * sign-in, so the sign-in's own audit row can name it before the row is written.
   */
  publicId?: string;
}

export interface SignInDetails {
  /** The User-Agent header, already cut to its stored length; null when the client sent none. */
  userAgent: string | null;
  ip: string;
}

type Callback<T = void> = (error?: unknown, result?: T | null) => void;

/** The callback store interface `@fastify/session` expects. */
export interface SessionStore {
  get(sessionId: string, callback: Callback<SessionData>): void;
  set(
    sessionId: string,
    session: SessionData & { cookie?: { expires?: Date | null } },
    callback: Callback,
  ): void;
  destroy(sessionId: string, callback: Callback): void;
}

/** Only this hash reaches the database, so a leaked table cannot be replayed as cookies. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A session store in the `sessions` table. Sessions without a user are never written,
 * so anonymous visitors leave nothing behind.
 */
export function createSessionStore(
  db: Database,
  options: { maxAgeMs: number; absoluteMaxAgeMs: number },
): SessionStore {
  /** Runs an async step and reports to a Node-style callback, as the store interface wants. */
  const settle = <T>(step: () => Promise<T>, callback: (error?: unknown, result?: T) => void) => {
    step().then(
      (result) => callback(undefined, result),
      (error: unknown) => callback(error),
    );
  };

  return {
    get(sessionId, callback) {
      settle(async () => {
        const [row] = await db
          .select({
            userId: sessions.userId,
            data: sessions.data,
            createdAt: sessions.createdAt,
            lastSeenAt: sessions.lastSeenAt,
            publicId: sessions.publicId,
          })
          .from(sessions)
          .where(and(eq(sessions.id, hashSessionToken(sessionId)), gt(sessions.expiresAt, new Date())))
          .limit(1)
          // Read on every signed-in request: parsed and planned once per connection.
          .prepare('session_by_id')
          .execute();
        if (!row) return null;
        // Rows from before decision 085 were never seen since their sign-in.
        const lastSeenAt = (row.lastSeenAt ?? row.createdAt).getTime();
        return { ...(row.data as SessionData), userId: row.userId, lastSeenAt, publicId: row.publicId };
      }, callback);
    },

    set(sessionId, session, callback) {
      settle(async () => {
        const id = hashSessionToken(sessionId);
        if (!session.userId) {
          await db.delete(sessions).where(eq(sessions.id, id));
          return;
        }
        const now = Date.now();
        const createdAt = session.createdAt ?? now;
        const idleEnd = session.cookie?.expires?.getTime() ?? now + options.maxAgeMs;
        // The absolute end holds whatever the cookie says: no renewal outlives it.
        const expiresAt = new Date(Math.min(idleEnd, createdAt + options.absoluteMaxAgeMs));
        const data: SessionData = { createdAt, renewedAt: session.renewedAt ?? now };
        const kept = { userId: session.userId, data, expiresAt };
        if (session.lastSeenAt !== undefined) {
          await db.update(sessions).set(kept).where(eq(sessions.id, id));
          return;
        }
        const signIn = session.signIn;
        await db
          .insert(sessions)
          .values({
            id,
            ...kept,
            ...(session.publicId ? { publicId: session.publicId } : {}),
            createdAt: new Date(createdAt),
            userAgent: signIn?.userAgent ?? null,
            signInIp: signIn?.ip ?? null,
            lastIp: signIn?.ip ?? null,
            lastSeenAt: new Date(now),
          })
          .onConflictDoUpdate({ target: sessions.id, set: kept });
      }, callback);
    },

    destroy(sessionId, callback) {
      settle(async () => {
        if (sessionId) await db.delete(sessions).where(eq(sessions.id, hashSessionToken(sessionId)));
      }, callback);
    },
  };
}

/** Removes expired sessions; returns how many went. */
export async function deleteExpiredSessions(db: Database): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(lte(sessions.expiresAt, new Date()))
    .returning({ id: sessions.id });
  return rows.length;
}
