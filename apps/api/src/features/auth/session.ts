import { randomUUID } from 'node:crypto';
import type {} from '@fastify/session';
import { noteSessionSeen, type Database, type SignInDetails } from '@journey/db';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface Session {
    userId?: number;
    /** Sign-in time (ms since epoch): no renewal carries a session past SESSION_ABSOLUTE_MS from it. */
    createdAt?: number;
    renewedAt?: number;
    /** The browser and address of the sign-in, written with the session's row. */
    signIn?: SignInDetails;
    /** The last use its row records (ms since epoch); only on a session read from the store. */
    lastSeenAt?: number;
    /** The session's public id (sessions.public_id): set at sign-in, read back with the row. */
    publicId?: string;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** Sessions last 30 days from their last renewal (idle timeout)... */
export const SESSION_MAX_AGE_MS = 30 * DAY_MS;
/** ...and never more than 90 days from sign-in (absolute timeout, OWASP ASVS 3.3.2). */
export const SESSION_ABSOLUTE_MS = 90 * DAY_MS;

/** A fresh session id for the user: a token known before sign-in can never be used after it. */
export async function startSession(request: FastifyRequest, userId: number): Promise<void> {
  await request.session.regenerate();
  request.session.userId = userId;
  request.session.createdAt = request.session.renewedAt = Date.now();
  request.session.publicId = randomUUID();
  request.session.signIn = { userAgent: storedUserAgent(request.headers['user-agent']), ip: request.ip };
}

/** As much of a User-Agent header as a session keeps: real ones are far shorter, made-up ones not. */
export const SESSION_USER_AGENT_MAX = 512;

const storedUserAgent = (header: string | undefined): string | null =>
  header ? header.slice(0, SESSION_USER_AGENT_MAX) : null;

/** "Last seen" moves on at most this often: one small write a minute per active session, not one per request. */
export const SESSION_SEEN_EVERY_MS = 60_000;

/** Records when and from where a signed-in session is used, throttled to SESSION_SEEN_EVERY_MS. */
export async function noteSessionUse(request: FastifyRequest, db: Database): Promise<void> {
  const session = request.session;
  // A session signed in by this request has no lastSeenAt: its new row is written with the sign-in's.
  if (!session?.userId || session.lastSeenAt === undefined) return;
  const now = Date.now();
  if (now - session.lastSeenAt < SESSION_SEEN_EVERY_MS) return;
  // Written to the row directly: changing the session object would have the session plugin save it whole
  // and send its cookie again.
  await noteSessionSeen(db, session.sessionId, { at: new Date(now), ip: request.ip });
}

export async function endSession(request: FastifyRequest): Promise<void> {
  if (request.session?.userId) await request.session.destroy();
}

/** Sliding expiry: a session used after half its life is renewed for another full period. */
export function renewSessionIfHalfUsed(request: FastifyRequest): void {
  const session = request.session;
  if (!session?.userId) return;
  const now = Date.now();
  if (now - (session.renewedAt ?? 0) <= SESSION_MAX_AGE_MS / 2) return;
  session.renewedAt = now;
  session.touch();
  // The store caps the row the same way; this caps the cookie, so the browser drops it in time too.
  const absoluteEnd = (session.createdAt ?? now) + SESSION_ABSOLUTE_MS;
  if (session.cookie.expires && absoluteEnd < session.cookie.expires.getTime())
    session.cookie.expires = new Date(absoluteEnd);
}
