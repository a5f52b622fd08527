import type {} from '@fastify/session';
import type { FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface Session {
    userId?: number;
    renewedAt?: number;
  }
}

/** Sessions last 30 days from their last renewal. */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

/** A fresh session id for the user: a token known before sign-in can never be used after it. */
export async function startSession(request: FastifyRequest, userId: number): Promise<void> {
  await request.session.regenerate();
  request.session.userId = userId;
  request.session.renewedAt = Date.now();
}

export async function endSession(request: FastifyRequest): Promise<void> {
  if (request.session?.userId) await request.session.destroy();
}

/** Sliding expiry: a session used after half its life is renewed for another full period. */
export function renewSessionIfHalfUsed(request: FastifyRequest): void {
  const session = request.session;
  if (!session?.userId) return;
  if (Date.now() - (session.renewedAt ?? 0) > SESSION_MAX_AGE_MS / 2) {
    session.renewedAt = Date.now();
    session.touch();
  }
}
