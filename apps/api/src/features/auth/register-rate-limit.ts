import type {} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface RegisterRateLimit {
  /** Registrations per window from one IP address, refused ones included. */
  perIp: number;
  windowMs: number;
}

/**
 * Ten an hour from one address (docs/decisions/057-render-limits-and-http-hardening.md): an owner
 * registers once, a team a handful of times; a flood of them, each a password hash when registration
 * is open, cannot crowd out the admin's login.
 */
export const REGISTER_RATE_LIMIT: RegisterRateLimit = { perIp: 10, windowMs: 60 * 60 * 1000 };

/** Registrations per IP address, checked inside the register procedure for REST and tRPC alike. */
export function registerRateChecker(app: FastifyInstance, limits: RegisterRateLimit) {
  const perIp = app.createRateLimit({
    max: limits.perIp,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `register-ip:${request.ip}`,
  });
  return async (request: FastifyRequest) => {
    const limit = await perIp(request);
    if (limit.isAllowed || !limit.isExceeded) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, limit.ttlInSeconds) };
  };
}
