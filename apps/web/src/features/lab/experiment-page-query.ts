import type { ExperimentDetail } from '@journey/contracts';
import { queryOptions, type QueryFunction } from '@tanstack/react-query';
import type { PageTrpc } from '../../lib/page-trpc';
import { experimentPageKey } from './experiment-page-key';

/** A NOT_FOUND answer: a TRPCError on the server (in-process call), a TRPCClientError in the browser. */
function isNotFound(error: unknown): boolean {
  const { code, data } = (error ?? {}) as { code?: unknown; data?: { code?: unknown } };
  return code === 'NOT_FOUND' || data?.code === 'NOT_FOUND';
}

/**
 * An experiment page's data, or null when the slug names none: null is an answer, not an error, so
 * the server hands a 404 page's data to the browser like any other (as milestone pages do).
 * `bySlugProcedure` is `experiments.bySlug` of the server-side helpers or of `trpc.useUtils()`.
 */
export function experimentPageQuery(bySlugProcedure: PageTrpc['experiments']['bySlug'], slug: string) {
  // Both tRPC query functions read nothing of their context but its abort signal.
  const bySlug = bySlugProcedure.queryOptions({ slug }).queryFn as QueryFunction<ExperimentDetail>;
  return queryOptions({
    queryKey: experimentPageKey(slug),
    queryFn: async (context): Promise<ExperimentDetail | null> => {
      try {
        return await bySlug(context);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  });
}
