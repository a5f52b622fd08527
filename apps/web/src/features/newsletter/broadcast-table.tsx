import type { Broadcast, BroadcastStatus } from '@journey/contracts';
import {
  ActionIcon,
  Badge,
  Center,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import classes from '../../components/data-table.module.css';
import { DeleteDialog } from '../../components/delete-dialog';
import { useDeleteFlow } from '../../hooks/use-delete-flow';
import { BroadcastMail } from './broadcast-progress';
import { FailuresDialog } from './failures-dialog';
import newsletterClasses from './newsletter.module.css';
import { useBroadcasts, useDeleteBroadcast } from './use-newsletter';

const STATUS: Record<BroadcastStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'teal' },
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

const COLUMNS: { label: string; render: (broadcast: Broadcast) => ReactNode }[] = [
  { label: 'Subject', render: (b) => <Text fw={600}>{b.subject}</Text> },
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

  if (broadcasts.isPending)
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Loading broadcasts" />
      </Center>
    );
  if (broadcasts.isError)
    return (
      <Text role="alert" c="red.8">
        The broadcasts could not be loaded.
      </Text>
    );

  return (
    <Stack gap="md" ref={tableRef} tabIndex={-1} style={{ outline: 'none' }}>
      <ScrollArea type="auto">
        <Table striped verticalSpacing="sm" className={classes.table} role="table" tabIndex={-1}>
          <Table.Caption className="visually-hidden">Broadcasts</Table.Caption>
          <Table.Thead role="rowgroup" className={newsletterClasses.plainHead}>
            <Table.Tr role="row">
              {COLUMNS.map((column) => (
                <Table.Th key={column.label} role="columnheader">
                  {column.label}
                </Table.Th>
              ))}
              <Table.Th ta="right" role="columnheader" className={classes.actionsHeader}>
                Actions
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody role="rowgroup">
            {broadcasts.data.length === 0 ? (
              <Table.Tr role="row">
                <Table.Td colSpan={COLUMNS.length + 1} role="cell">
                  <Text ta="center" c="dimmed" py="lg">
                    No broadcasts yet. Write the first one above.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              broadcasts.data.map((broadcast) => (
                <Table.Tr key={broadcast.id} role="row">
                  {COLUMNS.map((column) => (
                    <Table.Td key={column.label} role="cell" data-label={column.label}>
                      {column.render(broadcast)}
                    </Table.Td>
                  ))}
                  <Table.Td role="cell" className={classes.actions}>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
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
                          <Tooltip label="Edit">
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Edit draft ${broadcast.subject}`}
                              onClick={() => props.onEdit(broadcast.id)}
                            >
                              <IconPencil size={18} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Delete">
                            <ActionIcon
                              variant="subtle"
                              color="red.8"
                              aria-label={`Delete draft ${broadcast.subject}`}
                              data-delete-id={broadcast.id}
                              onClick={() => deletion.ask(broadcast)}
                            >
                              <IconTrash size={18} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                        </>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <DeleteDialog
        noun="draft"
        opened={deletion.target !== null}
        pending={deletion.pending}
        onCancel={deletion.cancel}
        onConfirm={deletion.confirm}
      />
      <FailuresDialog broadcast={failuresOf} onClose={() => setFailuresOf(null)} />
    </Stack>
  );
}
