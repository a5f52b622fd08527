import type {} from '@fastify/rate-limit';
import { SIGNUP_RATE_LIMIT } from '@journey/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface SignupRateLimit {
  /** Sign-ups per window from one IP address. */
  perIp: number;
  windowMs: number;
}

export const DEFAULT_SIGNUP_RATE_LIMIT: SignupRateLimit = SIGNUP_RATE_LIMIT;

/**
 * Sign-ups per IP address (docs/decisions/040-newsletter-delivery.md): a bot cannot make the form mail
 * a thousand addresses. Together with one confirmation per address an hour, no address is bombed either.
 */
export function signupRateChecker(app: FastifyInstance, limits: SignupRateLimit) {
  const perIp = app.createRateLimit({
    max: limits.perIp,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `signup-ip:${request.ip}`,
  });
  return async (request: FastifyRequest) => {
    const limit = await perIp(request);
    if (limit.isAllowed || !limit.isExceeded) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, limit.ttlInSeconds) };
  };
}
