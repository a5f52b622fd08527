import { type MILESTONE_SORTS, MILESTONE_TYPE_LABELS, type Milestone } from '@journey/contracts';
import { Badge, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, type Column } from '../../components/data-table';
import { useDeleteFlow } from '../../components/use-delete-flow';
import { useTableQuery } from '../../components/use-table-query';
import { formatDate } from '../../lib/format';
import { AddMilestoneDialog } from './add-milestone-dialog';
import { EditMilestoneDialog } from './edit-milestone-dialog';
import { useDeleteMilestone, useMilestonePage } from './use-milestones';

type Sort = (typeof MILESTONE_SORTS)[number];

const COLUMNS: Column<Milestone, Sort>[] = [
  { label: 'Day', sort: 'day', align: 'right', render: (m) => m.day },
  { label: 'Title', sort: 'title', render: (m) => m.title },
  { label: 'Date', sort: 'date', render: (m) => formatDate(m.date) },
  {
    label: 'Type',
    sort: 'isRevenue',
    render: (m) => (
      <Badge
        variant="light"
        color={m.isRevenue ? 'green.9' : 'blue.9'}
        c={m.isRevenue ? 'green.9' : 'blue.9'}
      >
        {MILESTONE_TYPE_LABELS[m.isRevenue]}
      </Badge>
    ),
  },
];

export function MilestoneTable() {
  const query = useTableQuery<Sort>({ sort: 'day', direction: 'asc' });
  const result = useMilestonePage(query.input);
  const [editing, setEditing] = useState<Milestone | null>(null);
  const remove = useDeleteMilestone();
  const deletion = useDeleteFlow<Milestone>(remove.mutateAsync);
  return (
    <Stack>
      <Group justify="flex-end">
        <AddMilestoneDialog />
      </Group>
      <DataTable
        caption="Milestones"
        noun="milestone"
        columns={COLUMNS}
        query={query}
        page={result.data}
        isPending={result.isPending}
        isFetching={result.isFetching}
        isError={result.isError}
        emptyText="No milestones yet. Add the first one."
        rowLabel={(m) => `${m.title} (day ${m.day})`}
        onEdit={setEditing}
        onDelete={deletion.ask}
        focusRef={deletion.tableRef}
      />
      <EditMilestoneDialog milestone={editing} onClose={() => setEditing(null)} />
      <ConfirmDelete
        noun="milestone"
        opened={deletion.target !== null}
        pending={deletion.pending}
        onCancel={deletion.cancel}
        onConfirm={deletion.confirm}
      />
    </Stack>
  );
}
