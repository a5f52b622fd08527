import type { OutboxMessage } from '@journey/contracts';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChevronRight, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { QueryFailed, QueryLoading } from '../../components/query-state';
import { serverMessage } from '../../lib/trpc';
import { LinkifiedText } from './linkified-text';
import classes from './newsletter.module.css';
import { useClearOutbox, useOutbox } from './use-newsletter';

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

/** One kept message: subject, recipient and time; opened, its plain-text part with working links. */
function OutboxItem(props: { message: OutboxMessage }) {
  const { message } = props;
  return (
    <Paper component="details" withBorder radius="md" className={classes.message}>
      <summary className={classes.summary}>
        <IconChevronRight size={16} aria-hidden className={classes.chevron} />
        <span className={classes.summaryText}>
          <Text component="span" fw={600} display="block">
            {message.subject}
          </Text>
          <Text component="span" size="sm" c="dimmed" display="block">
            To {message.recipient} · {formatTime(message.createdAt)}
          </Text>
        </span>
      </summary>
      <div className={classes.messageBody}>
        <LinkifiedText text={message.text} />
      </div>
    </Paper>
  );
}

/**
 * Without SMTP every mail is kept here instead of sent (docs/decisions/040-newsletter-delivery.md),
 * newest first; read again every 2 s, so a sign-up's confirmation shows up while the tab is open.
 */
export function OutboxSection() {
  const outbox = useOutbox(true);
  const clear = useClearOutbox();
  const [asking, setAsking] = useState(false);
  const count = outbox.data?.length ?? 0;

  const confirmClear = async () => {
    try {
      await clear.mutateAsync();
      notifySuccess('Outbox cleared');
    } catch (error) {
      console.error(error);
      notifyError('Error', serverMessage(error) ?? 'The outbox could not be cleared. Please try again.');
    } finally {
      setAsking(false);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="newsletter-outbox">
      <Group justify="space-between" gap="sm">
        <Title order={3} fz="lg" id="newsletter-outbox">
          Outbox
        </Title>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={() => setAsking(true)}
          disabled={count === 0}
        >
          Clear outbox
        </Button>
      </Group>
      {outbox.isPending ? (
        <QueryLoading label="Loading the outbox" py="md" />
      ) : outbox.isError ? (
        <QueryFailed what="outbox" />
      ) : count === 0 ? (
        <Text c="dimmed" size="sm">
          The outbox is empty. A sign-up's confirmation, a test or a broadcast appears here within seconds.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" aria-label="Messages in the outbox" className={classes.list}>
          {outbox.data.map((message) => (
            <li key={message.id}>
              <OutboxItem message={message} />
            </li>
          ))}
        </Stack>
      )}
      <ConfirmDialog
        title="Clear the outbox?"
        opened={asking}
        pending={clear.isPending}
        confirmLabel="Clear outbox"
        pendingLabel="Clearing..."
        color="red.8"
        onCancel={() => setAsking(false)}
        onConfirm={() => void confirmClear()}
      >
        <Text size="sm">
          This deletes the {count === 1 ? 'message' : `${count} messages`} kept in the outbox. They cannot be
          brought back.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
