import { getQueryKey } from '@trpc/react-query';
import { trpc } from '../../lib/trpc';

/**
 * The query cache key of an experiment page's data, or null when no experiment has the slug. It
 * starts with the experiments router's key, so an experiment write refreshes it with the router
 * (lib/table-readers.ts).
 */
export const experimentPageKey = (slug: string) =>
  [...getQueryKey(trpc.experiments), 'page-data', slug] as const;
