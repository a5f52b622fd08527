import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicCache, PublicTable } from './public-cache';
import { API_SECURITY_HEADERS, sendCached } from './send-cached';

/** A public answer that is not a procedure's (a feed, the sitemap, the badge, a CSV), the same for every reader. */
export interface PublicFile {
  /** The cache key: every input the body depends on (the origin for absolute links, the badge's options). */
  key: string;
  contentType: string;
  produce: () => Promise<string>;
  /** The public tables `produce` reads: a write to one of them drops the cached copy. */
  tables: readonly PublicTable[];
  /** Defaults to revalidating on every use (`no-cache`) with the ETag. */
  cacheControl?: string;
  /** Replace or add to the JSON answers' security headers. */
  headers?: Record<string, string>;
}

/**
 * Sends a public file from the public cache, which every write to its tables empties, so a reader never
 * gets one older than a write that completed. Register its route with `helmet: false` and
 * `compress: false`: these headers replace the page set, and its encodings are made once per entry.
 */
export async function sendPublicFile(
  request: FastifyRequest,
  reply: FastifyReply,
  cache: PublicCache,
  file: PublicFile,
) {
  const response = await cache.get(
    file.key,
    async () => ({ status: 200, contentType: file.contentType, body: Buffer.from(await file.produce()) }),
    file.tables,
  );
  return sendCached(request, reply, response, {
    ...API_SECURITY_HEADERS,
    ...file.headers,
    'cache-control': file.cacheControl ?? 'no-cache',
  });
}
