/**
 * Structured request logs (pino, through Fastify) with a server-made request id and no secrets:
 * no passwords, session tokens, cookies or query parameters ever reach a line. One line per request,
 * written through a buffered, asynchronous destination (docs/decisions/046-cheap-logs-and-cached-reads.md).
 */
import { randomUUID } from 'node:crypto';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { pino } from 'pino';

const REDACTED = '[redacted]';

/**
 * Anything that could carry a cookie, a token or a request body, wherever a log call puts it. The
 * request line holds none of these; this is the net under any later `log.info({ req, body })`.
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

/** The request line's `req`: method and path, never the query string (it may carry a token). */
function serializeRequest(request: FastifyRequest) {
  const { url } = request;
  const query = url.indexOf('?');
  return { method: request.method, url: query === -1 ? url : url.slice(0, query) };
}

const serializeReply = (reply: Pick<FastifyReply, 'statusCode'>) => ({ statusCode: reply.statusCode });

/** Bytes kept before a write; a busy server writes a few KB at a time instead of a syscall per line. */
const BUFFER_BYTES = 4096;
/** A quiet server's lines reach the file within this. */
const FLUSH_EVERY_MS = 1000;

/**
 * Where the lines go when no stream is given: `file` (appended to) or stdout, written asynchronously.
 * `buffered` keeps lines until BUFFER_BYTES or FLUSH_EVERY_MS; pino flushes what is left when the
 * process exits, so an exit (graceful or not) loses nothing that was logged before it.
 */
export function logDestination(options: { file?: string; buffered: boolean }) {
  return pino.destination({
    dest: options.file ?? 1,
    sync: false,
    mkdir: options.file !== undefined,
    ...(options.buffered ? { minLength: BUFFER_BYTES, periodicFlush: FLUSH_EVERY_MS } : {}),
  });
}

/** Fastify's request lines, made one: nothing on arrival, method, path, status and time once answered. */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request completed');
  }
}

/** Fastify options for the logger and request ids; `stream` receives the JSON lines. */
export function loggingOptions(
  level: string,
  stream: pino.DestinationStream,
): Pick<FastifyServerOptions, 'logger' | 'genReqId' | 'requestIdHeader' | 'logController'> {
  return {
    logger: {
      level,
      redact: { paths: REDACT_PATHS, censor: REDACTED },
      serializers: { err: serializeError, req: serializeRequest, res: serializeReply },
      stream,
    },
    logController: new OneLinePerRequest(),
    // Always made here, never taken from the client: a forged id could collide with another
    // request's lines or smuggle text into the log. A proxy can log our X-Request-Id answer instead.
    requestIdHeader: false,
    genReqId: () => randomUUID(),
  };
}

/** Every answer names its request id, so a user's report can be matched to the log lines. */
export default fp(
  (app, _options, done) => {
    // A callback hook: no promise per request for one header.
    app.addHook('onRequest', (request, reply, next) => {
      reply.header('x-request-id', request.id);
      next();
    });
    done();
  },
  { name: 'request-id' },
);
