import { type REVENUE_SORTS, type Revenue } from '@journey/contracts';
import type { Column } from '../../components/data-table';
import { EntityTable } from '../../components/entity-table';
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
  return (
    <EntityTable
      caption="Revenue entries"
      noun="revenue entry"
      columns={COLUMNS}
      defaultSort={{ sort: 'date', direction: 'desc' }}
      usePage={useRevenuePage}
      useDelete={useDeleteRevenue}
      rowLabel={(r) => `${formatMoney(r.amount)} from ${formatDate(r.date)}`}
      emptyText="No revenue yet. Add the first entry."
      toolbar={<AddRevenueDialog />}
      EditDialog={EditRevenueDialog}
    />
  );
}
