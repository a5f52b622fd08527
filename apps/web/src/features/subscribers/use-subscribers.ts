import type { SubscriberPageRequest } from '@journey/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';

export function useSubscriberPage(input: SubscriberPageRequest) {
  return trpc.subscribers.page.useQuery(input, { placeholderData: keepPreviousData });
}

export function useDeleteSubscriber() {
  return trpc.subscribers.delete.useMutation({ onSuccess: useRefreshAfterWrite('subscribers') });
}

/** Confirmed, pending and unsubscribed counts: the list's size is its confirmed readers. */
export function useSubscriberCounts() {
  return trpc.subscribers.counts.useQuery();
}
