import type { RevenueMetrics, RevenueSeries } from '@journey/contracts';
import { REVENUE_TARGET } from '@journey/contracts/constants';

/** One month of the 'Toward $1B' view: the running total logged, or the one projected, or both where they meet. */
export interface ForecastRow {
  /** `YYYY-MM`. */
  month: string;
  /** Months since year 0: the chart's x axis, so thinned projected months keep their true spacing. */
  index: number;
  actual: number | null;
  projected: number | null;
  /** The exact figure as the server wrote it, for the table. */
  total: string;
}

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;

/**
 * The history (the whole-journey series, one point a month) and the server's projection as one list
 * of months. On a log scale a month without revenue yet (zero) cannot be drawn: it is left out. The
 * projection starts from the last logged month, so the dashed line continues the solid one.
 */
export function forecastRows(series: RevenueSeries, metrics: RevenueMetrics): ForecastRow[] {
  const logged: ForecastRow[] = series.points
    .filter((point) => Number(point.total) > 0)
    .map((point) => {
      const month = point.date.slice(0, 7);
      return {
        month,
        index: monthIndex(month),
        actual: Number(point.total),
        projected: null,
        total: point.total,
      };
    });
  const last = logged.at(-1);
  const projected: ForecastRow[] = metrics.forecast.projection
    .filter((point) => !last || point.month > last.month)
    .map((point) => ({
      month: point.month,
      index: monthIndex(point.month),
      actual: null,
      projected: Number(point.total),
      total: point.total,
    }));
  if (last && projected.length > 0) last.projected = last.actual;
  return [...logged, ...projected];
}

/** Powers of ten from below the smallest figure up to $1B: the log axis's ticks. */
export function logTicks(rows: readonly ForecastRow[]): number[] {
  const smallest = Math.min(
    REVENUE_TARGET,
    ...rows.map((row) => row.actual ?? row.projected ?? REVENUE_TARGET),
  );
  const ticks: number[] = [];
  for (let tick = 10 ** Math.max(0, Math.floor(Math.log10(smallest))); tick <= REVENUE_TARGET; tick *= 10)
    ticks.push(tick);
  return ticks;
}
