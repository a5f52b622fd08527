import { CURRENT_USER_STALE_MS } from '@journey/contracts/constants';
import { trpc } from '../../lib/trpc';

/** docs/product.md#states: the current user, held for 60 s; null when nobody is signed in. */
export function useCurrentUser() {
  return trpc.auth.me.useQuery(undefined, { staleTime: CURRENT_USER_STALE_MS });
}
