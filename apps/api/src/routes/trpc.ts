import { MAX_TRPC_BATCH } from '@journey/contracts/constants';
import type { AnyProcedure, AnyRouter } from '@trpc/server';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { mediaTypeOf } from '../plugins/app/cross-site';
import { describeError } from '../plugins/app/errors';
import { jsonErrorResponseMeta } from '../trpc/errors';
import type { Meta } from '../trpc/init';
import { appRouter, type AppRouter } from '../trpc/router';

const clientError = (statusCode: number, code: string, message: string) =>
  Object.assign(new Error(message), { statusCode, code });

/**
 * For what tRPC would answer with a 500: its Fastify plugin hands multipart bodies to tRPC as raw
 * streams (past the body limit), and tRPC decodes the already decoded procedure path a second time,
 * so a `%` in it throws. The API takes JSON only (415), and such a path names no procedure (404).
 */
async function refuseWhatTrpcCannotParse(request: FastifyRequest): Promise<void> {
  const type = mediaTypeOf(request);
  if (type && type !== 'application/json') {
    throw clientError(415, 'FST_ERR_CTP_INVALID_MEDIA_TYPE', 'Unsupported Media Type');
  }
  const { path = '' } = request.params as { path?: string };
  try {
    decodeURIComponent(path);
  } catch {
    throw clientError(404, 'TRPC_NO_PROCEDURE', 'No such procedure.');
  }
}

/** The procedures whose callers must be signed in before their body is read (Meta.signedInBeforeBody). */
function signedInBeforeBody(): Set<string> {
  // Its flat map of dotted paths to procedures, which the router's own type describes as nested routers.
  const procedures = (appRouter as AnyRouter)._def.procedures as Record<string, AnyProcedure>;
  return new Set(
    Object.entries(procedures)
      .filter(([, procedure]) => (procedure._def.meta as Meta | undefined)?.signedInBeforeBody)
      .map(([path]) => path),
  );
}

/** Every procedure at `/api/trpc`, for the web app. */
export default async function trpc(app: FastifyInstance) {
  app.addHook('onRequest', refuseWhatTrpcCannotParse);
  const guarded = signedInBeforeBody();
  // A batch naming one of them is checked as a whole: its body is one JSON document.
  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const { path = '' } = request.params as { path?: string };
    if (path.split(',').some((name) => guarded.has(name))) return app.authenticateBeforeBody(request, reply);
    return undefined;
  });
  await app.register(fastifyTRPCPlugin, {
    prefix: '/api/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: app.createTrpcContext,
      maxBatchSize: MAX_TRPC_BATCH,
      responseMeta: jsonErrorResponseMeta,
      onError({ error, req }) {
        if (describeError(error).status >= 500) req.log.error({ err: error }, 'procedure failed');
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });
}
