import type { DeletableNoun, Page, PageDefaults, PageRequest } from '@journey/contracts';
import { Group, Stack } from '@mantine/core';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useDeleteFlow } from '../hooks/use-delete-flow';
import { useTableQuery } from '../hooks/use-table-query';
import { DataTable, type Column } from './data-table';
import { DeleteDialog } from './delete-dialog';
import type { RecordDialogProps } from './entity-dialogs';
import { ReasonField } from './reason-field';

interface PageQueryResult<T> {
  data: Page<T> | undefined;
  isPending: boolean;
  isFetching: boolean;
  isError: boolean;
}

/**
 * One admin tab: its toolbar, the server-paged table, the edit dialog and the delete confirmation.
 * Every entity is the same shape; only its columns, names, hooks and dialogs differ.
 */
export function EntityTable<T extends { id: number }, S extends string, F extends object = object>(props: {
  caption: string;
  noun: DeletableNoun;
  columns: Column<T, S>[];
  defaultSort: PageDefaults<S>;
  /** A filter of this table's own (the subscribers' status), sent with every page request. */
  filter?: F;
  usePage: (input: PageRequest<S> & Partial<F>) => PageQueryResult<T>;
  useDelete: () => { mutateAsync: (input: { id: number; reason?: string }) => Promise<unknown> };
  /** The delete confirmation asks for an optional reason (docs/decisions/043-correction-ledger.md). */
  deleteReason?: boolean;
  rowLabel: (row: T) => string;
  emptyText: string;
  /** The create button, export link or whatever sits above the table. */
  toolbar: ReactNode;
  /** Row actions of this table's own, before Edit and Delete. */
  rowActions?: (row: T) => ReactNode;
  /** The edit dialog, opened with the row to edit; tables without one have no edit buttons. */
  UpdateDialog?: ComponentType<RecordDialogProps<T>>;
}) {
  const { usePage, useDelete, UpdateDialog } = props;
  const query = useTableQuery<S>(props.defaultSort);
  const filter: Partial<F> = props.filter ?? {};
  const result = usePage({ ...query.input, ...filter });
  // Another filter is another list: it starts at its first page (set while rendering, as React advises).
  const filterKey = JSON.stringify(props.filter ?? {});
  const [pagedFilter, setPagedFilter] = useState(filterKey);
  if (pagedFilter !== filterKey) {
    setPagedFilter(filterKey);
    query.restart();
  }
  const [editing, setEditing] = useState<T | null>(null);
  const remove = useDelete();
  const deletion = useDeleteFlow<T>(remove.mutateAsync, result.data?.items);
  const [reason, setReason] = useState('');
  const askDelete = (row: T) => {
    setReason('');
    deletion.ask(row);
  };
  return (
    <Stack>
      <Group justify="flex-end">{props.toolbar}</Group>
      <DataTable
        caption={props.caption}
        noun={props.noun}
        columns={props.columns}
        query={query}
        page={result.data}
        isPending={result.isPending}
        isFetching={result.isFetching}
        isError={result.isError}
        emptyText={props.emptyText}
        filtered={Object.keys(filter).length > 0}
        rowLabel={props.rowLabel}
        rowActions={props.rowActions}
        onEdit={UpdateDialog ? setEditing : undefined}
        onDelete={askDelete}
        focusRef={deletion.tableRef}
      />
      {UpdateDialog && <UpdateDialog record={editing} onClose={() => setEditing(null)} />}
      <DeleteDialog
        noun={props.noun}
        opened={deletion.target !== null}
        pending={deletion.pending}
        onCancel={deletion.cancel}
        onConfirm={() => void deletion.confirmWith(props.deleteReason ? { reason } : {})}
      >
        {props.deleteReason && (
          <ReasonField mt="md" value={reason} onChange={(event) => setReason(event.currentTarget.value)} />
        )}
      </DeleteDialog>
    </Stack>
  );
}
