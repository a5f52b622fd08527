import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The HTTP part every provider stand-in shares: a server on a free loopback port that records each
 * request, answers through the provider's own `answer`, can be told to fail the next requests (a 429
 * with its Retry-After, a 5xx) and to answer slowly, as a distant API would.
 */

export interface StandInAnswer {
  status: number;
  body: unknown;
}

export interface StandInServer {
  /** The origin to give the provider's *_API_BASE. */
  base: string;
  /** Every request's method and path with its query, in order. */
  requests: string[];
  /** Milliseconds each answer waits before it is sent (0 by default); read at each request. */
  delayMs: number;
  /** Answers to give the next requests before any real one: a status and its Retry-After, if any. */
  failNext(status: 429 | 500 | 502 | 503, times?: number, retryAfterSeconds?: number): void;
  stop(): Promise<void>;
}

export async function startStandInServer(options: {
  answer: (request: IncomingMessage, url: URL, body: string) => StandInAnswer;
  /** The provider's error body for a failure it was told to give. */
  failure: (status: number) => unknown;
  contentType: string;
}): Promise<StandInServer> {
  const requests: string[] = [];
  const failures: { status: number; retryAfter: number | undefined }[] = [];
  const standIn = { delayMs: 0, requests } as StandInServer;

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(`${request.method} ${url.pathname}${url.search}`);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => setTimeout(respond, standIn.delayMs));
    const respond = () => {
      const failure = failures.shift();
      const { status, body } = failure
        ? { status: failure.status, body: options.failure(failure.status) }
        : options.answer(request, url, Buffer.concat(chunks).toString('utf8'));
      response.writeHead(status, {
        'content-type': options.contentType,
        'request-id': `req_${requests.length}`,
        ...(failure?.retryAfter !== undefined ? { 'retry-after': String(failure.retryAfter) } : {}),
      });
      response.end(JSON.stringify(body));
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    base: `http://127.0.0.1:${port}`,
    failNext(status: number, times = 1, retryAfterSeconds?: number) {
      for (let index = 0; index < times; index += 1) failures.push({ status, retryAfter: retryAfterSeconds });
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((closeError) => (closeError ? reject(closeError) : resolve()));
      }),
  });
}
