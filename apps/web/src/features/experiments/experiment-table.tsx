import type { EXPERIMENT_SORTS, Experiment } from '@journey/contracts';
import { STATUS_COLORS } from '@journey/contracts/constants';
import { Badge } from '@mantine/core';
import type { Column } from '../../components/data-table';
import { EntityTable } from '../../components/entity-table';
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
  return (
    <EntityTable
      caption="Experiments"
      noun="experiment"
      columns={COLUMNS}
      defaultSort={{ sort: 'createdAt', direction: 'asc' }}
      usePage={useExperimentPage}
      useDelete={useDeleteExperiment}
      rowLabel={(e) => e.title}
      emptyText="No experiments yet. Launch the first one."
      toolbar={<AddExperimentDialog />}
      EditDialog={EditExperimentDialog}
    />
  );
}
