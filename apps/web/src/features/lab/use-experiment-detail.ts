import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { experimentPageQuery } from './experiment-page-query';

/** An experiment and its story (seeded by the server for the first page); null when there is none. */
export function useExperimentDetail(slug: string | null) {
  return useQuery({
    ...experimentPageQuery(trpc.useUtils().experiments.bySlug, slug ?? ''),
    enabled: slug !== null,
  });
}
