/**
 * The `node:http` handler in front of Fastify. A `GET` of a cached public read whose answer is ready
 * is sent from its prepared bytes and headers without entering Fastify's lifecycle; everything else,
 * and everything once the server starts closing, goes to Fastify. The answer is byte for byte the one
 * Fastify's route gives (docs/decisions/046-cheap-logs-and-cached-reads.md).
 */
import { randomUUID } from 'node:crypto';
import {
  createServer,
  type IncomingMessage,
  type Server,
  type ServerOptions,
  type ServerResponse,
} from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import type { pino } from 'pino';
import type { CachedResponse } from './public-cache';
import { preparedAnswer } from './prepared-response';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * An answer's headers as the flat [name, value, …] list `writeHead` takes with its Content-Length, made
 * once per prepared header set and body length: Node copies and checks a list faster than an object.
 */
const rawHeaderLists = new WeakMap<Record<string, string>, Map<number, string[]>>();

function rawHeaders(headers: Record<string, string>, length: number): string[] {
  let byLength = rawHeaderLists.get(headers);
  if (!byLength) rawHeaderLists.set(headers, (byLength = new Map()));
  let list = byLength.get(length);
  if (!list)
    byLength.set(length, (list = [...Object.entries(headers).flat(), 'content-length', `${length}`]));
  return list;
}

export class FrontDoor {
  /** Path → the ready answer, if any: these reads take no input, so their query string changes nothing. */
  readonly #reads = new Map<string, () => CachedResponse | undefined>();
  /** One child logger per path and status: pino serialises a child's fields once, not on every line. */
  readonly #lines = new Map<string, pino.Logger>();
  #open = true;
  /** Requests answered here rather than by Fastify (tests check the door is used). */
  answered = 0;

  constructor(
    /** Where the request line goes (the request log's logger, without redaction: the line is fixed). */
    private readonly log: pino.Logger | null,
  ) {}

  /** Lets the front door answer `GET path` when `ready` has an answer. */
  serve(path: string, ready: () => CachedResponse | undefined): void {
    this.#reads.set(path, ready);
  }

  /** From now on Fastify answers everything (it knows how to answer while closing). */
  close(): void {
    this.#open = false;
  }

  /** Fastify's `serverFactory`: the HTTP server Fastify would make, with this door in front. */
  readonly serverFactory = (
    handler: Handler,
    options: FastifyServerOptions & { http?: ServerOptions },
  ): Server => {
    const server = createServer(options.http ?? {}, (request, response) => {
      if (!this.#answer(request, response)) handler(request, response);
    });
    // What Fastify sets on the server it makes itself.
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    return server;
  };

  /** True when the request was answered here. */
  #answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (!this.#open || request.method !== 'GET' || request.url === undefined) return false;
    const query = request.url.indexOf('?');
    const path = query === -1 ? request.url : request.url.slice(0, query);
    const cached = this.#reads.get(path)?.();
    if (!cached) return false;
    const started = performance.now();
    this.answered++;
    const requestId = randomUUID();
    const answer = preparedAnswer({ method: 'GET', headers: request.headers }, cached);
    const length = Buffer.byteLength(answer.body);
    response.writeHead(answer.status, ['x-request-id', requestId, ...rawHeaders(answer.headers, length)]);
    response.end(answer.body);
    this.#lineLogger(path, answer.status)?.info(
      { reqId: requestId, responseTime: performance.now() - started },
      'request completed',
    );
    return true;
  }

  #lineLogger(url: string, statusCode: number): pino.Logger | undefined {
    if (!this.log) return undefined;
    const key = `${statusCode} ${url}`;
    let logger = this.#lines.get(key);
    if (!logger) {
      logger = this.log.child({ req: { method: 'GET', url }, res: { statusCode } });
      this.#lines.set(key, logger);
    }
    return logger;
  }
}
