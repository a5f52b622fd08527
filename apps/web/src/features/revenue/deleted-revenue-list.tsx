import { REVENUE_SOURCE_SHORT_LABELS } from '@journey/contracts/constants';
import { Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '../../lib/format';
import type { RevenueRow } from './revenue-history-action';
import { useDeletedRevenues } from './use-revenue';

/**
 * 'Recently deleted' under the revenue table (docs/decisions/043-correction-ledger.md): a deleted
 * entry has no row above, so here are its last values, the reason given, and its History, whose
 * 'Undo last change' restores it. Hidden while nothing was deleted.
 */
export function DeletedRevenueList(props: { historyButton: (revenue: RevenueRow) => ReactNode }) {
  const { data: deleted } = useDeletedRevenues();
  if (!deleted?.length) return null;
  return (
    <Stack gap="xs" mt="xl">
      <Title order={3} fz="md" id="deleted-revenue-title">
        Recently deleted
      </Title>
      <Text size="sm" c="dimmed">
        Open an entry's history and undo its delete to restore it.
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table aria-labelledby="deleted-revenue-title" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Source</Table.Th>
              <Table.Th ta="right">Amount</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Date</Table.Th>
              <Table.Th>Deleted</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th ta="right">History</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deleted.map((entry) => (
              <Table.Tr key={entry.id}>
                <Table.Td>{REVENUE_SOURCE_SHORT_LABELS[entry.source]}</Table.Td>
                <Table.Td ta="right">{formatMoney(entry.amount)}</Table.Td>
                <Table.Td>{entry.description}</Table.Td>
                <Table.Td>{formatDate(entry.date)}</Table.Td>
                <Table.Td>{formatDate(entry.deletedAt)}</Table.Td>
                <Table.Td>{entry.reason ?? '—'}</Table.Td>
                <Table.Td ta="right">{props.historyButton(entry)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
