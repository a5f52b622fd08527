import type { CostSnapshot } from '@journey/contracts';
import { COST_CATEGORY_LABELS } from '@journey/contracts/constants';
import { useMemo, type ReactNode } from 'react';
import { formatDate, formatMoney } from '../../lib/format';
import { DeletedList, type DeletedColumn } from '../entry-history/deleted-list';
import type { CostRow } from './cost-history';
import { useDeletedCosts, useExperimentTitle } from './use-costs';

/** 'Recently deleted' under the costs table: restored by undoing the delete in a cost's History. */
export function DeletedCostList(props: { historyButton: (cost: CostRow) => ReactNode }) {
  const { data: deleted } = useDeletedCosts();
  const experimentTitle = useExperimentTitle();
  // The costs table's columns, in its order.
  const columns = useMemo<DeletedColumn<CostSnapshot>[]>(
    () => [
      { label: 'Date', render: (cost) => formatDate(cost.date) },
      { label: 'Amount', align: 'right', render: (cost) => formatMoney(cost.amount) },
      { label: 'Category', render: (cost) => COST_CATEGORY_LABELS[cost.category] },
      { label: 'Description', render: (cost) => cost.description },
      { label: 'Experiment', render: (cost) => experimentTitle(cost.experimentId) },
    ],
    [experimentTitle],
  );
  return (
    <DeletedList
      titleId="deleted-costs-title"
      hint="Open a cost's history and undo its delete to restore it."
      columns={columns}
      rows={deleted}
      historyButton={props.historyButton}
      minWidth={800}
    />
  );
}
