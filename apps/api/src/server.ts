import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_TRPC_BATCH } from '@journey/contracts/constants';
import { createDatabase, type DatabaseHandle } from '@journey/db';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config, TrustProxy } from './config';
import { registerBadgeRoute } from './features/badge/routes';
import { registerDiscoveryRoutes } from './features/discovery/routes';
import { registerOgImageRoute } from './features/milestone-pages/og-route';
import { registerOpenDataRoutes } from './features/open-data/routes';
import { registerSubscriberExport } from './features/subscribers/export-route';
import { registerHealthRoutes } from './health';
import { registerCrossSiteGuard } from './plugins/cross-site';
import { describeError, refuseWhatTrpcCannotParse, registerErrorHandlers } from './plugins/errors';
import { loggingOptions, sendRequestId } from './plugins/logging';
import {
  DEFAULT_LOGIN_RATE_LIMIT,
  loginRateChecker,
  registerSessionPlugins,
  registerSharedPlugins,
  type LoginRateLimit,
} from './plugins/external';
import { sessionSecret } from './plugins/secret';
import { PublicCache, publicTablesChangedBy } from './plugins/public-cache';
import { registerStaticAssets } from './plugins/web-app';
import { createPageRenderer, registerPageRoutes } from './routes/pages';
import { inlineScriptHashes, loadWebBuild } from './routes/ssr-module';
import { contextFactory } from './trpc/context';
import { jsonErrorResponseMeta } from './trpc/errors';
import { openApiDocument } from './trpc/openapi';
import { registerRestRoutes } from './trpc/rest';
import { appRouter, createCaller, type AppRouter } from './trpc/router';

type PageRenderer = ReturnType<typeof createPageRenderer>;

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface ConnectionTimeouts {
  /** From a request's first byte to the end of its headers. */
  headersTimeoutMs: number;
  /** From a request's first byte to the end of its body. */
  requestTimeoutMs: number;
  /** How long a kept-alive connection may wait for its next request. */
  keepAliveTimeoutMs: number;
  /** A socket with no traffic either way (a client that stopped reading an answer). */
  idleTimeoutMs: number;
  /** How often Node checks the header and request timeouts (its default, 30 s, would let them overrun). */
  checkEveryMs: number;
}

/**
 * Requests here are small (JSON of at most 1 MiB, which even a slow phone sends in well under 30 s) and
 * nothing streams in: a client trickling its headers or body is cut off with a 408. Kept-alive
 * connections idle out after Node's usual 5 s (a proxy pooling connections must idle them out sooner).
 */
export const CONNECTION_TIMEOUTS: ConnectionTimeouts = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  idleTimeoutMs: 60_000,
  checkEveryMs: 1_000,
};

export interface ServerOptions {
  /** An open database to use (tests); otherwise one is opened from the config and closed with the server. */
  database?: DatabaseHandle;
  loginRateLimit?: LoginRateLimit;
  logger?: boolean;
  /** Where the JSON log lines go instead of stdout (tests read them). */
  logStream?: NodeJS.WritableStream;
  /** The clock (tests fix it); by default the system's. */
  now?: () => Date;
  /** Connection timeouts; CONNECTION_TIMEOUTS unless a test shortens them. */
  timeouts?: ConnectionTimeouts;
}

/** Written beside the bundle by the build; absent when running from the sources, which then run initdb. */
const PGLITE_TEMPLATE = fileURLToPath(new URL('./pglite-template', import.meta.url));

/** Opens the database the configuration names: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR. */
export async function openDatabase(config: Config): Promise<DatabaseHandle> {
  if (config.databaseUrl) return createDatabase({ driver: 'postgres', url: config.databaseUrl });
  await mkdir(config.dataDir, { recursive: true });
  return createDatabase({
    driver: 'pglite',
    dataDir: path.join(config.dataDir, 'pglite'),
    template: PGLITE_TEMPLATE,
  });
}

/**
 * The public cache, emptied by every committed write of any process (see PublicCache), and suspended
 * while such writes could go unheard.
 */
async function watchedPublicCache(
  app: FastifyInstance,
  database: DatabaseHandle,
  now: () => Date,
): Promise<PublicCache> {
  const publicCache = new PublicCache({ suspended: true, now });
  const stopWatching = await database.watchDataChanges({
    onChange: (table) => publicCache.invalidate(publicTablesChangedBy(table)),
    onListening: () => {
      if (publicCache.suspended) app.log.info('hearing data changes: public cache on');
      publicCache.resume();
    },
    onLost: () => {
      app.log.warn('data changes may go unheard: public cache off until the database is back');
      publicCache.suspend();
    },
  });
  app.addHook('onClose', stopWatching);
  return publicCache;
}

function timeoutOptions(timeouts: ConnectionTimeouts) {
  return {
    http: { headersTimeout: timeouts.headersTimeoutMs, connectionsCheckingInterval: timeouts.checkEveryMs },
    requestTimeout: timeouts.requestTimeoutMs,
    keepAliveTimeout: timeouts.keepAliveTimeoutMs,
    connectionTimeout: timeouts.idleTimeoutMs,
  };
}

/**
 * Fastify's `trustProxy`. A hop count is a function: Fastify 5 trusts nothing for a bare number (it
 * cannot tell a proxy from a direct client), and hops are meant for an app only its proxies can reach.
 */
function trustProxyOption(
  trustProxy: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof trustProxy === 'number' ? (_address, hop) => hop < trustProxy : trustProxy;
}

/** Builds the whole server without listening, in stages: database, external plugins, routes. */
export async function buildServer(config: Config, options: ServerOptions = {}): Promise<FastifyInstance> {
  const logging = loggingOptions(config.logLevel, options.logStream);
  const app = Fastify({
    ...logging,
    logger: options.logger === false ? false : logging.logger,
    bodyLimit: BODY_LIMIT_BYTES,
    ...timeoutOptions(options.timeouts ?? CONNECTION_TIMEOUTS),
    trustProxy: trustProxyOption(config.trustProxy),
    // tRPC batches name every procedure in one path segment.
    routerOptions: { maxParamLength: 5000 },
    // While closing, a request already on an open connection is answered (with `Connection: close`)
    // rather than refused with Fastify's own 503 body: new connections are refused anyway.
    return503OnClosing: false,
    // Errors raised while routing (a path parameter over that length, a broken URL) get the one body too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const { status, body } = describeError(error);
      return reply.status(status).type('application/json; charset=utf-8').send(body);
    },
  });
  // Only JSON bodies are accepted: anything else is a 415 (DESIGN.md item 11).
  app.removeContentTypeParser('text/plain');
  // Writes must say JSON (see cross-site.ts), so a bodyless one such as logout may send it with no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) done(null, undefined);
    else parseJson(request, body.toString(), done);
  });
  sendRequestId(app);
  if (config.env === 'production' && !config.publicUrl) {
    app.log.warn(
      'PUBLIC_URL is not set: absolute links and the cross-site check take the origin from the Host header, ' +
        'which a DNS-rebinding page controls; set PUBLIC_URL to the public origin',
    );
  }

  // Stage 1: the database.
  const database = options.database ?? (await openDatabase(config));
  if (!options.database) app.addHook('onClose', () => database.close());

  // Stage 2: external plugins.
  let renderPage: PageRenderer | null = null;
  registerErrorHandlers(app, { renderPage: () => renderPage });
  const web = await loadWebBuild(config.webDistDir);
  await registerSharedPlugins(app, { inlineScriptHashes: web ? inlineScriptHashes(web.template) : [] });
  registerCrossSiteGuard(app, { publicUrl: config.publicUrl });
  if (web) await registerStaticAssets(app, web.clientDir);
  else
    app.log.warn({ distDir: config.webDistDir }, 'no built web app: serving the API only (run `pnpm build`)');

  // Stage 3: routes. The public reads, the same for everyone, are served from the cache without sessions.
  const now = options.now ?? (() => new Date());
  const publicCache = await watchedPublicCache(app, database, now);
  const createContext = contextFactory({
    config,
    database,
    publicCache,
    now,
    checkLoginRate: loginRateChecker(app, options.loginRateLimit ?? DEFAULT_LOGIN_RATE_LIMIT),
  });
  const rest = { router: appRouter, createCaller, createContext, publicCache };
  registerRestRoutes(app, { ...rest, cached: true });
  registerDiscoveryRoutes(app, { config, database, publicCache });
  registerBadgeRoute(app, { database, publicCache });
  registerOgImageRoute(app, { config, database, publicCache });
  await registerOpenDataRoutes(app, { database, publicCache });
  const secret = await sessionSecret(config.sessionSecret, config.dataDir);
  await app.register(async (scope) => {
    await registerSessionPlugins(scope, { database, secret });
    await scope.register(async (trpc) => {
      trpc.addHook('onRequest', refuseWhatTrpcCannotParse);
      await trpc.register(fastifyTRPCPlugin, {
        prefix: '/api/trpc',
        trpcOptions: {
          router: appRouter,
          createContext,
          maxBatchSize: MAX_TRPC_BATCH,
          responseMeta: jsonErrorResponseMeta,
          onError({ error, req }) {
            if (describeError(error).status >= 500) req.log.error({ err: error }, 'procedure failed');
          },
        } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
      });
    });
    registerRestRoutes(scope, { ...rest, cached: false });
    if (web) {
      renderPage = createPageRenderer({
        config,
        web,
        contextFor: (request, reply) => createContext({ req: request, res: reply }),
        publicCache,
      });
      registerPageRoutes(scope, web, renderPage);
    }
    registerSubscriberExport(scope, database);
  });
  app.get('/api/openapi.json', async () => openApiDocument());
  registerHealthRoutes(app, database);

  return app;
}
