import type { CostPageRequest } from '@journey/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { entityMutations } from '../../hooks/use-entity-mutations';
import { trpc } from '../../lib/trpc';

export function useCostPage(input: CostPageRequest) {
  return trpc.costs.page.useQuery(input, { placeholderData: keepPreviousData });
}

/** The experiments a cost may belong to, for the form's select and the table's column. */
export function useExperimentChoices() {
  return trpc.experiments.list.useQuery();
}

export const {
  useCreate: useCreateCost,
  useUpdate: useUpdateCost,
  useDelete: useDeleteCost,
} = entityMutations(trpc.costs, 'costs');
