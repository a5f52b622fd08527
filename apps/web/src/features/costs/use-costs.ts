import type { CostPageRequest } from '@journey/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { entityMutations } from '../../hooks/use-entity-mutations';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';

export function useCostPage(input: CostPageRequest) {
  return trpc.costs.page.useQuery(input, { placeholderData: keepPreviousData });
}

/** The experiments a cost may belong to, for the form's select and the table's column. */
export function useExperimentChoices() {
  return trpc.experiments.list.useQuery();
}

/** A cost's experiment in words: its title ('#id' until the list loads, or once it is gone), '–' for none. */
export function useExperimentTitle() {
  const experiments = useExperimentChoices();
  return useMemo(() => {
    const titles = new Map((experiments.data ?? []).map((experiment) => [experiment.id, experiment.title]));
    return (id: number | null) => (id === null ? '–' : (titles.get(id) ?? `#${id}`));
  }, [experiments.data]);
}

/** Costs deleted by hand, for the admin to restore (docs/decisions/084-ledger-commitments.md). */
export function useDeletedCosts() {
  return trpc.costs.deleted.useQuery();
}

/** A cost's recorded changes, fetched while its history dialog is open. */
export function useCostHistory(id: number | null) {
  return trpc.costs.history.useQuery({ id: id ?? 0 }, { enabled: id !== null });
}

/** An undo is a write of the cost like any other: it refreshes what an edit refreshes. */
export function useUndoCost() {
  return trpc.costs.undo.useMutation({ onSuccess: useRefreshAfterWrite('costs') });
}

export const {
  useCreate: useCreateCost,
  useUpdate: useUpdateCost,
  useDelete: useDeleteCost,
} = entityMutations(trpc.costs, 'costs');
