import { useState } from 'react';
import { notifyError, notifySuccess } from '../../components/notify';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { serverMessage, trpc } from '../../lib/trpc';
import { useRefreshRecipients, useSendBroadcast } from './use-newsletter';

/** The monthly digest: on or off, and the draft waiting for approval (docs/decisions/097-automatic-mail.md). */
export function useDigest() {
  return trpc.newsletterDigest.get.useQuery();
}

type Action = 'switch' | 'draft' | 'check' | 'send';

/**
 * The digest card's actions: its switch, "draft last month's now", and "approve and send", which asks
 * first (with the count of confirmed subscribers read again) and then is the ordinary send of the
 * draft. Refusals show in an 'Error' toast.
 */
export function useDigestActions() {
  const utils = trpc.useUtils();
  const refresh = useRefreshAfterWrite('newsletterAutomation', 'broadcasts');
  const [running, setRunning] = useState<Action | null>(null);
  const [confirming, setConfirming] = useState(false);
  const set = trpc.newsletterDigest.set.useMutation({
    onSuccess: (answer) => utils.newsletterDigest.get.setData(undefined, answer),
  });
  const draftNow = trpc.newsletterDigest.draftNow.useMutation();
  const send = useSendBroadcast();
  const refreshRecipients = useRefreshRecipients();

  const run =
    <T extends unknown[]>(action: Action, work: (...args: T) => Promise<void>) =>
    async (...args: T) => {
      if (running !== null) return;
      setRunning(action);
      try {
        await work(...args);
      } finally {
        setRunning(null);
      }
    };

  return {
    running,
    confirming,
    setEnabled: run('switch', async (enabled: boolean) => {
      // The switch moves at once; a refusal puts it back.
      const before = utils.newsletterDigest.get.getData();
      if (before) utils.newsletterDigest.get.setData(undefined, { ...before, enabled });
      try {
        await set.mutateAsync({ enabled });
        notifySuccess(
          enabled ? 'Monthly digest on' : 'Monthly digest off',
          enabled
            ? 'At the start of each month a digest of the last one waits here for your approval.'
            : 'No more digests will be drafted.',
        );
      } catch (error) {
        console.error(error);
        if (before) utils.newsletterDigest.get.setData(undefined, before);
        notifyError('Error', serverMessage(error) ?? 'The monthly digest could not be changed.');
      }
    }),
    draftNow: run('draft', async (onDrafted: (id: number) => void) => {
      try {
        const answer = await draftNow.mutateAsync();
        // The form above opens a draft from the list: the list has it first.
        await refresh();
        notifySuccess(
          answer.created ? 'Digest drafted' : 'Digest already drafted',
          `'${answer.broadcast.subject}' is open in the form above to review.`,
        );
        onDrafted(answer.broadcast.id);
      } catch (error) {
        console.error(error);
        notifyError('Error', serverMessage(error) ?? "Last month's digest could not be drafted.");
      }
    }),
    askToSend: run('check', async () => {
      if ((await refreshRecipients()) > 0) setConfirming(true);
      else notifyError('Error', 'There are no confirmed subscribers to send to yet.');
    }),
    cancelSend: () => running === null && setConfirming(false),
    confirmSend: run('send', async (id: number, onSent: () => void) => {
      try {
        const sending = await send.mutateAsync({ id });
        setConfirming(false);
        await refresh();
        notifySuccess(
          'Sending started',
          `'${sending.subject}' is on its way. Its progress shows under Broadcasts.`,
        );
        onSent();
      } catch (error) {
        console.error(error);
        setConfirming(false);
        notifyError('Error', serverMessage(error) ?? 'The digest could not be sent. Please try again.');
      }
    }),
  };
}
