import type { CostSnapshot } from '@journey/contracts';
import { COST_CATEGORY_LABELS } from '@journey/contracts/constants';
import { useMemo } from 'react';
import { formatDate, formatMoney } from '../../lib/format';
import { historyFieldOf, type EntryHistoryKind, type HistoryRow } from '../entry-history/history-kind';
import { useCostHistory, useExperimentTitle, useUndoCost } from './use-costs';

/** What a cost's history is opened for: a row of the table, or a deleted cost's last values. */
export type CostRow = HistoryRow<CostSnapshot>;

/** "$12.00 from Jan 2, 2025": names a cost in its row's buttons and its history's title. */
export const costRowLabel = (cost: Pick<CostSnapshot, 'amount' | 'date'>) =>
  `${formatMoney(cost.amount)} from ${formatDate(cost.date)}`;

const field = historyFieldOf<CostSnapshot>();

/** The fields a change lists, the experiment by its title ('None' for a cost of no experiment). */
function useCostFields() {
  const experimentTitle = useExperimentTitle();
  return useMemo(
    () => [
      field('amount', 'Amount', formatMoney),
      field('category', 'Category', (category) => COST_CATEGORY_LABELS[category]),
      field('description', 'Description', (text) => `“${text}”`),
      field('date', 'Date', formatDate),
      field('experimentId', 'Experiment', (id) => (id === null ? 'None' : experimentTitle(id))),
    ],
    [experimentTitle],
  );
}

/**
 * A cost's history (docs/decisions/084-ledger-commitments.md, "Costs in the ledger"): its writes are
 * recorded and undone as a revenue entry's are (decision 043).
 */
export const COST_HISTORY: EntryHistoryKind<CostSnapshot> = {
  noun: 'cost',
  noChanges: 'No change of this cost has been recorded.',
  useHistory: useCostHistory,
  useUndo: useUndoCost,
  useFields: useCostFields,
};
