import type { RevenueSnapshot } from '@journey/contracts';
import { REVENUE_SOURCE_SHORT_LABELS } from '@journey/contracts/constants';
import type { ReactNode } from 'react';
import { formatDate, formatMoney } from '../../lib/format';
import { DeletedList, type DeletedColumn } from '../entry-history/deleted-list';
import type { RevenueRow } from './revenue-history-action';
import { useDeletedRevenues } from './use-revenue';

const COLUMNS: DeletedColumn<RevenueSnapshot>[] = [
  { label: 'Source', render: (entry) => REVENUE_SOURCE_SHORT_LABELS[entry.source] },
  { label: 'Amount', align: 'right', render: (entry) => formatMoney(entry.amount) },
  { label: 'Description', render: (entry) => entry.description },
  { label: 'Date', render: (entry) => formatDate(entry.date) },
];

/** 'Recently deleted' under the revenue table: restored by undoing the delete in an entry's History. */
export function DeletedRevenueList(props: { historyButton: (revenue: RevenueRow) => ReactNode }) {
  const { data: deleted } = useDeletedRevenues();
  return (
    <DeletedList
      titleId="deleted-revenue-title"
      hint="Open an entry's history and undo its delete to restore it."
      columns={COLUMNS}
      rows={deleted}
      historyButton={props.historyButton}
      minWidth={560}
    />
  );
}
