/**
 * Structured request logs (pino, through Fastify) with a server-made request id and no secrets:
 * no passwords, session tokens, cookies or query parameters ever reach a line.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';

const REDACTED = '[redacted]';

/**
 * Anything that could carry a cookie, a token or a request body, wherever a log call puts it. Fastify's
 * own request lines hold none of these; this is the net under any later `log.info({ req, body })`.
 */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'req.body',
  'body',
  'input',
  'password',
  '*.body',
  '*.input',
  '*.password',
];

/** Error fields holding a failed query's bound values: a password hash, a session token's hash, a row. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'args']);
const MAX_CAUSES = 5;

/**
 * Drizzle puts a failed query's values in its message ("Failed query: …\nparams: …"), and tRPC copies
 * that message into the error it wraps it in; PostgreSQL's "Failing row contains (…)" detail lists a
 * whole row (values may hold parentheses and line breaks, so everything after it goes).
 */
function withoutValues(text: string): string {
  return text
    .replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/g, `\nparams: ${REDACTED}`)
    .replace(/Failing row contains [\s\S]*/, `Failing row contains ${REDACTED}`);
}

interface SerializedError {
  [key: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/** Like pino's error serializer (type, message, stack, own fields, causes), minus bound query values. */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: withoutValues(String(error)), stack: '' };
  const fields: SerializedError = {
    type: error.constructor.name,
    message: withoutValues(error.message),
    stack: withoutValues(error.stack ?? ''),
  };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key in fields) continue;
    if (VALUE_FIELDS.has(key)) fields[key] = REDACTED;
    else fields[key] = typeof value === 'string' ? withoutValues(value) : value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) fields.cause = serializeError(error.cause, depth + 1);
  return fields;
}

/** Fastify options for the logger and request ids; `stream` receives the JSON lines (tests read it). */
export function loggingOptions(
  level: string,
  stream: NodeJS.WritableStream | undefined,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader'> {
  return {
    logger: {
      level,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { err: serializeError },
      ...(stream ? { stream } : {}),
    },
    // Always made here, never taken from the client: a forged id could collide with another
    // request's lines or smuggle text into the log. A proxy can log our X-Request-Id answer instead.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
  };
}

/** Every answer names its request id, so a user's report can be matched to the log lines. */
export default fp(
  async (app) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'request-id' },
);
