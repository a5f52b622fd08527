import type {} from '@fastify/session';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface Session {
    userId?: number;
    /** Sign-in time (ms since epoch): no renewal carries a session past SESSION_ABSOLUTE_MS from it. */
    createdAt?: number;
    renewedAt?: number;
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
