import { Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format';
import type { DeletedRow, HistoryRow } from './history-kind';

/** A column of 'Recently deleted': a field of the row's last values. */
export interface DeletedColumn<S> {
  label: string;
  align?: 'right';
  render: (row: DeletedRow<S>) => ReactNode;
}

/**
 * 'Recently deleted' under a table (docs/decisions/043-correction-ledger.md): a deleted row has no row
 * above, so here are its last values, when and why it was deleted, and its History, whose 'Undo last
 * change' restores it. Hidden while nothing was deleted.
 */
export function DeletedList<S>(props: {
  /** The title's id, which names the table. */
  titleId: string;
  /** How to restore one, in the table's words. */
  hint: string;
  columns: readonly DeletedColumn<S>[];
  rows: readonly DeletedRow<S>[] | undefined;
  historyButton: (row: HistoryRow<S>) => ReactNode;
  /** Below this width the table scrolls sideways. */
  minWidth: number;
}) {
  if (!props.rows?.length) return null;
  return (
    <Stack gap="xs" mt="xl">
      <Title order={3} fz="md" id={props.titleId}>
        Recently deleted
      </Title>
      <Text size="sm" c="dimmed">
        {props.hint}
      </Text>
      <Table.ScrollContainer minWidth={props.minWidth}>
        <Table aria-labelledby={props.titleId} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((column) => (
                <Table.Th key={column.label} ta={column.align}>
                  {column.label}
                </Table.Th>
              ))}
              <Table.Th>Deleted</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th ta="right">History</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {props.rows.map((row) => (
              <Table.Tr key={row.id}>
                {props.columns.map((column) => (
                  <Table.Td key={column.label} ta={column.align}>
                    {column.render(row)}
                  </Table.Td>
                ))}
                <Table.Td>{formatDate(row.deletedAt)}</Table.Td>
                <Table.Td>{row.reason ?? '—'}</Table.Td>
                <Table.Td ta="right">{props.historyButton(row)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
