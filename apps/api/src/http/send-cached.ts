import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import '../features/auth/session';
import type { CachedResponse, Encoding } from './public-cache';

/**
 * The security headers of a JSON answer (OWASP's REST list), sent with the cached public reads instead
 * of the page set: a JSON body needs no script or style policy, and ~600 fewer bytes a read count.
 */
export const API_SECURITY_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

/** The route options of a cached public answer: it brings its own security headers and encodings. */
export const CACHED_ROUTE = { helmet: false, compress: false } as const;

/** True when the request carries no signed-in session: it may share the anonymous answers. */
export function isAnonymous(request: FastifyRequest): boolean {
  return typeof request.session?.userId !== 'number';
}

/** @fastify/compress's threshold and brotli quality, as registered in plugins/external/compress.ts. */
const COMPRESS_THRESHOLD = 1024;
const COMPRESSORS: Record<Encoding, (body: Buffer) => Buffer> = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: (body) => gzipSync(body),
};
/** The text types @fastify/compress compresses; images (the preview PNG) are sent as they are. */
const COMPRESSIBLE = /^text\/|[/+](?:json|xml)(?:;|$)/u;

/** A few distinct Accept-Encoding values cover nearly every browser; the cache is bounded all the same. */
const encodings = new Negotiator<Encoding>({
  supportedValues: ['br', 'gzip'],
  cache: new LRUCache<string, string>({ max: 100 }),
});

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

/**
 * Sends a kept answer, with `headers` (its route's security and caching headers): 304 when the client
 * holds its ETag, else its bytes in the encoding the client takes, compressed once per entry. A HEAD
 * answer names the plain body's length, as Fastify's HEAD routes do. The answer equals what
 * @fastify/compress and @fastify/etag would give, without compressing again on every hit.
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  response: CachedResponse,
  headers: Record<string, string> = {},
): FastifyReply {
  reply.headers(headers);
  if (!('cache-control' in headers)) reply.header('cache-control', 'no-cache');
  reply.header('etag', response.etag).type(response.contentType);
  if (holdsEtag(request.headers, response.etag)) return reply.code(304).send('');
  const compressible =
    request.method !== 'HEAD' &&
    response.body.length >= COMPRESS_THRESHOLD &&
    COMPRESSIBLE.test(response.contentType);
  const encoding = compressible ? encodingFor(request.headers) : null;
  if (encoding === null) return reply.code(response.status).send(response.body);
  const body = (response.encoded[encoding] ??= COMPRESSORS[encoding](response.body));
  const vary = reply.getHeader('vary');
  return reply
    .code(response.status)
    .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding')
    .header('content-encoding', encoding)
    .send(body);
}
