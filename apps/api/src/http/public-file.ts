import type { FastifyReply } from 'fastify';
import type { PublicCache, PublicTable } from './public-cache';
import { API_SECURITY_HEADERS } from './send-cached';

/** A public answer that is not JSON (a feed, the sitemap, the badge, a CSV), the same for every reader. */
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
 * Sends a public file from the public cache, which every write to its tables empties, so a reader never gets one
 * older than a write that completed. Register its route with `helmet: false`: these headers replace
 * the page set. `@fastify/etag` answers `304` when the request already holds the ETag.
 */
export async function sendPublicFile(reply: FastifyReply, cache: PublicCache, file: PublicFile) {
  const response = await cache.get(
    file.key,
    async () => ({
      status: 200,
      contentType: file.contentType,
      body: Buffer.from(await file.produce()),
    }),
    file.tables,
  );
  return reply
    .headers({ ...API_SECURITY_HEADERS, ...file.headers })
    .header('Cache-Control', file.cacheControl ?? 'no-cache')
    .header('ETag', response.etag)
    .type(response.contentType)
    .send(response.body);
}
