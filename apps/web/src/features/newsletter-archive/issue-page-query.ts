import type { ArchiveIssue } from '@journey/contracts';
import { queryOptions, type QueryFunction } from '@tanstack/react-query';
import type { PageTrpc } from '../../lib/page-trpc';
import { issuePageKey } from './archive-keys';

/** A NOT_FOUND answer: a TRPCError on the server (in-process call), a TRPCClientError in the browser. */
function isNotFound(error: unknown): boolean {
  const { code, data } = (error ?? {}) as { code?: unknown; data?: { code?: unknown } };
  return code === 'NOT_FOUND' || data?.code === 'NOT_FOUND';
}

/**
 * An issue page's data, or null when the slug names no public issue (unknown, a draft's or private
 * alike): null is an answer, not an error, so the server hands a 404 page's data to the browser like
 * any other (as the milestone and experiment pages do).
 */
export function issuePageQuery(bySlugProcedure: PageTrpc['newsletterArchive']['bySlug'], slug: string) {
  // Both tRPC query functions read nothing of their context but its abort signal.
  const bySlug = bySlugProcedure.queryOptions({ slug }).queryFn as QueryFunction<ArchiveIssue>;
  return queryOptions({
    queryKey: issuePageKey(slug),
    queryFn: async (context): Promise<ArchiveIssue | null> => {
      try {
        return await bySlug(context);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  });
}
