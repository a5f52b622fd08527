import type { RevenueSeries } from '@journey/contracts';
import {
  centsOfDecimal,
  decimalOfCents,
  perSource,
  REVENUE_SOURCES,
  type PerSource,
} from '@journey/contracts/constants';

/** One month's revenue by source and in all, as exact decimal strings. */
export type MonthlyAmounts = { date: string; total: string } & PerSource<string>;

/**
 * Revenue per month from the running totals of the whole journey (the 'all' series, bucketed by
 * month): each month's total minus the one before, in cents, so nothing is rounded.
 */
export function monthlyAmounts(series: RevenueSeries): MonthlyAmounts[] {
  if (series.bucket !== 'month') return [];
  let before = perSource(() => 0n);
  return series.points.map((point) => {
    const cumulative = perSource((source) => centsOfDecimal(point[source]));
    const month = perSource((source) => cumulative[source] - before[source]);
    before = cumulative;
    const total = REVENUE_SOURCES.reduce((sum, source) => sum + month[source], 0n);
    return {
      date: point.date,
      ...perSource((source) => decimalOfCents(month[source])),
      total: decimalOfCents(total),
    };
  });
}
