import type { MilestoneDetail } from '@journey/contracts';
import { queryOptions, type QueryFunction } from '@tanstack/react-query';
import { milestonePageKey } from './milestone-page-key';
import type { PageTrpc } from '../../lib/page-trpc';

/** A NOT_FOUND answer: a TRPCError on the server (in-process call), a TRPCClientError in the browser. */
function isNotFound(error: unknown): boolean {
  const { code, data } = (error ?? {}) as { code?: unknown; data?: { code?: unknown } };
  return code === 'NOT_FOUND' || data?.code === 'NOT_FOUND';
}

/**
 * A milestone page's data: the milestone with its neighbours, or null when the id names none. Null is
 * an answer, not an error, so the server hands a 404 page's data to the browser like any other.
 * `byIdProcedure` is `milestones.byId` of the server-side helpers or of `trpc.useUtils()`.
 */
export function milestonePageQuery(byIdProcedure: PageTrpc['milestones']['byId'], id: number) {
  // Both tRPC query functions read nothing of their context but its abort signal.
  const byId = byIdProcedure.queryOptions({ id }).queryFn as QueryFunction<MilestoneDetail>;
  return queryOptions({
    queryKey: milestonePageKey(id),
    queryFn: async (context): Promise<MilestoneDetail | null> => {
      try {
        return await byId(context);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  });
}
