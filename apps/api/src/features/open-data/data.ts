import {
  PERCENTAGE_DECIMALS,
  REVENUE_TARGET,
  shownAmount,
  stricterOf,
  type PrivacyLevel,
} from '@journey/contracts';
import { getRevenueSummary, monthlyRevenueBySource, publicDataFacts } from '@journey/db';
import { csvRows } from '../../http/csv';
import type { Services } from '../../trpc/context';
import { readPrivacy, shownSummary } from '../privacy/shown-figures';
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

/** `summary.json`: the totals the tracker shows, with the target, as the owner's privacy allows. */
export async function publicSummary(
  services: Pick<Services, 'config' | 'database' | 'now'>,
): Promise<PublicSummary> {
  const [totals, facts, privacy] = await Promise.all([
    getRevenueSummary(services.database.db),
    publicDataFacts(services.database.db),
    readPrivacy(services),
  ]);
  const summary = shownSummary(totals, privacy);
  return {
    ...summary,
    target: REVENUE_TARGET.toFixed(2),
    // The percent names the total to the cent: it goes with it.
    percentage: summary.totalRevenue === null ? null : percentOfTarget(summary.totalRevenue),
    milestoneCount: facts.milestoneCount,
    lastUpdated: facts.lastUpdated,
  };
}

/**
 * `revenue.csv`: one row per month with the amounts by source and their total, each cell as the
 * owner shows it: the amount, its band, or empty; no rows at all while the months are hidden.
 */
export async function revenueCsv(services: Pick<Services, 'config' | 'database' | 'now'>): Promise<string> {
  const [months, privacy] = await Promise.all([
    monthlyRevenueBySource(services.database.db),
    readPrivacy(services),
  ]);
  const cell = (value: string, level: PrivacyLevel) => {
    const shown = shownAmount(value, level);
    return shown.amount ?? shown.range ?? '';
  };
  const bySource = stricterOf(privacy.monthly, privacy.bySource);
  const rows =
    privacy.monthly === 'hidden'
      ? []
      : months.map((row) =>
          REVENUE_CSV_COLUMNS.map((column) =>
            column === 'month'
              ? row.month
              : cell(row[column], column === 'total' ? privacy.monthly : bySource),
          ),
        );
  return csvRows([REVENUE_CSV_COLUMNS, ...rows]);
}
