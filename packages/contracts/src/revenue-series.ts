/**
 * The revenue-over-time series: which spans a visitor can choose and how finely each is bucketed.
 * Zod-free, so the landing page's first load can read the labels without the schemas.
 */
import { recordOf } from './records';

export const REVENUE_SERIES_RANGES = ['30d', '90d', '1y', 'all'] as const;
export type RevenueSeriesRange = (typeof REVENUE_SERIES_RANGES)[number];

export const REVENUE_SERIES_BUCKETS = ['day', 'week', 'month'] as const;
export type RevenueSeriesBucket = (typeof REVENUE_SERIES_BUCKETS)[number];

/** About 13 to 31 points for the fixed spans; weeks are ISO weeks (from Monday), all in UTC. */
const RANGES: Record<RevenueSeriesRange, { label: string; bucket: RevenueSeriesBucket }> = {
  '30d': { label: '30 days', bucket: 'day' },
  '90d': { label: '90 days', bucket: 'week' },
  '1y': { label: '1 year', bucket: 'month' },
  all: { label: 'All', bucket: 'month' },
};

export const REVENUE_SERIES_RANGE_LABELS = recordOf(REVENUE_SERIES_RANGES, (range) => RANGES[range].label);
export const REVENUE_SERIES_BUCKET_OF = recordOf(REVENUE_SERIES_RANGES, (range) => RANGES[range].bucket);

/** The whole journey, so the first view tells the whole story. */
export const DEFAULT_REVENUE_SERIES_RANGE: RevenueSeriesRange = 'all';

export const REVENUE_SERIES_PATH = '/api/revenue/series';
