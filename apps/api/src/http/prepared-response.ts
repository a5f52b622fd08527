import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CachedResponse } from './public-cache';
import { API_SECURITY_HEADERS } from './send-cached';

/**
 * A cached public read as sent, prepared once per cache entry: its headers, and its body in each
 * encoding a client may take. The answers equal what the plugins give any other answer (docs/
 * decisions/046-cheap-logs-and-cached-reads.md): @fastify/compress's encodings, threshold and brotli
 * quality, @fastify/etag's 304. Routes answered here opt out of @fastify/compress.
 */
interface Prepared {
  headers: Record<string, string>;
  /** A body under the threshold is always sent as is. */
  compressible: boolean;
  encoded: Partial<Record<Encoding, Buffer>>;
  /** `headers` plus the encoding's, per encoding sent. */
  encodedHeaders: Partial<Record<Encoding, Record<string, string>>>;
}

type Encoding = 'br' | 'gzip';

/** @fastify/compress's defaults, as registered in plugins/external/compress.ts. */
const COMPRESS_THRESHOLD = 1024;
const COMPRESSORS: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => gzipSync(body),
};

/** A few distinct Accept-Encoding values cover nearly every browser; the cache is bounded all the same. */
const encodings = new Negotiator<Encoding>({
  supportedValues: ['br', 'gzip'],
  cache: new LRUCache<string, string>({ max: 100 }),
});

const prepared = new WeakMap<CachedResponse, Prepared>();

function prepare(response: CachedResponse): Prepared {
  let entry = prepared.get(response);
  if (!entry) {
    entry = {
      headers: {
        ...API_SECURITY_HEADERS,
        'cache-control': 'no-cache',
        etag: response.etag,
        'content-type': response.contentType,
      },
      compressible: response.body.length >= COMPRESS_THRESHOLD,
      encoded: {},
      encodedHeaders: {},
    };
    prepared.set(response, entry);
  }
  return entry;
}

/** What a cached read's request says: only these decide the answer. */
export interface ReadRequest {
  method: string;
  headers: IncomingHttpHeaders;
}

/** The answer to send, whoever sends it (Fastify's reply or the front door, http/front-door.ts). */
export interface PreparedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

/** What @fastify/compress would pick: `*` and `x-gzip` read as gzip; none without the header. */
function encodingFor(headers: IncomingHttpHeaders): Encoding | null {
  const header = headers['accept-encoding'];
  if (header === undefined || headers['x-no-compression'] !== undefined) return null;
  return encodings.negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'));
}

/** @fastify/etag's match: the ETag itself, or either side marked weak. */
function holdsEtag(headers: IncomingHttpHeaders, etag: string): boolean {
  const held = headers['if-none-match'];
  return held === etag || held === `W/${etag}` || `W/${held}` === etag;
}

/** A cached public read's answer: 304 when the client holds it, else its bytes in the client's encoding. */
export function preparedAnswer(request: ReadRequest, response: CachedResponse): PreparedAnswer {
  const entry = prepare(response);
  if (holdsEtag(request.headers, response.etag)) return { status: 304, headers: entry.headers, body: '' };
  // A HEAD answer names the plain body's length, as Fastify's HEAD routes do.
  const encoding = entry.compressible && request.method !== 'HEAD' ? encodingFor(request.headers) : null;
  if (encoding === null) return { status: response.status, headers: entry.headers, body: response.body };
  const body = (entry.encoded[encoding] ??= COMPRESSORS[encoding](response.body));
  const headers = (entry.encodedHeaders[encoding] ??= {
    ...entry.headers,
    vary: 'accept-encoding',
    'content-encoding': encoding,
  });
  return { status: response.status, headers, body };
}

/** Sends a cached public read through Fastify (a miss, or a hit the front door left to Fastify). */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, response: CachedResponse) {
  const answer = preparedAnswer(request, response);
  return reply.code(answer.status).headers(answer.headers).send(answer.body);
}
