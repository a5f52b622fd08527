import { getQueryKey } from '@trpc/react-query';
import { trpc } from '../../lib/trpc';

/**
 * The query cache key of an issue page's data, or null when no public issue has the slug. It starts
 * with the archive router's key, so a send or a visibility change refreshes it with the router
 * (lib/table-readers.ts).
 */
export const issuePageKey = (slug: string) =>
  [...getQueryKey(trpc.newsletterArchive), 'page-data', slug] as const;
