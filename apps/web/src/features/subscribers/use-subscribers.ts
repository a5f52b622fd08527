import type { SubscriberPageRequest } from '@journey/contracts';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';

export function useSubscriberPage(input: SubscriberPageRequest) {
  return trpc.subscribers.page.useQuery(input, { placeholderData: keepPreviousData });
}

export function useDeleteSubscriber() {
  const utils = trpc.useUtils();
  return trpc.subscribers.delete.useMutation({
    onSuccess: () =>
      Promise.all([
        utils.subscribers.page.invalidate(),
        utils.subscribers.list.invalidate(),
        // The Newsletter tab's 'Send to N subscribers' counts them.
        utils.newsletter.status.invalidate(),
      ]),
  });
}
