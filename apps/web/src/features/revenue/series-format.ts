import {
  REVENUE_SOURCE_LABELS,
  REVENUE_SOURCES,
  type RevenueSeriesBucket,
  type RevenueSource,
} from '@journey/contracts/constants';

/** One colour per source, shared by the chart's areas and the table's keys (Mantine palette: both schemes). */
export const SOURCE_COLORS: Record<RevenueSource, string> = {
  ai: 'violet.6',
  passive: 'cyan.6',
  consulting: 'pink.6',
};

/** `violet.6` → the CSS variable Mantine defines for it, for plain elements. */
export const colorVar = (color: string) => `var(--mantine-color-${color.replace('.', '-')})`;

export const SOURCES = REVENUE_SOURCES.map((source) => ({
  source,
  label: REVENUE_SOURCE_LABELS[source],
  color: SOURCE_COLORS[source],
}));

/** Recharts sorts legend items by name; this keeps the sources' stacking order, bottom first. */
export const sourceOrder = (key: unknown) => SOURCES.findIndex(({ source }) => source === key);

/** What the first column of the table calls a bucket. */
export const BUCKET_HEADINGS: Record<RevenueSeriesBucket, string> = {
  day: 'Day',
  week: 'Week of',
  month: 'Month',
};

// Made once: `toLocaleDateString` with options builds a new formatter every call (one per chart point).
const label = (day?: 'numeric') =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', year: 'numeric', day });
const MONTH_LABEL = label();
const DAY_LABEL = label('numeric');

/** "2025-03-01" → "Mar 2025" for months, "Mar 10, 2025" for days and weeks (UTC, as the server buckets). */
export function bucketLabel(date: string, bucket: RevenueSeriesBucket): string {
  const day = new Date(`${date}T00:00:00Z`);
  // What toLocaleDateString says where `format` throws.
  if (Number.isNaN(day.getTime())) return 'Invalid Date';
  return (bucket === 'month' ? MONTH_LABEL : DAY_LABEL).format(day);
}
