import type { Broadcast } from '@journey/contracts';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { trpc } from '../../lib/trpc';

/** While a broadcast sends, its counts are read again every second; polling stops once none sends. */
const SENDING_POLL_MS = 1_000;
/** The outbox is read again this often while the tab is open, so a new mail shows without a reload. */
const OUTBOX_POLL_MS = 2_000;

/**
 * Where mail goes, how many would receive a broadcast, and the test's recipient. Readers confirm and
 * unsubscribe on their own, so the count is read again whenever the tab opens or the window regains
 * focus (docs/decisions/056-newsletter-hardening.md), and before a send asks for confirmation.
 */
export function useNewsletterStatus() {
  return trpc.newsletter.status.useQuery(undefined, {
    refetchOnMount: 'always',
    refetchOnWindowFocus: 'always',
  });
}

/** Reads the count of confirmed subscribers again and returns it. */
export function useRefreshRecipients() {
  const utils = trpc.useUtils();
  return async () => {
    await utils.newsletter.status.invalidate();
    return utils.newsletter.status.getData()?.confirmedSubscribers ?? 0;
  };
}

const anySending = (broadcasts: Broadcast[] | undefined) =>
  broadcasts?.some((broadcast) => broadcast.status === 'sending') ?? false;

/** Every broadcast, newest first. */
export function useBroadcasts() {
  return trpc.newsletter.list.useQuery(undefined, {
    refetchInterval: (query) => (anySending(query.state.data) ? SENDING_POLL_MS : false),
  });
}

export function useBroadcastFailures(id: number, enabled: boolean) {
  return trpc.newsletter.failures.useQuery({ id }, { enabled });
}

/** The messages kept instead of sent; only asked for when there is no SMTP. */
export function useOutbox(enabled: boolean) {
  return trpc.newsletter.outbox.useQuery(undefined, { enabled, refetchInterval: OUTBOX_POLL_MS });
}

/**
 * The list shows a saved or sent broadcast from the answer at once, newest first, then the reads of
 * broadcasts refetch (a send's also the recipients' count); nothing waits for that refetch.
 */
function useShowInList() {
  const utils = trpc.useUtils();
  const refresh = useRefreshAfterWrite('broadcasts');
  return (saved: Broadcast) => {
    utils.newsletter.list.setData(undefined, (list) =>
      list?.some((broadcast) => broadcast.id === saved.id)
        ? list.map((broadcast) => (broadcast.id === saved.id ? saved : broadcast))
        : [saved, ...(list ?? [])],
    );
    void refresh();
  };
}

export function useSaveBroadcast() {
  const onSuccess = useShowInList();
  return {
    create: trpc.newsletter.create.useMutation({ onSuccess }),
    update: trpc.newsletter.update.useMutation({ onSuccess }),
  };
}

export function useDeleteBroadcast() {
  return trpc.newsletter.delete.useMutation({ onSuccess: useRefreshAfterWrite('broadcasts') });
}

/** A test lands in the outbox when there is no SMTP. */
export function useSendTest() {
  return trpc.newsletter.sendTest.useMutation({ onSuccess: useRefreshAfterWrite('outbox') });
}

/** A send moves the broadcast to 'sending', which shows its progress and starts the list's polling. */
export function useSendBroadcast() {
  const utils = trpc.useUtils();
  const showInList = useShowInList();
  return trpc.newsletter.send.useMutation({
    onSuccess: showInList,
    // Refused because nobody is left to send to: the button shows the count the server has now.
    onError: () => utils.newsletter.status.invalidate(),
  });
}

export function useClearOutbox() {
  return trpc.newsletter.clearOutbox.useMutation({ onSuccess: useRefreshAfterWrite('outbox') });
}
