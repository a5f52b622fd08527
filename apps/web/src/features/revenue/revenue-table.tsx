import type { Revenue, RevenuePageRequest } from '@journey/contracts';
import { REVENUE_PAGE_DEFAULTS, REVENUE_SOURCE_SHORT_LABELS } from '@journey/contracts/constants';
import type { Column } from '../../components/data-table';
import { EntityTable } from '../../components/entity-table';
import { formatDate, formatMoney } from '../../lib/format';
import { AdminLedger } from '../ledger/admin-ledger';
import { ImportButton } from '../revenue-imports/import-button';
import { CreateRevenueButton } from './create-revenue-button';
import { DeletedRevenueList } from './deleted-revenue-list';
import { useRevenueHistoryAction, type RevenueRow } from './revenue-history-action';
import { RevenueProvenance } from './revenue-provenance';
import { UpdateRevenueDialog } from './update-revenue-dialog';
import { useDeleteRevenue, useRevenuePage } from './use-revenue';

const COLUMNS: Column<Revenue, RevenuePageRequest['sort']>[] = [
  { label: 'Source', sort: 'source', render: (r) => REVENUE_SOURCE_SHORT_LABELS[r.source] },
  { label: 'Amount', sort: 'amount', align: 'right', render: (r) => formatMoney(r.amount) },
  { label: 'Description', sort: 'description', render: (r) => r.description },
  { label: 'Date', sort: 'date', render: (r) => formatDate(r.date) },
  // docs/decisions/076-revenue-provenance.md: who vouches for the figure, and what the customer paid.
  { label: 'Provenance', render: (r) => <RevenueProvenance revenue={r} /> },
];

const rowLabel = (r: RevenueRow) => `${formatMoney(r.amount)} from ${formatDate(r.date)}`;

export function RevenueTable() {
  const history = useRevenueHistoryAction(rowLabel);
  return (
    <>
      <EntityTable
        caption="Revenue entries"
        noun="revenue entry"
        columns={COLUMNS}
        // An edit and a delete ask why (docs/decisions/043-correction-ledger.md).
        deleteReason
        defaultSort={REVENUE_PAGE_DEFAULTS}
        usePage={useRevenuePage}
        useDelete={useDeleteRevenue}
        rowActions={history.button}
        rowLabel={rowLabel}
        emptyText="No revenue yet. Add the first entry."
        toolbar={
          <>
            <ImportButton />
            <CreateRevenueButton />
          </>
        }
        UpdateDialog={UpdateRevenueDialog}
      />
      <DeletedRevenueList historyButton={history.button} />
      {/* The ledger's rows, and the reveal of a private one (docs/decisions/084-ledger-commitments.md). */}
      <AdminLedger />
      {history.dialog}
    </>
  );
}
