import { REVENUE_TARGET } from '@journey/contracts';
import { getRevenueSummary, monthlyRevenueBySource, publicDataFacts, type DatabaseHandle } from '@journey/db';
import { csvRows } from '../../http/csv';
import { REVENUE_CSV_COLUMNS, type PublicSummary } from './schemas';

/** `summary.json`: the totals the tracker shows, with the target, as exact decimal strings. */
export async function publicSummary(database: DatabaseHandle): Promise<PublicSummary> {
  const [summary, facts] = await Promise.all([getRevenueSummary(database.db), publicDataFacts(database.db)]);
  return {
    totalRevenue: summary.totalRevenue,
    bySource: summary.bySource,
    target: REVENUE_TARGET.toFixed(2),
    // Percent of the target (not capped at 100), for charts; the money itself stays exact above.
    percentage: (Number(summary.totalRevenue) / REVENUE_TARGET) * 100,
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
