import type { MilestonePageRequest } from '@journey/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { entityMutations } from '../../hooks/use-entity-mutations';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';

export function useMilestones() {
  return trpc.milestones.list.useQuery();
}

export function useMilestonePage(input: MilestonePageRequest) {
  return trpc.milestones.page.useQuery(input, { placeholderData: keepPreviousData });
}

/** Adding one may mail it, a broadcast of the Newsletter tab (docs/decisions/097-automatic-mail.md). */
export function useCreateMilestone() {
  return trpc.milestones.create.useMutation({ onSuccess: useRefreshAfterWrite('milestones', 'broadcasts') });
}

export const { useUpdate: useUpdateMilestone, useDelete: useDeleteMilestone } = entityMutations(
  trpc.milestones,
  'milestones',
);
