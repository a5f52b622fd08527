import { type EXPERIMENT_SORTS, STATUS_COLORS, type Experiment } from '@journey/contracts';
import { Badge, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, type Column } from '../../components/data-table';
import { useDeleteFlow } from '../../components/use-delete-flow';
import { useTableQuery } from '../../components/use-table-query';
import { AddExperimentDialog, EditExperimentDialog } from './experiment-dialogs';
import { useDeleteExperiment, useExperimentPage } from './use-experiments';

type Sort = (typeof EXPERIMENT_SORTS)[number];

const COLUMNS: Column<Experiment, Sort>[] = [
  { label: 'Title', sort: 'title', render: (e) => e.title },
  {
    label: 'Status',
    sort: 'status',
    render: (e) => (
      <Badge color={`${STATUS_COLORS[e.status].color}.9`} variant="filled" radius="sm">
        {e.status}
      </Badge>
    ),
  },
  { label: 'Projects', sort: 'projectCount', align: 'right', render: (e) => e.projectCount },
];

export function ExperimentTable() {
  const query = useTableQuery<Sort>({ sort: 'createdAt', direction: 'asc' });
  const result = useExperimentPage(query.input);
  const [editing, setEditing] = useState<Experiment | null>(null);
  const remove = useDeleteExperiment();
  const deletion = useDeleteFlow<Experiment>(remove.mutateAsync);
  return (
    <Stack>
      <Group justify="flex-end">
        <AddExperimentDialog />
      </Group>
      <DataTable
        caption="Experiments"
        noun="experiment"
        columns={COLUMNS}
        query={query}
        page={result.data}
        isPending={result.isPending}
        isFetching={result.isFetching}
        isError={result.isError}
        emptyText="No experiments yet. Launch the first one."
        rowLabel={(e) => e.title}
        onEdit={setEditing}
        onDelete={deletion.ask}
        focusRef={deletion.tableRef}
      />
      <EditExperimentDialog experiment={editing} onClose={() => setEditing(null)} />
      <ConfirmDelete
        noun="experiment"
        opened={deletion.target !== null}
        pending={deletion.pending}
        onCancel={deletion.cancel}
        onConfirm={deletion.confirm}
      />
    </Stack>
  );
}
