import type { ExperimentPageRequest } from '@journey/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { entityMutations } from '../../hooks/use-entity-mutations';
import { trpc } from '../../lib/trpc';

export function useExperiments() {
  return trpc.experiments.list.useQuery();
}

export function useExperimentPage(input: ExperimentPageRequest) {
  return trpc.experiments.page.useQuery(input, { placeholderData: keepPreviousData });
}

export const {
  useCreate: useCreateExperiment,
  useUpdate: useUpdateExperiment,
  useDelete: useDeleteExperiment,
} = entityMutations(trpc.experiments, 'experiments');
