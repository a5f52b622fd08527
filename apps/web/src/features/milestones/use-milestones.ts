import { trpc } from '../../lib/trpc';

export function useMilestones() {
  return trpc.milestones.list.useQuery();
}

export function useCreateMilestone() {
  const utils = trpc.useUtils();
  return trpc.milestones.create.useMutation({ onSuccess: () => utils.milestones.list.invalidate() });
}
