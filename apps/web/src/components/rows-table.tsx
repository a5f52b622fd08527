import { ActionIcon, Group, ScrollArea, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './data-table.module.css';

export interface RowsColumn<T> {
  label: string;
  render: (row: T) => ReactNode;
  align?: 'left' | 'right';
}

/**
 * The table of an admin list (data-table.tsx, the broadcasts): a header over the columns and the
 * actions, a row saying `empty` when there is none, else each row's cells and its actions. On phones
 * each row is a card (data-table.module.css); the explicit roles keep it a table for screen readers.
 */
export function RowsTable<T extends { id: number }, C extends RowsColumn<T>>(props: {
  caption: string;
  columns: C[];
  rows: T[] | undefined;
  empty: ReactNode;
  /** A column's header: its label unless given (data-table's sort buttons), and its sort order. */
  header?: (column: C) => ReactNode;
  sortOf?: (column: C) => 'ascending' | 'descending' | undefined;
  headClassName?: string;
  highlightOnHover?: boolean;
  actions: (row: T) => ReactNode;
}) {
  return (
    <ScrollArea type="auto">
      <Table
        striped
        highlightOnHover={props.highlightOnHover}
        verticalSpacing="sm"
        className={classes.table}
        role="table"
        // The focus lands here when a delete leaves no row and no add button (hooks/use-delete-flow.ts).
        tabIndex={-1}
      >
        <Table.Caption className="visually-hidden">{props.caption}</Table.Caption>
        <Table.Thead role="rowgroup" className={props.headClassName}>
          <Table.Tr role="row">
            {props.columns.map((column) => (
              <Table.Th
                key={column.label}
                role="columnheader"
                data-align={column.align}
                aria-sort={props.sortOf?.(column)}
              >
                {props.header ? props.header(column) : column.label}
              </Table.Th>
            ))}
            <Table.Th ta="right" role="columnheader" className={classes.actionsHeader}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody role="rowgroup">
          {props.rows?.length === 0 ? (
            <Table.Tr role="row">
              <Table.Td colSpan={props.columns.length + 1} role="cell">
                <Text ta="center" c="dimmed" py="lg">
                  {props.empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            props.rows?.map((row) => (
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
                    {props.actions(row)}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** A row's Edit action, named for the row ('Edit draft Day 1'). */
export function EditAction(props: { label: string; onClick: () => void }) {
  return (
    <Tooltip label="Edit">
      <ActionIcon variant="subtle" aria-label={props.label} onClick={props.onClick}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

/** A row's Delete action; `data-delete-id` tells the delete flow where the focus goes after it. */
export function DeleteAction(props: { label: string; id: number; onClick: () => void }) {
  return (
    <Tooltip label="Delete">
      <ActionIcon
        variant="subtle"
        color="red.8"
        aria-label={props.label}
        data-delete-id={props.id}
        onClick={props.onClick}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
