import type { ExperimentPageRequest } from '@journey/contracts';
import { keepPreviousData } from '@tanstack/react-query';
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

export function useCreateExperiment() {
  const invalidate = useInvalidateExperiments();
  return trpc.experiments.create.useMutation({ onSuccess: invalidate });
}

export function useUpdateExperiment() {
  const invalidate = useInvalidateExperiments();
  return trpc.experiments.update.useMutation({ onSuccess: invalidate });
}

export function useDeleteExperiment() {
  const invalidate = useInvalidateExperiments();
  return trpc.experiments.delete.useMutation({ onSuccess: invalidate });
}
