import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';

/** The Webhooks tab (docs/decisions/091-outgoing-webhooks.md): the endpoints and their deliveries. */
export function useWebhookEndpoints() {
  return trpc.webhooks.list.useQuery();
}

/** While a delivery waits or is being sent, the list looks again every two seconds. */
const PENDING_POLL_MS = 2_000;

export function useWebhookDeliveries(id: number) {
  return trpc.webhooks.deliveries.useQuery(
    { id },
    {
      refetchInterval: (query) =>
        query.state.data?.some((delivery) => delivery.status === 'queued' || delivery.status === 'sending')
          ? PENDING_POLL_MS
          : false,
    },
  );
}

export function useCreateWebhook() {
  return trpc.webhooks.create.useMutation({ onSuccess: useRefreshAfterWrite('webhooks') });
}

export function useUpdateWebhook() {
  return trpc.webhooks.update.useMutation({ onSuccess: useRefreshAfterWrite('webhooks') });
}

export function useDeleteWebhook() {
  return trpc.webhooks.delete.useMutation({ onSuccess: useRefreshAfterWrite('webhooks') });
}

export function useResendDelivery() {
  return trpc.webhooks.resend.useMutation({ onSuccess: useRefreshAfterWrite('webhooks') });
}
