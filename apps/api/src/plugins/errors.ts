import type { ErrorBody } from '@journey/contracts';
import { isDatabaseUnavailable } from '@journey/db';
import { TRPCError } from '@trpc/server';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DATABASE_UNAVAILABLE_MESSAGE, describeTRPCError, INTERNAL_ERROR_MESSAGE } from '../trpc/errors';
import { JSON_REQUIRED_MESSAGE, mediaTypeOf } from './cross-site';

const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large (the limit is 1 MiB).',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: JSON_REQUIRED_MESSAGE,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'Request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'Request body is not valid JSON.',
};

const clientError = (statusCode: number, code: string, message: string) =>
  Object.assign(new Error(message), { statusCode, code });

/**
 * An `onRequest` hook for the tRPC routes, for what tRPC would answer with a 500: its Fastify plugin
 * hands multipart bodies to tRPC as raw streams (past the body limit), and tRPC decodes the already
 * decoded procedure path a second time, so a `%` in it throws. The API takes JSON only (415), and
 * such a path names no procedure (404).
 */
export async function refuseWhatTrpcCannotParse(request: FastifyRequest): Promise<void> {
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

/** Status and body for anything thrown while answering a request. */
export function describeError(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof TRPCError) return describeTRPCError(error);
  if (isDatabaseUnavailable(error)) return { status: 503, body: { message: DATABASE_UNAVAILABLE_MESSAGE } };
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const known = fastifyError.code ? FASTIFY_MESSAGES[fastifyError.code] : undefined;
    const message =
      known ?? (error instanceof SyntaxError ? 'Request body is not valid JSON.' : fastifyError.message);
    return { status, body: { message: message || 'Bad request.' } };
  }
  return { status: 500, body: { message: INTERNAL_ERROR_MESSAGE } };
}

/** The one error body for every non-2xx answer (DESIGN.md item 11); 5xx details go to the log only. */
export function registerErrorHandlers(
  app: FastifyInstance,
  options: { renderPage: () => ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | null },
) {
  app.setErrorHandler((error, request, reply) => {
    const { status, body } = describeError(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).type('application/json; charset=utf-8').send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    const renderPage = options.renderPage();
    if (path === '/api' || path.startsWith('/api/') || !wantsPage || !renderPage) {
      return reply.status(404).send({ message: `Not found: ${request.method} ${path}` } satisfies ErrorBody);
    }
    // The app renders its not-found page, and the status says 404.
    return renderPage(request, reply);
  });
}
