import { getQueryKey } from '@trpc/react-query';
import { trpc } from '../../lib/trpc';

/**
 * The query cache key of a milestone page's data: the milestone with its neighbours, or null when
 * there is no such milestone. Null is an answer, not an error, so the server can hand a 404 page's
 * data to the browser like any other and both render the same not-found page. The key starts with
 * the milestones router's, so a milestone write refreshes it with the router (lib/table-readers.ts).
 */
export const milestonePageKey = (id: number) => [...getQueryKey(trpc.milestones), 'page-data', id] as const;
