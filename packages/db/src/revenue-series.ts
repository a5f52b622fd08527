import {
  perSource,
  REVENUE_SERIES_BUCKET_OF,
  REVENUE_SOURCES,
  type RevenueSeries,
  type RevenueSeriesPoint,
  type RevenueSeriesRange,
} from '@journey/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { revenueDays } from './schema';

/** How far back each fixed span reaches from today; `all` starts at the first entry instead. */
const SPAN: Record<Exclude<RevenueSeriesRange, 'all'>, string> = {
  '30d': '30 days',
  '90d': '90 days',
  '1y': '1 year',
};

/**
 * Cumulative revenue by source at the end of each bucket (day, ISO week or month, in UTC) from the
 * range's start to today's bucket, in one query over the daily sums (`revenue_days`). Entries before the range start are folded into its
 * first bucket, so every point is the journey's running total; `generate_series` lists the buckets
 * without revenue too, so the line never breaks. Sums are exact `numeric`, sent as decimal strings.
 * No revenue at all gives no points.
 */
export async function revenueSeries(
  db: Database,
  range: RevenueSeriesRange,
  now: Date = new Date(),
): Promise<RevenueSeries> {
  const bucket = REVENUE_SERIES_BUCKET_OF[range];
  const step = `1 ${bucket}`;
  const today = sql`(${now.toISOString()}::timestamptz at time zone 'UTC')::date::timestamp`;
  const start =
    range === 'all'
      ? sql`(select min(${revenueDays.day}) from ${revenueDays})::timestamp`
      : sql`${today} - ${SPAN[range]}::interval`;
  const money = (column: string) =>
    sql.raw(`round(coalesce(sum(s.${column}) over w, 0), 2)::text as ${column}`);
  const sumsBySource = REVENUE_SOURCES.map(
    (source) =>
      sql`sum(${revenueDays.amount}) filter (where ${revenueDays.source} = ${source}) as ${sql.identifier(source)}`,
  );
  // Days, not entries (revenue_days): a bucket starts at midnight UTC, so an entry falls in the bucket
  // of its UTC day. In SQL: window functions over a generated series are beyond Drizzle's query builder.
  const rows = await db.execute<RevenueSeriesPoint>(sql`
    with bounds as (
      select date_trunc(${bucket}, ${start}) as first, date_trunc(${bucket}, ${today}) as last
      where exists (select 1 from ${revenueDays})
    ),
    sums as (
      select greatest(date_trunc(${bucket}, ${revenueDays.day}::timestamp), bounds.first) as bucket,
        ${sql.join(sumsBySource, sql`, `)},
        sum(${revenueDays.amount}) as total
      from ${revenueDays}, bounds
      where ${revenueDays.day} < (bounds.last + ${step}::interval)::date
      group by 1
    )
    select to_char(b.bucket, 'YYYY-MM-DD') as date,
      ${sql.join([...REVENUE_SOURCES, 'total'].map(money), sql`, `)}
    from bounds
    cross join generate_series(least(bounds.first, bounds.last), bounds.last, ${step}::interval) as b(bucket)
    left join sums s on s.bucket = b.bucket
    window w as (order by b.bucket)
    order by b.bucket
  `);
  // A plain object per point (the driver's rows carry more), its keys in the contract's order.
  const points = rows.map((point) => ({
    date: point.date,
    ...perSource((source) => point[source]),
    total: point.total,
  }));
  return { range, bucket, points, private: false };
}
