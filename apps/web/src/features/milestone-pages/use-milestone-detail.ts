import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { trpc } from '../../lib/trpc';
import { milestonePageKey } from './milestone-page-key';

const isNotFound = (error: unknown) =>
  error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === 'NOT_FOUND';

/** A milestone and its neighbours (seeded by the server for the first page); null when there is none. */
export function useMilestoneDetail(id: number | null) {
  const { client } = trpc.useUtils();
  return useQuery({
    queryKey: milestonePageKey(id ?? 0),
    enabled: id !== null,
    // Previous/next keep the page on screen until the next one's data is in, instead of a spinner.
    placeholderData: keepPreviousData,
    queryFn: async () => {
      try {
        return await client.milestones.byId.query({ id: id ?? 0 });
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
  });
}
