import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyEtag from '@fastify/etag';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySession, { type SessionStore } from '@fastify/session';
import { createSessionStore, deleteExpiredSessions, type DatabaseHandle } from '@journey/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { trustedDeviceKey } from '../features/auth/trusted-device';
import { renewSessionIfHalfUsed, SESSION_ABSOLUTE_MS, SESSION_MAX_AGE_MS } from '../features/auth/session';
import { isAnonymous } from './public-cache';

export const SESSION_COOKIE = 'journey_session';

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

/** Security headers, ETags, compression and rate limits: the plugins every route relies on. */
export async function registerSharedPlugins(app: FastifyInstance, options: { inlineScriptHashes: string[] }) {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        // The page template's own inline scripts, by hash (routes/ssr-module.ts), and nothing inline besides.
        'script-src': ["'self'", ...options.inlineScriptHashes],
        // Experiment images may live on any https host the admin links to.
        'img-src': ["'self'", 'data:', 'https:'],
        // Plain-http installs (127.0.0.1, a LAN box) must not have their assets rewritten to https.
        'upgrade-insecure-requests': null,
      },
    },
  });
  // ETags on every GET answer (a cached one brings its own), and 304 when the client already has it.
  await app.register(fastifyEtag);
  // Text answers over 1 KB compressed (brotli at quality 4, or gzip), as the client accepts; a 304 has no body.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  await app.register(fastifyRateLimit, { global: false });
  // API answers are revalidated (ETag) on every use; a signed-in user's never sit in a shared cache.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('Cache-Control', isAnonymous(request) ? 'no-cache' : 'private, no-cache');
    }
  });
}

/**
 * Cookies and sessions, for the routes registered in `scope` only: the public reads, the same for
 * everyone, skip creating and signing a session for each request.
 */
export async function registerSessionPlugins(
  scope: FastifyInstance,
  options: { database: DatabaseHandle; secret: string },
) {
  // The secret signs the device cookie (trusted-device.ts); the session cookie is signed by the session plugin.
  await scope.register(fastifyCookie, { secret: options.secret });
  await scope.register(fastifySession, {
    secret: options.secret,
    cookieName: SESSION_COOKIE,
    // The store hands back session data without a cookie; @fastify/session rebuilds the cookie from these options.
    store: createSessionStore(options.database.db, {
      maxAgeMs: SESSION_MAX_AGE_MS,
      absoluteMaxAgeMs: SESSION_ABSOLUTE_MS,
    }) as unknown as SessionStore,
    saveUninitialized: false,
    // Renewal is ours: see renewSessionIfHalfUsed.
    rolling: false,
    cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/', maxAge: SESSION_MAX_AGE_MS },
  });
  scope.addHook('preHandler', async (request) => renewSessionIfHalfUsed(request));
  sweepExpiredSessions(scope, options.database);
}

const SESSION_SWEEP_MS = 60 * 60 * 1000;

/** Expired sessions are already refused on read; this only keeps the table small. */
function sweepExpiredSessions(app: FastifyInstance, database: DatabaseHandle) {
  const sweep = () =>
    deleteExpiredSessions(database.db).catch((error: unknown) =>
      app.log.warn({ err: error }, 'could not delete expired sessions'),
    );
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(sweep, SESSION_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

/** Two limiters for login, per IP and per username or trusted device (DESIGN.md item 12). */
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
