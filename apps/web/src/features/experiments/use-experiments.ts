import type { ExperimentPageRequest } from '@journey/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { entityMutations } from '../../hooks/use-entity-mutations';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';

/** Every experiment; `wanted` false waits (an edit dialog's select, until a record is opened). */
export function useExperiments(wanted = true) {
  return trpc.experiments.list.useQuery(undefined, { enabled: wanted });
}

export function useExperimentPage(input: ExperimentPageRequest) {
  return trpc.experiments.page.useQuery(input, { placeholderData: keepPreviousData });
}

export const {
  useCreate: useCreateExperiment,
  useUpdate: useUpdateExperiment,
  useDelete: useDeleteExperiment,
} = entityMutations(trpc.experiments, 'experiments');

/** An experiment's revenue rules (docs/decisions/082-experiment-money.md), while its dialog is open. */
export function useExperimentAssignments(id: number | null) {
  return trpc.experiments.assignments.list.useQuery({ id: id ?? 0 }, { enabled: id !== null });
}

/** Replaces an experiment's whole list of rules; the experiments' reads refresh after it. */
export function useReplaceAssignments() {
  return trpc.experiments.assignments.replace.useMutation({ onSuccess: useRefreshAfterWrite('experiments') });
}
