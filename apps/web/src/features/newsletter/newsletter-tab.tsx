import type { BroadcastInput } from '@journey/contracts';
import { Alert, Button, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { BroadcastTable } from './broadcast-table';
import { ComposeForm } from './compose-form';
import { composeParams, readComposeTarget, type ComposeTarget } from './compose-params';
import { DeliveryNote } from './delivery-note';
import { DigestSection } from './digest-section';
import { OutboxSection } from './outbox-section';
import { useBroadcasts, useNewsletterStatus } from './use-newsletter';
import { WelcomeMailSection } from './welcome-mail-section';

const EMPTY: BroadcastInput = { subject: '', body: '' };
const initialOf = (target: ComposeTarget) => (target.kind === 'new' && target.prefill) || EMPTY;

/**
 * What the form edits, kept in the URL for a reload. Opening a draft (or a new one) mounts a fresh
 * form from `opened`; a new draft's first save only writes its id into the URL, so the form and its
 * focus stay as they are.
 */
function useComposeTarget() {
  const [params, setParams] = useSearchParams();
  const target = readComposeTarget(params);
  const [opened, setOpened] = useState(() => ({ target, key: 0 }));
  const write = (next: ComposeTarget) => setParams(composeParams(next), { replace: true });
  return {
    target,
    opened,
    open: (next: ComposeTarget) => {
      write(next);
      setOpened((current) => ({ target: next, key: current.key + 1 }));
    },
    saved: (id: number) => write({ kind: 'draft', id }),
  };
}

/** The admin's Newsletter tab: where mail goes, the compose form, the broadcasts and the outbox. */
export function NewsletterTab() {
  const status = useNewsletterStatus();
  const broadcasts = useBroadcasts();
  const { target, opened, open, saved } = useComposeTarget();
  const draftOf = (id: number) =>
    broadcasts.data?.find((broadcast) => broadcast.id === id && broadcast.status === 'draft');
  // The draft the form was opened on, and the one the URL names now (a new draft's id after its save).
  const openedDraft = opened.target.kind === 'draft' ? draftOf(opened.target.id) : undefined;
  const missingDraft = target.kind === 'draft' && broadcasts.data !== undefined && !draftOf(target.id);

  // A draft that was sent or deleted (here or elsewhere) is no longer editable: start a new one.
  useEffect(() => {
    if (missingDraft) open({ kind: 'new', prefill: null });
    // `open` is new each render; the check is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [missingDraft]);

  if (status.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        The newsletter could not be loaded. Reload the page to try again.
      </Alert>
    );
  const ready = opened.target.kind === 'new' || openedDraft;

  return (
    <Stack gap="xl">
      {status.data ? <DeliveryNote delivery={status.data.delivery} /> : <Skeleton height={72} radius="md" />}

      <Stack gap="md" component="section" aria-labelledby="newsletter-compose">
        <Group justify="space-between" gap="sm">
          <Title order={3} fz="lg" id="newsletter-compose">
            {target.kind === 'draft' ? 'Edit draft' : 'New broadcast'}
          </Title>
          {target.kind === 'draft' && (
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => open({ kind: 'new', prefill: null })}
            >
              New draft
            </Button>
          )}
        </Group>
        {ready && status.data ? (
          <ComposeForm
            key={opened.key}
            status={status.data}
            draftId={openedDraft?.id ?? null}
            initialValues={
              openedDraft
                ? { subject: openedDraft.subject, body: openedDraft.body }
                : initialOf(opened.target)
            }
            onSaved={saved}
            onSent={() => open({ kind: 'new', prefill: null })}
          />
        ) : (
          <Skeleton height={320} radius="md" />
        )}
      </Stack>

      <Divider />
      <Stack gap="sm" component="section" aria-labelledby="newsletter-broadcasts">
        <Title order={3} fz="lg" id="newsletter-broadcasts">
          Broadcasts
        </Title>
        <Text size="sm" c="dimmed">
          Drafts stay here until you send them; a broadcast goes to every confirmed subscriber once.
        </Text>
        <BroadcastTable onEdit={(id) => open({ kind: 'draft', id })} />
      </Stack>

      <Divider />
      <WelcomeMailSection />

      <Divider />
      <DigestSection onOpen={(id) => open({ kind: 'draft', id })} />

      {status.data?.delivery === 'outbox' && (
        <>
          <Divider />
          <OutboxSection />
        </>
      )}
    </Stack>
  );
}
