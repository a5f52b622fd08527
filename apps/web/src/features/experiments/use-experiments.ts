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

/** The AI Arena on the landing page and the admin pages: what an experiment write changes. */
function useInvalidateExperiments() {
  const utils = trpc.useUtils();
  return () => Promise.all([utils.experiments.list.invalidate(), utils.experiments.page.invalidate()]);
}

export const {
  useCreate: useCreateExperiment,
  useUpdate: useUpdateExperiment,
  useDelete: useDeleteExperiment,
} = entityMutations(trpc.experiments, useInvalidateExperiments);
