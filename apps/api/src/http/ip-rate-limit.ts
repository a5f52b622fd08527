import type {} from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Requests per window from one IP address. */
export interface IpRateLimit {
  perIp: number;
  windowMs: number;
}

export interface IpRateVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * A per-IP counter under `name`, checked inside a procedure (so REST and tRPC share it) rather than
 * as a route hook: sign-ups and registrations answer 429 with the error body of their own procedure.
 */
export function ipRateChecker(
  app: FastifyInstance,
  name: string,
  limits: IpRateLimit,
): (request: FastifyRequest) => Promise<IpRateVerdict> {
  const perIp = app.createRateLimit({
    max: limits.perIp,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `${name}-ip:${request.ip}`,
  });
  return async (request) => {
    const limit = await perIp(request);
    if (limit.isAllowed || !limit.isExceeded) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, limit.ttlInSeconds) };
  };
}
