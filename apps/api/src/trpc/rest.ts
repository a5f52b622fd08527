import { OPEN_DATA_PREFIX } from '@journey/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import { API_SECURITY_HEADERS, CACHED_ROUTE, sendCached } from '../http/send-cached';
import type { Meta } from './init';
import { procedures } from './procedures';
import { createCaller } from './router';

type ProcedureCall = (input: unknown) => Promise<unknown>;

/**
 * The REST adapter: every procedure with `meta.openapi` is served at `/api{path}` by calling
 * the very same procedure, so REST and tRPC share validation, auth and errors.
 * Errors are thrown on to the server's one error handler. A cached read whose path is under
 * `/public/` is open data: the open-data plugin registers it, under its CORS and headers.
 */
export function registerRestRoutes(
  app: FastifyInstance,
  options: {
    /** Registers only the cached public reads (true) or only the others (false). */
    cached: boolean;
    /** Registers only the open-data reads (true), at addresses relative to OPEN_DATA_PREFIX. */
    openData?: boolean;
    /** Headers that replace or add to the JSON answers' security headers. */
    headers?: Record<string, string>;
  },
): void {
  for (const [path, procedure] of Object.entries(procedures)) {
    const meta = procedure._def.meta as Meta | undefined;
    if (!meta?.openapi) continue;
    const [parser] = procedure._def.inputs as unknown[];
    const takesInput = parser !== undefined && !(parser instanceof z.ZodVoid);
    const cached = meta.publicCache !== undefined;
    const url = `/api${meta.openapi.path.replace(/\{(\w+)\}/g, ':$1')}`;
    const openData = url.startsWith(`${OPEN_DATA_PREFIX}/`);
    if (openData && !cached) throw new Error(`${path}: open data (${url}) must be a public cached read`);
    if (cached !== options.cached || openData !== (options.openData ?? false)) continue;
    const status = meta.successStatus ?? 200;
    const call = (request: FastifyRequest, reply: FastifyReply) => {
      const caller = createCaller(app.createTrpcContext({ req: request, res: reply }));
      return procedureAt(caller, path)(takesInput ? inputOf(request) : undefined);
    };

    const keyOf = (request: FastifyRequest) =>
      cached ? cacheKey(url, takesInput ? parser : undefined, request) : null;

    app.route({
      method: meta.openapi.method as HTTPMethods,
      url: options.openData ? url.slice(OPEN_DATA_PREFIX.length) : url,
      // A cached read brings its own security headers and encodings (http/send-cached.ts).
      ...(cached ? CACHED_ROUTE : {}),
      ...(meta.bodyLimit ? { bodyLimit: meta.bodyLimit } : {}),
      ...(meta.signedInBeforeBody ? { onRequest: app.authenticateBeforeBody } : {}),
      handler: async (request, reply) => {
        const key = keyOf(request);
        if (key !== null) {
          const response = await app.publicCache.get(
            key,
            async () => ({
              status,
              contentType: 'application/json; charset=utf-8',
              body: Buffer.from(JSON.stringify(await call(request, reply))),
            }),
            meta.publicCache,
          );
          return sendCached(request, reply, response, { ...API_SECURITY_HEADERS, ...options.headers });
        }
        const result = await call(request, reply);
        if (status === 204) return reply.status(204).send();
        return reply.status(status).send(result);
      },
    });
  }
}

/**
 * Keyed by the route and the validated input, never the raw URL: a query string cannot add entries
 * beyond the values the input schema accepts (which is why a cached read takes only enums). Input the
 * schema refuses gets null: it is answered (with its 400) outside the cache.
 */
function cacheKey(url: string, parser: unknown, request: FastifyRequest): string | null {
  if (parser === undefined) return url;
  if (!(parser instanceof z.ZodType)) return null;
  const parsed = parser.safeParse(inputOf(request));
  return parsed.success ? `${url}?${JSON.stringify(parsed.data)}` : null;
}

/** The caller's function for a dotted procedure path such as `revenue.update`. */
function procedureAt(caller: unknown, path: string): ProcedureCall {
  // The caller is a proxy: every segment, routers included, reads as a function.
  let node = caller as Record<string, unknown>;
  for (const key of path.split('.')) node = node[key] as Record<string, unknown>;
  if (typeof node !== 'function') throw new Error(`no procedure at ${path}`);
  return node as unknown as ProcedureCall;
}

/** Query (GET) or body, with path parameters on top; a body that is no object is passed as is to fail validation. */
function inputOf(request: FastifyRequest): unknown {
  const params = (request.params ?? {}) as Record<string, string>;
  const source = request.method === 'GET' || request.method === 'DELETE' ? request.query : request.body;
  if (source === undefined || source === null) return Object.keys(params).length ? { ...params } : source;
  if (typeof source !== 'object' || Array.isArray(source)) return source;
  return { ...(source as Record<string, unknown>), ...params };
}
