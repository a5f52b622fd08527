import type { ErrorBody } from '@journey/contracts';
import { isDatabaseUnavailable } from '@journey/db';
import { TRPCError } from '@trpc/server';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DATABASE_UNAVAILABLE_MESSAGE, describeTRPCError, INTERNAL_ERROR_MESSAGE } from '../../trpc/errors';
import { JSON_REQUIRED_MESSAGE } from './cross-site';

/** A path parameter past the router's 5,000 characters (a tRPC batch): the message never echoes it. */
export const URI_TOO_LONG_MESSAGE = 'The address is too long.';
/** The router's `maxParamLength` (server-options.ts): a longer path matches no route with a parameter. */
export const MAX_PARAM_LENGTH = 5000;

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_MAX_PARAM_LENGTH: URI_TOO_LONG_MESSAGE,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: JSON_REQUIRED_MESSAGE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON.',
};

const MIB = 1024 * 1024;

/**
 * Status and body for anything thrown while answering a request; `bodyLimit` is the route's own (the
 * CSV import takes more than the server's 1 MiB).
 */
export function describeError(error: unknown, bodyLimit = MIB): { status: number; body: ErrorBody } {
  if (error instanceof TRPCError) return describeTRPCError(error);
  if (isDatabaseUnavailable(error)) return { status: 503, body: { message: DATABASE_UNAVAILABLE_MESSAGE } };
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const known =
      fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? `Request body is too large (the limit is ${Math.round((bodyLimit / MIB) * 10) / 10} MiB).`
        : fastifyError.code
          ? FASTIFY_MESSAGES[fastifyError.code]
          : undefined;
    const message =
      known ?? (error instanceof SyntaxError ? 'Request body is not valid JSON.' : fastifyError.message);
    return { status, body: { message: message || 'Bad request.' } };
  }
  return { status: 500, body: { message: INTERNAL_ERROR_MESSAGE } };
}

type PageHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Set by the pages once registered: unknown page paths then get the app's own not-found page. */
    notFoundPage: { render: PageHandler | null };
  }
}

/** The one error body for every non-2xx answer (docs/architecture.md#errors); 5xx details go to the log only. */
export default fp(
  async (app) => {
    const notFoundPage: { render: PageHandler | null } = { render: null };
    app.decorate('notFoundPage', notFoundPage);

    app.setErrorHandler((error, request, reply) => {
      const { status, body } = describeError(error, request.routeOptions.bodyLimit);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(status).type('application/json; charset=utf-8').send(body);
    });

    // No API path is a file: one no route matched (a tRPC path past the router's length limit) would
    // otherwise fall through to the static files' wildcard, which answers 403 (decision 057). It only
    // answers 404 or 414, whatever the origin, so the cross-site guard has nothing to keep it from.
    // Answered on arrival, before a body is read or its type refused.
    const notFound = (_request: FastifyRequest, reply: FastifyReply) => reply.callNotFound();
    app.all('/api/*', { config: { anySite: true }, onRequest: notFound }, notFound);

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?', 1)[0] ?? '/';
      // Past the router's parameter limit (server-options.ts) no route could have matched.
      if (path.length > MAX_PARAM_LENGTH)
        return reply.status(414).send({ message: URI_TOO_LONG_MESSAGE } satisfies ErrorBody);
      const wantsPage = request.method === 'GET' || request.method === 'HEAD';
      if (path === '/api' || path.startsWith('/api/') || !wantsPage || !notFoundPage.render) {
        return reply
          .status(404)
          .send({ message: `Not found: ${request.method} ${path}` } satisfies ErrorBody);
      }
      // The app renders its not-found page, and the status says 404.
      return notFoundPage.render(request, reply);
    });
  },
  { name: 'errors' },
);
