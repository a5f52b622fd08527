import type { Page } from '@journey/contracts';
import { Box, Group, Stack, Text, TextInput, UnstyledButton, Button } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconSearch } from '@tabler/icons-react';
import type { ReactNode, RefObject } from 'react';
import { QueryFailed, QueryLoading } from './query-state';
import { DeleteAction, EditAction, RowsTable, type RowsColumn } from './rows-table';
import { TABLE_PAGE_SIZE, type TableQuery } from '../hooks/use-table-query';

export interface Column<T, S extends string> extends RowsColumn<T> {
  /** The server-side sort key, when the column sorts. */
  sort?: S;
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
        <QueryLoading label={`Loading ${props.caption.toLowerCase()}`} py="xl" />
      ) : props.isError ? (
        <QueryFailed what={props.caption.toLowerCase()} />
      ) : (
        <RowsTable
          caption={props.caption}
          columns={props.columns}
          rows={page?.items}
          empty={query.search || props.filtered ? 'Nothing matches the filter.' : props.emptyText}
          header={header}
          sortOf={(column) =>
            column.sort && query.sort === column.sort
              ? query.direction === 'asc'
                ? 'ascending'
                : 'descending'
              : undefined
          }
          highlightOnHover
          actions={(row) => (
            <>
              {props.rowActions?.(row)}
              {props.onEdit && (
                <EditAction
                  label={`Edit ${props.noun} ${props.rowLabel(row)}`}
                  onClick={() => props.onEdit?.(row)}
                />
              )}
              <DeleteAction
                label={`Delete ${props.noun} ${props.rowLabel(row)}`}
                id={row.id}
                onClick={() => props.onDelete(row)}
              />
            </>
          )}
        />
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
