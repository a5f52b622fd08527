import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';

/** The tracker's verified line (docs/decisions/077-provider-connections.md). */
export function useVerification() {
  return trpc.connections.verification.useQuery();
}

/** While a sync runs, the tab looks again every two seconds, so its state and time follow. */
const SYNCING_POLL_MS = 2_000;

/** The admin's Connections tab: each connection, the webhook URLs and Stripe's key form. */
export function useConnections() {
  return trpc.connections.list.useQuery(undefined, {
    refetchInterval: (query) =>
      query.state.data?.connections.some((connection) => connection.status === 'syncing')
        ? SYNCING_POLL_MS
        : false,
  });
}

export function useConnect() {
  return trpc.connections.connect.useMutation({ onSuccess: useRefreshAfterWrite('connections') });
}

export function useSyncNow() {
  return trpc.connections.sync.useMutation({ onSuccess: useRefreshAfterWrite('connections') });
}

export function useDisconnect() {
  return trpc.connections.disconnect.useMutation({ onSuccess: useRefreshAfterWrite('connections') });
}

export function useUploadRates() {
  return trpc.connections.uploadRates.useMutation({ onSuccess: useRefreshAfterWrite('connections') });
}

export function useSaveSchedule() {
  return trpc.connections.schedule.useMutation({ onSuccess: useRefreshAfterWrite('connections') });
}
