import type { Revenue, RevenuePageRequest } from '@journey/contracts';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { REVENUE_PAGE_DEFAULTS, REVENUE_SOURCE_SHORT_LABELS } from '@journey/contracts/constants';
import type { Column } from '../../components/data-table';
import { EntityTable } from '../../components/entity-table';
import { formatDate, formatMoney } from '../../lib/format';
import { CreateRevenueButton } from './create-revenue-button';
import { UpdateRevenueDialog } from './update-revenue-dialog';
import { useDeleteRevenue, useRevenuePage } from './use-revenue';

const COLUMNS: Column<Revenue, RevenuePageRequest['sort']>[] = [
  { label: 'Source', sort: 'source', render: (r) => REVENUE_SOURCE_SHORT_LABELS[r.source] },
  { label: 'Amount', sort: 'amount', align: 'right', render: (r) => formatMoney(r.amount) },
  { label: 'Description', sort: 'description', render: (r) => r.description },
  { label: 'Date', sort: 'date', render: (r) => formatDate(r.date) },
];

// Only fetched once an admin opens a history.
const RevenueHistoryDialog = lazy(async () => ({
  default: (await import('./revenue-history-dialog')).RevenueHistoryDialog,
}));

const rowLabel = (r: Revenue) => `${formatMoney(r.amount)} from ${formatDate(r.date)}`;

export function RevenueTable() {
  const [inHistory, setInHistory] = useState<Revenue | null>(null);
  return (
    <>
      <EntityTable
        caption="Revenue entries"
        noun="revenue entry"
        columns={COLUMNS}
        defaultSort={REVENUE_PAGE_DEFAULTS}
        usePage={useRevenuePage}
        useDelete={useDeleteRevenue}
        rowLabel={rowLabel}
        emptyText="No revenue yet. Add the first entry."
        toolbar={<CreateRevenueButton />}
        UpdateDialog={UpdateRevenueDialog}
        deleteReason
        rowActions={(r) => (
          <Tooltip label="History">
            <ActionIcon
              variant="subtle"
              aria-label={`History of revenue entry ${rowLabel(r)}`}
              onClick={() => setInHistory(r)}
            >
              <IconHistory size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      />
      {inHistory && (
        <Suspense fallback={null}>
          <RevenueHistoryDialog
            revenue={inHistory}
            label={`revenue entry ${rowLabel(inHistory)}`}
            onClose={() => setInHistory(null)}
          />
        </Suspense>
      )}
    </>
  );
}
