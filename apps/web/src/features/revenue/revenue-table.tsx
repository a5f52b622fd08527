import { type REVENUE_SORTS, type Revenue } from '@journey/contracts';
import { Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDelete } from '../../components/confirm-delete';
import { DataTable, type Column } from '../../components/data-table';
import { useDeleteFlow } from '../../components/use-delete-flow';
import { useTableQuery } from '../../components/use-table-query';
import { formatDate, formatMoney } from '../../lib/format';
import { AddRevenueDialog } from './add-revenue-dialog';
import { EditRevenueDialog } from './edit-revenue-dialog';
import { useDeleteRevenue, useRevenuePage } from './use-revenue';

type Sort = (typeof REVENUE_SORTS)[number];

/** The source as a capitalised word; "ai" is an acronym, so it reads "AI". */
const SOURCE_NAMES: Record<Revenue['source'], string> = {
  ai: 'AI',
  passive: 'Passive',
  consulting: 'Consulting',
};

const COLUMNS: Column<Revenue, Sort>[] = [
  { label: 'Source', sort: 'source', render: (r) => SOURCE_NAMES[r.source] },
  { label: 'Amount', sort: 'amount', align: 'right', render: (r) => formatMoney(r.amount) },
  { label: 'Description', sort: 'description', render: (r) => r.description },
  { label: 'Date', sort: 'date', render: (r) => formatDate(r.date) },
];

export function RevenueTable() {
  const query = useTableQuery<Sort>({ sort: 'date', direction: 'desc' });
  const result = useRevenuePage(query.input);
  const [editing, setEditing] = useState<Revenue | null>(null);
  const remove = useDeleteRevenue();
  const deletion = useDeleteFlow<Revenue>(remove.mutateAsync);
  return (
    <Stack>
      <Group justify="flex-end">
        <AddRevenueDialog />
      </Group>
      <DataTable
        caption="Revenue entries"
        noun="revenue entry"
        columns={COLUMNS}
        query={query}
        page={result.data}
        isPending={result.isPending}
        isFetching={result.isFetching}
        isError={result.isError}
        emptyText="No revenue yet. Add the first entry."
        rowLabel={(r) => `${formatMoney(r.amount)} from ${formatDate(r.date)}`}
        onEdit={setEditing}
        onDelete={deletion.ask}
        focusRef={deletion.tableRef}
      />
      <EditRevenueDialog revenue={editing} onClose={() => setEditing(null)} />
      <ConfirmDelete
        noun="revenue entry"
        opened={deletion.target !== null}
        pending={deletion.pending}
        onCancel={deletion.cancel}
        onConfirm={deletion.confirm}
      />
    </Stack>
  );
}
