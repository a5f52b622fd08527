import fastifyCookie from '@fastify/cookie';
import fastifySession, { type SessionStore } from '@fastify/session';
import { createSessionStore, deleteExpiredSessions, type DatabaseHandle } from '@journey/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  noteSessionUse,
  renewSessionIfHalfUsed,
  SESSION_ABSOLUTE_MS,
  SESSION_MAX_AGE_MS,
} from '../../features/auth/session';
import { sessionSecret } from './session-secret';

export const SESSION_COOKIE = 'journey_session';

/**
 * Cookies and sessions, for the scope that registers this only: the public reads, the same for
 * everyone, skip creating and signing a session for each request.
 */
export default fp(
  async (scope) => {
    const { config, database } = scope;
    const secret = await sessionSecret(config.sessionSecret, config.dataDir);
    // The secret signs the device cookie (trusted-device.ts); the session cookie is signed by the session plugin.
    await scope.register(fastifyCookie, { secret });
    await scope.register(fastifySession, {
      secret,
      cookieName: SESSION_COOKIE,
      // The store hands back session data without a cookie; @fastify/session rebuilds the cookie from these options.
      store: createSessionStore(database.db, {
        maxAgeMs: SESSION_MAX_AGE_MS,
        absoluteMaxAgeMs: SESSION_ABSOLUTE_MS,
      }) as unknown as SessionStore,
      saveUninitialized: false,
      // Renewal is ours: see renewSessionIfHalfUsed.
      rolling: false,
      cookie: { httpOnly: true, sameSite: 'lax', secure: 'auto', path: '/', maxAge: SESSION_MAX_AGE_MS },
    });
    scope.addHook('preHandler', async (request) => {
      // "Last seen" is a courtesy to the owner's session list: a failed write of it fails no request.
      await noteSessionUse(request, database.db).catch((error: unknown) =>
        request.log.warn({ err: error }, 'could not record a use of the session'),
      );
      renewSessionIfHalfUsed(request);
    });
    sweepExpiredSessions(scope, database);
  },
  { name: 'session', dependencies: ['config', 'database'] },
);

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
    timer = setInterval(() => void sweep(), SESSION_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
