/**
 * The revenue-over-time series: which spans a visitor can choose and how finely each is bucketed.
 * Zod-free, so the landing page's first load can read the labels without the schemas.
 */
export const REVENUE_SERIES_RANGES = ['30d', '90d', '1y', 'all'] as const;
export type RevenueSeriesRange = (typeof REVENUE_SERIES_RANGES)[number];

export const REVENUE_SERIES_RANGE_LABELS: Record<RevenueSeriesRange, string> = {
  '30d': '30 days',
  '90d': '90 days',
  '1y': '1 year',
  all: 'All',
};

/** The whole journey, so the first view tells the whole story. */
export const DEFAULT_REVENUE_SERIES_RANGE: RevenueSeriesRange = 'all';

export const REVENUE_SERIES_BUCKETS = ['day', 'week', 'month'] as const;
export type RevenueSeriesBucket = (typeof REVENUE_SERIES_BUCKETS)[number];

/** About 13 to 31 points for the fixed spans; weeks are ISO weeks (from Monday), all in UTC. */
export const REVENUE_SERIES_BUCKET_OF: Record<RevenueSeriesRange, RevenueSeriesBucket> = {
  '30d': 'day',
  '90d': 'week',
  '1y': 'month',
  all: 'month',
};

export const REVENUE_SERIES_PATH = '/api/revenue/series';
