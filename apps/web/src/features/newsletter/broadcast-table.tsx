import type { Broadcast, BroadcastOrigin, BroadcastStatus } from '@journey/contracts';
import { ActionIcon, Badge, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { DeleteDialog } from '../../components/delete-dialog';
import { QueryFailed, QueryLoading } from '../../components/query-state';
import { DeleteAction, EditAction, RowsTable, type RowsColumn } from '../../components/rows-table';
import { useDeleteFlow } from '../../hooks/use-delete-flow';
import { ArchiveSwitch } from '../newsletter-archive/archive-switch';
import { BroadcastMail } from './broadcast-progress';
import { FailuresDialog } from './failures-dialog';
import newsletterClasses from './newsletter.module.css';
import { useBroadcasts, useDeleteBroadcast } from './use-newsletter';

const STATUS: Record<BroadcastStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'teal' },
};

/** Who wrote a broadcast the owner did not write by hand (docs/decisions/097-automatic-mail.md). */
const ORIGIN: Record<Exclude<BroadcastOrigin, 'owner'>, string> = {
  milestone: 'Milestone',
  digest: 'Monthly digest',
};

/** Date and time in the admin's own time zone: when a mail went out matters to the hour. */
const formatTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Dates(props: { broadcast: Broadcast }) {
  const { createdAt, updatedAt, sentAt, status } = props.broadcast;
  return (
    <Stack gap={0}>
      <Text size="sm">Written {formatTime(createdAt)}</Text>
      {sentAt ? (
        <Text size="sm">
          {status === 'sending' ? 'Sending since' : 'Sent'} {formatTime(sentAt)}
        </Text>
      ) : (
        updatedAt !== createdAt && <Text size="sm">Saved {formatTime(updatedAt)}</Text>
      )}
    </Stack>
  );
}

const COLUMNS: RowsColumn<Broadcast>[] = [
  {
    label: 'Subject',
    render: (b) => (
      <Stack gap={4} align="flex-start">
        <Text fw={600}>{b.subject}</Text>
        {b.origin !== 'owner' && (
          <Badge size="sm" variant="outline" color="gray" c="var(--mantine-color-text)">
            {ORIGIN[b.origin]}
          </Badge>
        )}
      </Stack>
    ),
  },
  {
    label: 'Status',
    render: (b) => (
      // At 11 px Mantine's teal on its light tint is 4.32:1; the scheme's text colour keeps AA on every tint.
      <Badge color={STATUS[b.status].color} variant="light" c="var(--mantine-color-text)">
        {STATUS[b.status].label}
      </Badge>
    ),
  },
  { label: 'Dates', render: (b) => <Dates broadcast={b} /> },
  { label: 'Mail', render: (b) => <BroadcastMail broadcast={b} /> },
  { label: 'On the web', render: (b) => <ArchiveSwitch broadcast={b} /> },
];

/**
 * Every broadcast, newest first: drafts open in the form above or go; a sending one shows its
 * progress (the list polls while one sends); failed mail shows its reasons. On phones each row is a
 * card, as in every admin table (docs/decisions/007-admin-tables-on-phones.md).
 */
export function BroadcastTable(props: { onEdit: (id: number) => void }) {
  const broadcasts = useBroadcasts();
  const remove = useDeleteBroadcast();
  const { tableRef, ...deletion } = useDeleteFlow<Broadcast>(remove.mutateAsync, broadcasts.data);
  const [failuresOf, setFailuresOf] = useState<Broadcast | null>(null);

  if (broadcasts.isPending) return <QueryLoading label="Loading broadcasts" py="xl" />;
  if (broadcasts.isError) return <QueryFailed what="broadcasts" />;

  return (
    <Stack gap="md" ref={tableRef} tabIndex={-1} style={{ outline: 'none' }}>
      <RowsTable
        caption="Broadcasts"
        columns={COLUMNS}
        rows={broadcasts.data}
        empty="No broadcasts yet. Write the first one above."
        headClassName={newsletterClasses.plainHead}
        actions={(broadcast) => (
          <>
            {broadcast.counts.failed > 0 && (
              <Tooltip label="Why it failed">
                <ActionIcon
                  variant="subtle"
                  color="orange.9"
                  aria-label={`Show the failed mail of ${broadcast.subject}`}
                  onClick={() => setFailuresOf(broadcast)}
                >
                  <IconAlertTriangle size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
            {broadcast.status === 'draft' && (
              <>
                <EditAction
                  label={`Edit draft ${broadcast.subject}`}
                  onClick={() => props.onEdit(broadcast.id)}
                />
                <DeleteAction
                  label={`Delete draft ${broadcast.subject}`}
                  id={broadcast.id}
                  onClick={() => deletion.ask(broadcast)}
                />
              </>
            )}
          </>
        )}
      />
      <DeleteDialog
        noun="draft"
        opened={deletion.target !== null}
        pending={deletion.pending}
        onCancel={deletion.cancel}
        onConfirm={() => void deletion.confirm()}
      />
      <FailuresDialog broadcast={failuresOf} onClose={() => setFailuresOf(null)} />
    </Stack>
  );
}
