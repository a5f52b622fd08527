import { digestMonthLabel, type NewsletterDigest } from '@journey/contracts';
import { Alert, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { IconCalendarStats, IconEdit, IconSend } from '@tabler/icons-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { QueryFailed, QueryLoading } from '../../components/query-state';
import classes from './newsletter.module.css';
import { subscribersText } from './use-compose';
import { useDigest, useDigestActions } from './use-digest';
import { useNewsletterStatus } from './use-newsletter';

/** The switch, the draft waiting for approval with its two buttons, and "draft last month's now". */
function DigestCard(props: { digest: NewsletterDigest; onOpen: (id: number) => void }) {
  const { digest, onOpen } = props;
  const actions = useDigestActions();
  const count = useNewsletterStatus().data?.confirmedSubscribers ?? 0;
  const pending = digest.pending;
  const month = digest.pendingMonth && digestMonthLabel(digest.pendingMonth);

  return (
    <Stack gap="md">
      <Switch
        label="Draft a digest at the start of each month for me to approve"
        description="Last month's revenue, milestones and experiments, within your privacy choices. It is never sent without you."
        checked={digest.enabled}
        disabled={actions.running === 'switch'}
        onChange={(event) => void actions.setEnabled(event.currentTarget.checked)}
      />
      {pending && (
        <Alert color="blue" variant="light" title={`The digest for ${month} is waiting for your approval`}>
          <Stack gap="sm">
            <Text size="sm">
              '{pending.subject}': read it and edit it in the form above, send yourself a test, then approve
              it.
            </Text>
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconEdit size={18} aria-hidden />}
                onClick={() => onOpen(pending.id)}
              >
                Open the digest
              </Button>
              <Button
                leftSection={<IconSend size={18} aria-hidden />}
                disabled={actions.running !== null}
                onClick={() => void actions.askToSend()}
              >
                {actions.running === 'check' ? 'Checking...' : 'Approve and send'}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      <Group gap="sm" justify="flex-end" className={classes.composeActions}>
        <Button
          variant="default"
          leftSection={<IconCalendarStats size={18} aria-hidden />}
          disabled={actions.running !== null}
          onClick={() => void actions.draftNow(onOpen)}
        >
          {actions.running === 'draft' ? 'Drafting...' : "Draft last month's digest now"}
        </Button>
      </Group>
      {pending && (
        <ConfirmDialog
          title={`Send '${pending.subject}' to ${subscribersText(count)}?`}
          opened={actions.confirming}
          pending={actions.running === 'send'}
          confirmLabel="Approve and send"
          pendingLabel="Sending..."
          onCancel={actions.cancelSend}
          onConfirm={() => void actions.confirmSend(pending.id, () => undefined)}
        >
          <Text size="sm">
            Every confirmed subscriber gets it once, with a link to unsubscribe. A sent digest can no longer
            be changed.
          </Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}

/**
 * The monthly digest (docs/decisions/097-automatic-mail.md): when on, the server drafts last month's
 * at the start of each month; it waits here until the owner opens it, edits it if they like, and
 * approves it, which is the ordinary send.
 */
export function DigestSection(props: { onOpen: (id: number) => void }) {
  const digest = useDigest();
  // The form is at the top of the tab: the owner is taken there to read the draft.
  const open = (id: number) => {
    props.onOpen(id);
    requestAnimationFrame(() =>
      document.getElementById('newsletter-compose')?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    );
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="newsletter-digest">
      <Title order={3} fz="lg" id="newsletter-digest">
        Monthly digest
      </Title>
      <Text size="sm" c="dimmed">
        A look back at each month for your subscribers, drafted for you and sent only once you approve it.
      </Text>
      <Paper withBorder radius="md" p="md">
        {digest.isPending ? (
          <QueryLoading label="Loading the monthly digest" py="md" />
        ) : digest.isError ? (
          <QueryFailed what="monthly digest" />
        ) : (
          <DigestCard digest={digest.data} onOpen={open} />
        )}
      </Paper>
    </Stack>
  );
}
