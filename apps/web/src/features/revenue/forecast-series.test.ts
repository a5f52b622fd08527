import type { RevenueMetrics, RevenueSeries } from '@journey/contracts';
import { describe, expect, it } from 'vitest';
import { forecastRows, logTicks } from './forecast-series';

const point = (date: string, total: string) => ({
  date,
  ai: total,
  passive: '0.00',
  consulting: '0.00',
  total,
});

const series: RevenueSeries = {
  range: 'all',
  bucket: 'month',
  private: false,
  points: [
    point('2026-08-01', '0.00'),
    point('2026-09-01', '120.50'),
    point('2026-10-01', '400.00'),
    point('2026-11-01', '900.10'),
  ],
};

const metricsWith = (projection: { month: string; total: string }[]) =>
  ({ forecast: { projection } }) as unknown as RevenueMetrics;

describe('the Toward $1B rows', () => {
  it('leaves out months without revenue, and joins the dashed line to the last logged month', () => {
    const rows = forecastRows(
      series,
      metricsWith([
        { month: '2026-11', total: '1500.00' },
        { month: '2027-01', total: '99000.00' },
        { month: '2030-06', total: '1000000001.00' },
      ]),
    );
    expect(rows.map((row) => [row.month, row.actual, row.projected])).toEqual([
      ['2026-09', 120.5, null],
      ['2026-10', 400, null],
      ['2026-11', 900.1, 900.1],
      ['2027-01', null, 99000],
      ['2030-06', null, 1000000001],
    ]);
    // Thinned months keep their true distance on the x axis.
    expect(rows[4]!.index - rows[3]!.index).toBe(41);
    expect(rows.map((row) => row.total)).toEqual(['120.50', '400.00', '900.10', '99000.00', '1000000001.00']);
  });

  it('draws no dashed line without a projection', () => {
    const rows = forecastRows(series, metricsWith([]));
    expect(rows.every((row) => row.projected === null)).toBe(true);
  });

  it('ticks every power of ten from below the smallest figure to $1B', () => {
    const rows = forecastRows(series, metricsWith([]));
    expect(logTicks(rows)).toEqual([100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9]);
    expect(logTicks([])).toEqual([1e9]);
  });
});
