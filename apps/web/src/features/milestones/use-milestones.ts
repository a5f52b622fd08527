import type { MilestonePageRequest } from '@journey/contracts';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { entityMutations } from '../../hooks/use-entity-mutations';
import { trpc } from '../../lib/trpc';
import { MILESTONE_PAGE_KEY } from '../milestone-pages/milestone-page-key';

export function useMilestones() {
  return trpc.milestones.list.useQuery();
}

export function useMilestonePage(input: MilestonePageRequest) {
  return trpc.milestones.page.useQuery(input, { placeholderData: keepPreviousData });
}

/** The timeline on the landing page, the admin pages and the milestone pages: what a milestone write changes. */
function useInvalidateMilestones() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      utils.milestones.list.invalidate(),
      utils.milestones.page.invalidate(),
      queryClient.invalidateQueries({ queryKey: MILESTONE_PAGE_KEY }),
    ]);
}

export const {
  useCreate: useCreateMilestone,
  useUpdate: useUpdateMilestone,
  useDelete: useDeleteMilestone,
} = entityMutations(trpc.milestones, useInvalidateMilestones);
