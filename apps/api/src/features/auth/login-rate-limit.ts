import type {} from '@fastify/rate-limit';
import { TRPCError } from '@trpc/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Context } from '../../trpc/context';
import { trustedDeviceKey } from './trusted-device';

export interface LoginRateLimit {
  /** Attempts per window from one IP address. */
  perIp: number;
  /** Attempts per window for one username, from anywhere. */
  perUsername: number;
  windowMs: number;
}

export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = {
  perIp: 20,
  perUsername: 10,
  windowMs: 15 * 60 * 1000,
};

/** Two limiters for login, per IP and per username or trusted device (docs/decisions/013-sessions-and-login-limits.md). */
export function loginRateChecker(app: FastifyInstance, limits: LoginRateLimit) {
  const perIp = app.createRateLimit({
    max: limits.perIp,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => `login-ip:${request.ip}`,
  });
  const accountKeys = new WeakMap<FastifyRequest, string>();
  const perAccount = app.createRateLimit({
    max: limits.perUsername,
    timeWindow: limits.windowMs,
    keyGenerator: (request) => accountKeys.get(request) ?? '',
  });
  return async (request: FastifyRequest, username: string) => {
    // A browser that signed in to this account before counts apart from everyone else trying it.
    const device = trustedDeviceKey(request, username);
    accountKeys.set(
      request,
      device ? `login-device:${device}` : `login-user:${username.trim().toLowerCase()}`,
    );
    const [byIp, byAccount] = await Promise.all([perIp(request), perAccount(request)]);
    const blocked = [byIp, byAccount].flatMap((limit) =>
      !limit.isAllowed && limit.isExceeded ? [limit] : [],
    );
    return {
      allowed: blocked.length === 0,
      retryAfterSeconds: Math.max(1, ...blocked.map((limit) => limit.ttlInSeconds)),
    };
  };
}

/**
 * Counts a sign-in attempt for `username` and refuses it (429 with Retry-After) past the limits: the
 * password, the current password of a change, and a second factor's code share them (decision 086).
 */
export async function enforceLoginRate(ctx: Context, username: string): Promise<void> {
  const limit = await ctx.checkLoginRate(ctx.req, username);
  if (limit.allowed) return;
  ctx.reply.header('Retry-After', String(limit.retryAfterSeconds));
  throw new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: `Too many login attempts. Try again in ${limit.retryAfterSeconds} seconds.`,
  });
}
