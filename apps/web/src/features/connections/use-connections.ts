import { trpc } from '../../lib/trpc';

/** The tracker's verified line (docs/decisions/077-provider-connections.md). */
export function useVerification() {
  return trpc.connections.verification.useQuery();
}
