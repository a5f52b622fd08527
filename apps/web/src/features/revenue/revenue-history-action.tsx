import type { RevenueSnapshot } from '@journey/contracts';
import { REVENUE_SOURCE_SHORT_LABELS } from '@journey/contracts/constants';
import { formatDate, formatMoney } from '../../lib/format';
import { useHistoryAction } from '../entry-history/history-action';
import { historyFieldOf, type EntryHistoryKind, type HistoryRow } from '../entry-history/history-kind';
import { useRevenueHistory, useUndoRevenue } from './use-revenue';

/** What a history is opened for: a row of the table, or a deleted entry's last values. */
export type RevenueRow = HistoryRow<RevenueSnapshot>;

const field = historyFieldOf<RevenueSnapshot>();
const FIELDS = [
  field('amount', 'Amount', formatMoney),
  field('source', 'Source', (source) => REVENUE_SOURCE_SHORT_LABELS[source]),
  field('description', 'Description', (text) => text),
  field('date', 'Date', formatDate),
];

/** A revenue entry's history (docs/decisions/043-correction-ledger.md), as the shared parts show it. */
export const REVENUE_HISTORY: EntryHistoryKind<RevenueSnapshot> = {
  noun: 'revenue entry',
  noChanges: 'No change of this entry has been recorded.',
  useHistory: useRevenueHistory,
  useUndo: useUndoRevenue,
  useFields: () => FIELDS,
};

/**
 * The revenue table's "History" row action: `button` for each row, and the one `dialog` it opens, to
 * render beside the table.
 */
export const useRevenueHistoryAction = (rowLabel: (revenue: RevenueRow) => string) =>
  useHistoryAction(REVENUE_HISTORY, rowLabel);
