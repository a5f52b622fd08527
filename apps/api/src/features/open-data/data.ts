import { PERCENTAGE_DECIMALS, REVENUE_TARGET } from '@journey/contracts';
import { getRevenueSummary, monthlyRevenueBySource, publicDataFacts, type DatabaseHandle } from '@journey/db';
import { csvRows } from '../../http/csv';
import { REVENUE_CSV_COLUMNS, type PublicSummary } from './schemas';

/**
 * Percent of the target (not capped at 100), for charts, to PERCENTAGE_DECIMALS (nine) decimals.
 * The percent is cents ÷ target: one correctly rounded division, so the number is the double
 * nearest that nine-decimal figure and prints as it, with no tail such as 0.0018991000000000001.
 */
export function percentOfTarget(total: string): number {
  const cents = Math.round(Number(total) * 100);
  return Number((cents / REVENUE_TARGET).toFixed(PERCENTAGE_DECIMALS));
}

/** `summary.json`: the totals the tracker shows, with the target, as exact decimal strings. */
export async function publicSummary(database: DatabaseHandle): Promise<PublicSummary> {
  const [summary, facts] = await Promise.all([getRevenueSummary(database.db), publicDataFacts(database.db)]);
  return {
    totalRevenue: summary.totalRevenue,
    bySource: summary.bySource,
    target: REVENUE_TARGET.toFixed(2),
    percentage: percentOfTarget(summary.totalRevenue),
    milestoneCount: facts.milestoneCount,
    lastUpdated: facts.lastUpdated,
  };
}

/** `revenue.csv`: one row per month with the amounts by source and their total. */
export async function revenueCsv(database: DatabaseHandle): Promise<string> {
  const months = await monthlyRevenueBySource(database.db);
  return csvRows([
    REVENUE_CSV_COLUMNS,
    ...months.map((row) => REVENUE_CSV_COLUMNS.map((column) => row[column])),
  ]);
}
