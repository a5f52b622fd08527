import type { MilestonePageRequest } from '@journey/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { entityMutations } from '../../hooks/use-entity-mutations';
import { trpc } from '../../lib/trpc';

export function useMilestones() {
  return trpc.milestones.list.useQuery();
}

export function useMilestonePage(input: MilestonePageRequest) {
  return trpc.milestones.page.useQuery(input, { placeholderData: keepPreviousData });
}

export const {
  useCreate: useCreateMilestone,
  useUpdate: useUpdateMilestone,
  useDelete: useDeleteMilestone,
} = entityMutations(trpc.milestones, 'milestones');
