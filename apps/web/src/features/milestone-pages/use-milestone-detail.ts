import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { milestonePageQuery } from './milestone-page-query';
import { trpc } from '../../lib/trpc';

/** A milestone and its neighbours (seeded by the server for the first page); null when there is none. */
export function useMilestoneDetail(id: number | null) {
  return useQuery({
    ...milestonePageQuery(trpc.useUtils().milestones.byId, id ?? 0),
    enabled: id !== null,
    // Previous/next keep the page on screen until the next one's data is in, instead of a spinner.
    placeholderData: keepPreviousData,
  });
}
