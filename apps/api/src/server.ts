import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, type DatabaseHandle } from '@journey/db';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config';
import { registerSubscriberExport } from './features/subscribers/export-route';
import { registerHealthRoutes } from './health';
import { describeError, refuseWhatTrpcCannotParse, registerErrorHandlers } from './plugins/errors';
import {
  DEFAULT_LOGIN_RATE_LIMIT,
  loginRateChecker,
  registerSessionPlugins,
  registerSharedPlugins,
  type LoginRateLimit,
} from './plugins/external';
import { sessionSecret } from './plugins/secret';
import { PublicCache } from './plugins/public-cache';
import { registerStaticAssets } from './plugins/web-app';
import { createPageRenderer, registerPageRoutes } from './pages/routes';
import { loadWebBuild } from './pages/ssr-module';
import { contextFactory } from './trpc/context';
import { jsonErrorResponseMeta } from './trpc/errors';
import { openApiDocument } from './trpc/openapi';
import { registerRestRoutes } from './trpc/rest';
import { appRouter, createCaller, type AppRouter } from './trpc/router';

type PageRenderer = ReturnType<typeof createPageRenderer>;

export const BODY_LIMIT_BYTES = 1024 * 1024;

export interface ServerOptions {
  /** An open database to use (tests); otherwise one is opened from the config and closed with the server. */
  database?: DatabaseHandle;
  loginRateLimit?: LoginRateLimit;
  logger?: boolean;
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

/** Builds the whole server without listening, in stages: database, external plugins, routes. */
export async function buildServer(config: Config, options: ServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // tRPC batches name every procedure in one path segment.
    routerOptions: { maxParamLength: 5000 },
    // Errors raised while routing (a path parameter over that length, a broken URL) get the one body too.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const { status, body } = describeError(error);
      return reply.status(status).type('application/json; charset=utf-8').send(body);
    },
  });
  // Only JSON bodies are accepted: anything else is a 415 (DESIGN.md item 11).
  app.removeContentTypeParser('text/plain');

  // Stage 1: the database.
  const database = options.database ?? (await openDatabase(config));
  if (!options.database) app.addHook('onClose', () => database.close());

  // Stage 2: external plugins.
  let renderPage: PageRenderer | null = null;
  registerErrorHandlers(app, { renderPage: () => renderPage });
  await registerSharedPlugins(app);
  const web = await loadWebBuild(config.webDistDir);
  if (web) await registerStaticAssets(app, web.clientDir);
  else
    app.log.warn({ distDir: config.webDistDir }, 'no built web app: serving the API only (run `pnpm build`)');

  // Stage 3: routes. The public reads, the same for everyone, are served from the cache without sessions.
  const publicCache = new PublicCache();
  const createContext = contextFactory({
    config,
    database,
    publicCache,
    checkLoginRate: loginRateChecker(app, options.loginRateLimit ?? DEFAULT_LOGIN_RATE_LIMIT),
  });
  const rest = { router: appRouter, createCaller, createContext, publicCache };
  registerRestRoutes(app, { ...rest, cached: true });
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
        callerFor: (request, reply) => createCaller(createContext({ req: request, res: reply })),
        publicCache,
      });
      registerPageRoutes(scope, renderPage);
    }
    registerSubscriberExport(scope, database);
  });
  app.get('/api/openapi.json', async () => openApiDocument());
  registerHealthRoutes(app, database);

  return app;
}
