import path from 'node:path';
import type { DatabaseHandle } from '@journey/db';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Config } from './config';
import { loadWebBuild } from './http/ssr-module';
import { loadWebDev } from './http/web-dev';
import { DEFAULT_LOGIN_RATE_LIMIT, type LoginRateLimit } from './features/auth/login-rate-limit';
import { REGISTER_RATE_LIMIT, type RegisterRateLimit } from './features/auth/register-rate-limit';
import { DEFAULT_SIGNUP_RATE_LIMIT, type SignupRateLimit } from './features/subscribers/signup-rate-limit';
import * as app from './plugins/app';
import * as external from './plugins/external';
import * as routes from './routes';
import { createInstance, type InstanceOptions } from './server-options';

export { openDatabase } from './plugins/app/database';
export { BODY_LIMIT_BYTES, CONNECTION_TIMEOUTS, type ConnectionTimeouts } from './server-options';

export interface ServerOptions extends InstanceOptions {
  /** An open database to use (tests); otherwise one is opened from the config and closed with the server. */
  database?: DatabaseHandle;
  loginRateLimit?: LoginRateLimit;
  signupRateLimit?: SignupRateLimit;
  registerRateLimit?: RegisterRateLimit;
  /** The first retry's delay after a temporary mail failure (tests shorten it). */
  mailRetryBaseMs?: number;
  /** The first retry's delay after a failed provider sync (tests shorten it). */
  syncRetryBaseMs?: number;
  /** How long a sync run stays claimed without progress before another worker takes it over. */
  syncClaimTimeoutMs?: number;
  /** The waits between a webhook delivery's tries (tests shorten them; docs/decisions/091-outgoing-webhooks.md). */
  webhookRetryDelaysMs?: readonly number[];
  /** The clock (tests fix it); by default the system's. */
  now?: () => Date;
}

/** Builds the whole server without listening, in stages: what it knows, external plugins, its own, routes. */
export async function buildServer(config: Config, options: ServerOptions = {}): Promise<FastifyInstance> {
  const server = createInstance(config, options);
  // The web build's modules load while the embedded database starts in its own thread.
  const web = config.webDev
    ? loadWebDev(path.join(config.webDistDir, '..'), server.server)
    : loadWebBuild(config.webDistDir);
  web.catch(() => {}); // its failure is the web-build plugin's to report, once the database is open

  // Stage 1: what every later stage reads from the instance.
  await server.register(app.requestId);
  await server.register(app.config, { config, now: options.now });
  await server.register(app.database, { database: options.database });
  await server.register(app.settings);
  await server.register(app.secretBox);
  await server.register(app.mail, { retryBaseMs: options.mailRetryBaseMs });
  await server.register(app.audit);
  await server.register(app.listHygiene);
  await server.register(app.securityMail);
  await server.register(app.webBuild, { web });
  await registerEach(server, [app.jsonBodies, app.errors]);

  // Stage 2: external plugins every route relies on, in the order their hooks run.
  await registerEach(server, [external.helmet, external.etag, external.compress, external.rateLimit]);

  // Stage 3: the app's own hooks and services.
  await registerEach(server, [app.cacheControl, app.crossSite, external.staticFiles, app.publicCache]);
  await server.register(app.connections, {
    retryBaseMs: options.syncRetryBaseMs,
    claimTimeoutMs: options.syncClaimTimeoutMs,
  });
  await server.register(app.outgoingWebhooks, { retryDelaysMs: options.webhookRetryDelaysMs });
  await server.register(app.authenticate);
  await server.register(app.trpcContext, {
    loginRateLimit: options.loginRateLimit ?? DEFAULT_LOGIN_RATE_LIMIT,
    registerRateLimit: options.registerRateLimit ?? REGISTER_RATE_LIMIT,
    signupRateLimit: options.signupRateLimit ?? {
      ...DEFAULT_SIGNUP_RATE_LIMIT,
      perIp: config.mail.signupsPerIp,
    },
  });

  // Stage 4: routes. The public reads, the same for everyone, are served from the cache without sessions.
  await registerEach(server, [
    routes.publicReads,
    routes.discovery,
    routes.badge,
    routes.embeds,
    routes.sharePages,
    routes.previewImage,
  ]);
  await server.register(routes.openData, { prefix: routes.OPEN_DATA_PREFIX });
  await server.register(async (withSessions) => {
    await withSessions.register(external.session);
    await registerEach(withSessions, [
      routes.trpc,
      routes.rest,
      routes.pages,
      routes.subscriberExport,
      routes.auditCsv,
    ]);
  });
  await registerEach(server, [routes.oneClickUnsubscribe, routes.webhooks, routes.openapi, routes.health]);
  return server;
}

/** Registers the plugins of a stage in order (their hooks run in that order). */
async function registerEach(scope: FastifyInstance, plugins: readonly FastifyPluginAsync[]) {
  for (const plugin of plugins) await scope.register(plugin);
}
