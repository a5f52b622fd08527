import { trpc } from '../../lib/trpc';

export function useExperiments() {
  return trpc.experiments.list.useQuery();
}
