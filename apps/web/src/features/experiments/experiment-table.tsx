import type { Experiment, ExperimentPageRequest } from '@journey/contracts';
import { EXPERIMENT_PAGE_DEFAULTS, STATUS_COLORS } from '@journey/contracts/constants';
import { Badge } from '@mantine/core';
import type { Column } from '../../components/data-table';
import { EntityTable } from '../../components/entity-table';
import { CreateExperimentButton } from './create-experiment-button';
import { ExperimentStateBadge } from './experiment-state-note';
import { useRevenueRulesAction } from './revenue-rules-action';
import { UpdateExperimentDialog } from './update-experiment-dialog';
import { useDeleteExperiment, useExperimentPage } from './use-experiments';

const COLUMNS: Column<Experiment, ExperimentPageRequest['sort']>[] = [
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
  { label: 'State', render: (e) => <ExperimentStateBadge state={e.state} size="sm" /> },
  { label: 'Projects', sort: 'projectCount', align: 'right', render: (e) => e.projectCount },
];

export function ExperimentTable() {
  // docs/decisions/082-experiment-money.md: which connections, products and prices are each one's revenue.
  const rules = useRevenueRulesAction();
  return (
    <>
      <EntityTable
        caption="Experiments"
        noun="experiment"
        columns={COLUMNS}
        defaultSort={EXPERIMENT_PAGE_DEFAULTS}
        usePage={useExperimentPage}
        useDelete={useDeleteExperiment}
        rowActions={rules.button}
        rowLabel={(e) => e.title}
        emptyText="No experiments yet. Launch the first one."
        toolbar={<CreateExperimentButton />}
        UpdateDialog={UpdateExperimentDialog}
      />
      {rules.dialog}
    </>
  );
}
