import type { Page } from '@journey/contracts';
import {
  ActionIcon,
  Box,
  Center,
  Group,
  Loader,
  ScrollArea,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
  Button,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconPencil,
  IconSearch,
  IconTrash,
} from '@tabler/icons-react';
import type { ReactNode, RefObject } from 'react';
import classes from './data-table.module.css';
import { TABLE_PAGE_SIZE, type TableQuery } from '../hooks/use-table-query';

export interface Column<T, S extends string> {
  label: string;
  /** The server-side sort key, when the column sorts. */
  sort?: S;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
}

/**
 * A server-paged admin table: sortable headers, a text filter, Previous/Next, row actions. On phones
 * each row is a card (data-table.module.css); the explicit roles keep it a table for screen readers
 * there, as some browsers drop a table's semantics once its parts are no longer displayed as one.
 */
export function DataTable<T extends { id: number }, S extends string>({
  focusRef,
  ...props
}: {
  caption: string;
  /** What one row is called in the actions' names, e.g. "revenue entry". */
  noun: string;
  columns: Column<T, S>[];
  query: TableQuery<S>;
  page: Page<T> | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
  emptyText: string;
  /** A filter of the table's own is set (the subscribers' status): an empty page then means no match. */
  filtered?: boolean;
  /** A short description of a row for screen readers: "Edit revenue entry <rowLabel>". */
  rowLabel: (row: T) => string;
  /** Actions of a table's own, before Edit and Delete (the milestones' 'Send as update'). */
  rowActions?: (row: T) => ReactNode;
  onEdit?: (row: T) => void;
  onDelete: (row: T) => void;
  /** Focus lands here after a delete, since the row that held it is gone. */
  focusRef?: RefObject<HTMLDivElement | null>;
}) {
  const { query, page } = props;
  const pageCount = page ? Math.max(1, Math.ceil(page.total / TABLE_PAGE_SIZE)) : 1;

  const header = (column: Column<T, S>) => {
    if (!column.sort) return column.label;
    const active = query.sort === column.sort;
    const Icon = !active ? IconArrowsSort : query.direction === 'asc' ? IconArrowUp : IconArrowDown;
    return (
      <UnstyledButton onClick={() => query.toggleSort(column.sort as S)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap">
          {column.label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    );
  };

  return (
    <Stack gap="md" ref={focusRef} tabIndex={-1} style={{ outline: 'none' }}>
      <Group justify="space-between">
        <TextInput
          aria-label={`Filter ${props.caption.toLowerCase()}`}
          placeholder="Filter…"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query.search}
          onChange={(event) => query.setSearch(event.currentTarget.value)}
          w={{ base: '100%', sm: 280 }}
        />
        <Text size="sm" c="dimmed" aria-live="polite">
          {page ? `${page.total.toLocaleString('en-US')} ${page.total === 1 ? 'row' : 'rows'}` : ''}
          {props.isFetching && !props.isPending ? ' · updating…' : ''}
        </Text>
      </Group>

      {props.isPending ? (
        <Center py="xl">
          <Loader role="status" aria-label={`Loading ${props.caption.toLowerCase()}`} />
        </Center>
      ) : props.isError ? (
        <Text role="alert" c="red.8">
          The {props.caption.toLowerCase()} could not be loaded.
        </Text>
      ) : (
        <ScrollArea type="auto">
          <Table
            striped
            highlightOnHover
            verticalSpacing="sm"
            className={classes.table}
            role="table"
            // The focus lands here when a delete leaves no row and no add button (hooks/use-delete-flow.ts).
            tabIndex={-1}
          >
            <Table.Caption className="visually-hidden">{props.caption}</Table.Caption>
            <Table.Thead role="rowgroup">
              <Table.Tr role="row">
                {props.columns.map((column) => (
                  <Table.Th
                    key={column.label}
                    role="columnheader"
                    data-align={column.align}
                    aria-sort={
                      column.sort && query.sort === column.sort
                        ? query.direction === 'asc'
                          ? 'ascending'
                          : 'descending'
                        : undefined
                    }
                  >
                    {header(column)}
                  </Table.Th>
                ))}
                <Table.Th ta="right" role="columnheader" className={classes.actionsHeader}>
                  Actions
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody role="rowgroup">
              {page?.items.length === 0 ? (
                <Table.Tr role="row">
                  <Table.Td colSpan={props.columns.length + 1} role="cell">
                    <Text ta="center" c="dimmed" py="lg">
                      {query.search || props.filtered ? 'Nothing matches the filter.' : props.emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                page?.items.map((row) => (
                  <Table.Tr key={row.id} role="row">
                    {props.columns.map((column) => (
                      <Table.Td
                        key={column.label}
                        role="cell"
                        data-label={column.label}
                        data-align={column.align}
                      >
                        {column.render(row)}
                      </Table.Td>
                    ))}
                    <Table.Td role="cell" className={classes.actions}>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {props.rowActions?.(row)}
                        {props.onEdit && (
                          <Tooltip label="Edit">
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Edit ${props.noun} ${props.rowLabel(row)}`}
                              onClick={() => props.onEdit?.(row)}
                            >
                              <IconPencil size={18} aria-hidden />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red.8"
                            aria-label={`Delete ${props.noun} ${props.rowLabel(row)}`}
                            data-delete-id={row.id}
                            onClick={() => props.onDelete(row)}
                          >
                            <IconTrash size={18} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}

      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          Page {query.pageIndex + 1} of {pageCount}
        </Text>
        <Box>
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={query.pageIndex === 0} onClick={query.previous}>
              Previous
            </Button>
            <Button
              variant="default"
              size="xs"
              disabled={!page?.nextCursor}
              onClick={() => page?.nextCursor && query.next(page.nextCursor)}
            >
              Next
            </Button>
          </Group>
        </Box>
      </Group>
    </Stack>
  );
}
