import { broadcastInput, type BroadcastInput, type MailDelivery } from '@journey/contracts';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../../components/notify';
import { serverFieldErrors, serverMessage } from '../../lib/trpc';
import { useRefreshRecipients, useSaveBroadcast, useSendBroadcast, useSendTest } from './use-newsletter';

export interface ComposeOptions {
  /** The draft being edited, or null for a new one. */
  draftId: number | null;
  initialValues: BroadcastInput;
  delivery: MailDelivery;
  /** A new draft got its id (the URL keeps it). */
  onSaved: (id: number) => void;
  /** The broadcast went out: the form starts a new draft. */
  onSent: () => void;
}

/** 'check': the count of subscribers is read again before the send is confirmed. */
type Action = 'save' | 'test' | 'check' | 'send';

export const subscribersText = (count: number) =>
  `${count.toLocaleString('en-US')} confirmed ${count === 1 ? 'subscriber' : 'subscribers'}`;

/**
 * The compose form's state and its three actions. A test or a send works on the saved draft, so
 * either saves the form first when it is new or changed; the server's field messages show under the
 * fields, anything else in an 'Error' toast.
 */
export function useCompose(options: ComposeOptions) {
  const form = useForm<BroadcastInput>({
    initialValues: options.initialValues,
    validate: schemaResolver(broadcastInput, { sync: true }),
  });
  const [draftId, setDraftId] = useState(options.draftId);
  const [running, setRunning] = useState<Action | null>(null);
  const [confirming, setConfirming] = useState(false);
  const { create, update } = useSaveBroadcast();
  const test = useSendTest();
  const send = useSendBroadcast();
  const refreshRecipients = useRefreshRecipients();

  /** Checks the fields; the first wrong one gets the focus, so a keyboard user lands on its message. */
  const valid = () => {
    const { errors } = form.validate();
    const first = (['subject', 'body'] as const).find((field) => Boolean(errors[field]));
    if (first) form.getInputNode(first)?.focus();
    return !first;
  };

  const save = async (): Promise<number | null> => {
    const values = form.getValues();
    try {
      const saved =
        draftId === null
          ? await create.mutateAsync(values)
          : await update.mutateAsync({ ...values, id: draftId });
      form.setInitialValues(values);
      form.resetDirty(values);
      setDraftId(saved.id);
      options.onSaved(saved.id);
      return saved.id;
    } catch (error) {
      console.error(error);
      form.setErrors(serverFieldErrors(error));
      notifyError('Error', serverMessage(error) ?? 'There was a problem saving your draft.');
      return null;
    }
  };
  const savedId = () => (draftId !== null && !form.isDirty() ? Promise.resolve(draftId) : save());

  const run = (action: Action, work: () => Promise<void>) => async () => {
    if (running || !valid()) return;
    setRunning(action);
    try {
      await work();
    } finally {
      setRunning(null);
    }
  };

  const saveDraft = run('save', async () => {
    if ((await save()) !== null)
      notifySuccess('Draft saved', 'It is listed under Broadcasts until you send it.');
  });

  const sendTest = run('test', async () => {
    const id = await savedId();
    if (id === null) return;
    try {
      const { recipient } = await test.mutateAsync({ id });
      notifySuccess(
        `Test sent to ${recipient}`,
        options.delivery === 'outbox'
          ? 'SMTP is not configured, so it is in the outbox below.'
          : 'It is on its way through SMTP.',
      );
    } catch (error) {
      console.error(error);
      notifyError('Error', serverMessage(error) ?? 'The test could not be sent. Please try again.');
    }
  });

  const confirmSend = run('send', async () => {
    const id = await savedId();
    if (id === null) return setConfirming(false);
    try {
      const sending = await send.mutateAsync({ id });
      setConfirming(false);
      notifySuccess(
        'Sending started',
        `'${sending.subject}' is on its way. Its progress shows under Broadcasts.`,
      );
      options.onSent();
    } catch (error) {
      console.error(error);
      setConfirming(false);
      notifyError('Error', serverMessage(error) ?? 'The broadcast could not be sent. Please try again.');
    }
  });

  return {
    form,
    draftId,
    running,
    confirming,
    saveDraft,
    sendTest,
    /**
     * Opens the confirmation once the fields are valid, naming the subscribers confirmed now: a reader
     * may have left since the tab was opened. With none left, the button says so instead.
     */
    askToSend: run('check', async () => {
      if ((await refreshRecipients()) > 0) setConfirming(true);
    }),
    cancelSend: () => running === null && setConfirming(false),
    confirmSend,
  };
}
