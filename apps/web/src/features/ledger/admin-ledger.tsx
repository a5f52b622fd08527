import type { AdminLedgerRow } from '@journey/contracts';
import { Anchor, Box, Button, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { formatDate } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useRefreshAfterWrite } from '../../lib/table-readers';
import { serverMessage, trpc } from '../../lib/trpc';
import { describeLedgerRow } from './describe-row';
import classes from './ledger.module.css';

/** "2025-01-02 14:05": UTC, as the rows are hashed and /ledger shows them. */
const utcMinute = (iso: string) => iso.slice(0, 16).replace('T', ' ');

/**
 * The public ledger as the owner sees it, under the revenue table (docs/decisions/084-ledger-commitments.md):
 * every row with its values, whether the public sees them, and a Reveal button on each row the owner
 * keeps private. A reveal is asked for first: it publishes the row's values for good. Hidden while the
 * ledger is empty.
 */
export function AdminLedger() {
  const [page, setPage] = useState(1);
  const ledger = trpc.ledger.page.useQuery({ page }, { placeholderData: keepPreviousData });
  const reveal = trpc.ledger.reveal.useMutation({ onSuccess: useRefreshAfterWrite('revenues') });
  const [asked, setAsked] = useState<AdminLedgerRow | null>(null);
  if (!ledger.data?.total) return null;
  const { rows, total, perPage } = ledger.data;
  const confirm = async () => {
    if (!asked) return;
    try {
      await reveal.mutateAsync({ id: asked.id });
      notifySuccess(`Row ${asked.id} revealed`, 'Its values are in the public ledger from now on.');
      setAsked(null);
    } catch (error) {
      notifyError('Reveal failed', serverMessage(error) ?? 'Please try again.');
    }
  };
  return (
    <Stack gap="xs" mt="xl">
      <Title order={3} fz="md" id="admin-ledger-title">
        Public ledger
      </Title>
      <Text size="sm" c="dimmed" maw={760}>
        While a figure is not shown exactly, the ledger publishes its rows as commitments only. Revealing a
        row publishes its values for good; anyone can check them against its commitment on the{' '}
        <Anchor component={Link} to={paths.ledger} size="sm" underline="always">
          ledger page
        </Anchor>
        .
      </Text>
      {/* Scrolls sideways on a phone, inside a region a keyboard can scroll too. */}
      <Box role="region" aria-label="Ledger rows" tabIndex={0} className={classes.scroller}>
        <Table aria-labelledby="admin-ledger-title" verticalSpacing="xs" miw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Time (UTC)</Table.Th>
              <Table.Th>Change</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th ta="right">Public</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>{row.id}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{utcMinute(row.time)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{describeLedgerRow(row)}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.reason ?? '—'}</Table.Td>
                <Table.Td ta="right">
                  <PublicCell row={row} onReveal={() => setAsked(row)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      {total > perPage && (
        <Pagination
          total={Math.ceil(total / perPage)}
          value={page}
          onChange={setPage}
          size="sm"
          getControlProps={(control) => ({ 'aria-label': `${control} page of the ledger` })}
          getItemProps={(item) => ({ 'aria-label': `Ledger page ${item}` })}
        />
      )}
      <ConfirmDialog
        title={`Reveal row ${asked?.id ?? ''}?`}
        opened={asked !== null}
        pending={reveal.isPending}
        confirmLabel="Reveal"
        pendingLabel="Revealing..."
        onCancel={() => setAsked(null)}
        onConfirm={() => void confirm()}
      >
        <Text>This publishes the row's values for good: {asked && describeLedgerRow(asked)}.</Text>
        <Text size="sm" c="dimmed" mt="xs">
          Anyone can then read them in ledger.json and check them against the row's commitment. A reveal
          cannot be taken back.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

function PublicCell({ row, onReveal }: { row: AdminLedgerRow; onReveal: () => void }) {
  if (row.revealedAt) return <Text size="sm">Revealed {formatDate(row.revealedAt)}</Text>;
  if (row.public) return <Text size="sm">Public</Text>;
  return (
    <Group justify="flex-end" wrap="nowrap" gap="xs">
      <Text span size="sm" c="dimmed">
        Private
      </Text>
      <Button size="compact-sm" variant="default" onClick={onReveal} aria-label={`Reveal row ${row.id}`}>
        Reveal
      </Button>
    </Group>
  );
}
