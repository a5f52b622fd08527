import { CURRENT_USER_STALE_MS } from '@journey/contracts/constants';
import { trpc } from '../../lib/trpc';

/** SPEC.md section 4: the current user, held for 60 s; null when nobody is signed in. */
export function useCurrentUser() {
  return trpc.auth.me.useQuery(undefined, { staleTime: CURRENT_USER_STALE_MS });
}
