import { perSource, type PerSource, type RevenueSource } from '@journey/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { revenueDays, revenues } from './schema';

/** A calendar month in UTC, `YYYY-MM`, `offset` months from the one `now` falls in. */
export function monthOf(now: Date, offset = 0): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return date.toISOString().slice(0, 7);
}

/** The figures the metrics are built from, every sum an exact decimal string with two decimals. */
export interface RevenueAggregates {
  /** Revenue of the month `now` falls in, and of the month before. */
  currentMonth: string;
  previousMonth: string;
  /** The month with the most revenue (the earliest of equals); null without revenue. */
  bestMonth: { month: string; total: string } | null;
  /** `YYYY-MM-DD` of the first entry, null without revenue. */
  firstEntryDate: string | null;
  /** Sources with revenue in the 90 days up to `now`. */
  activeSources: number;
  /** Everything earned so far. */
  cumulative: string;
  /**
   * The seven months of the growth trend (docs/decisions/055-a-trend-not-two-months.md): the six
   * complete months before the current one, oldest first, then the current one; each with its total
   * and every source's.
   */
  recentMonths: { month: string; total: string; bySource: PerSource<string> }[];
  /** Every source's first entry (`YYYY-MM-DD`, null without one) and running total. */
  sources: PerSource<{ firstEntryDate: string | null; cumulative: string }>;
}

/** The months of `recentMonths`: six complete ones and the current one. */
export const RECENT_MONTHS = 7;

/**
 * Every aggregate of the revenue metrics in one query (docs/decisions/042-revenue-metrics.md), in
 * `numeric`: months are UTC calendar months, as in the revenue series.
 */
export async function revenueAggregates(db: Database, now: Date): Promise<RevenueAggregates> {
  const month = (offset: number) => monthOf(now, offset);
  const money = (expression: ReturnType<typeof sql>) => sql`round(coalesce(${expression}, 0), 2)::text`;
  const monthTotal = (offset: number) =>
    money(sql`(select total from monthly where month = ${month(offset)})`);
  const instant = sql`${now.toISOString()}::timestamptz`;
  // Months from the daily sums (revenue_days); only the 90-day window needs the entries' instants.
  // In SQL: grouping sets and JSON aggregates in one round trip are beyond Drizzle's query builder.
  const [row] = await db.execute<AggregateRow>(sql`
    with monthly as (
      select to_char(${revenueDays.day}, 'YYYY-MM') as month, sum(${revenueDays.amount}) as total
      from ${revenueDays}
      group by 1
    ),
    best as (select month, total from monthly order by total desc, month asc limit 1),
    -- A row per month and source, and one per month (source null) for its total: both summed here.
    recent as (
      select to_char(${revenueDays.day}, 'YYYY-MM') as month, ${revenueDays.source} as source,
        sum(${revenueDays.amount}) as total
      from ${revenueDays}
      where ${revenueDays.day} >= ${`${month(1 - RECENT_MONTHS)}-01`}::date
        and ${revenueDays.day} < ${`${month(1)}-01`}::date
      group by grouping sets ((1, 2), (1))
    ),
    by_source as (
      select ${revenueDays.source} as source, min(${revenueDays.day}) as first, sum(${revenueDays.amount}) as total
      from ${revenueDays}
      group by 1
    )
    select
      ${monthTotal(0)} as "currentMonth",
      ${monthTotal(-1)} as "previousMonth",
      (select month from best) as "bestMonthMonth",
      (select round(total, 2)::text from best) as "bestMonthTotal",
      (select to_char(min(${revenueDays.day}), 'YYYY-MM-DD') from ${revenueDays}) as "firstEntryDate",
      (select count(distinct ${revenues.source})::int from ${revenues}
        where ${revenues.date} > ${instant} - interval '90 days' and ${revenues.date} <= ${instant}) as "activeSources",
      ${money(sql`(select sum(${revenueDays.amount}) from ${revenueDays})`)} as "cumulative",
      (select coalesce(json_agg(json_build_object('month', month, 'source', source, 'total', round(total, 2)::text)), '[]'::json)
        from recent) as "recent",
      (select coalesce(json_agg(json_build_object('source', source, 'first', to_char(first, 'YYYY-MM-DD'), 'total', round(total, 2)::text)), '[]'::json)
        from by_source) as "sources"
  `);
  if (!row) throw new Error('the aggregates query returned no row');
  return {
    currentMonth: String(row.currentMonth),
    previousMonth: String(row.previousMonth),
    bestMonth:
      row.bestMonthMonth === null
        ? null
        : { month: String(row.bestMonthMonth), total: String(row.bestMonthTotal) },
    firstEntryDate: row.firstEntryDate === null ? null : String(row.firstEntryDate),
    activeSources: Number(row.activeSources),
    cumulative: String(row.cumulative),
    recentMonths: recentMonths(now, row.recent),
    sources: sourceTotals(row.sources),
  };
}

type AggregateRow = Record<string, string | number | null> & { recent: RecentRow[]; sources: SourceRow[] };

interface RecentRow {
  month: string;
  source: RevenueSource | null;
  total: string;
}
interface SourceRow {
  source: RevenueSource;
  first: string;
  total: string;
}

/** Every one of the seven months, with zeros where nothing was earned. */
function recentMonths(now: Date, rows: RecentRow[]): AggregatesOf<'recentMonths'> {
  const totalOf = (month: string, source: RevenueSource | null) =>
    rows.find((row) => row.month === month && row.source === source)?.total ?? '0.00';
  return Array.from({ length: RECENT_MONTHS }, (_, index) => {
    const month = monthOf(now, index + 1 - RECENT_MONTHS);
    return { month, total: totalOf(month, null), bySource: perSource((source) => totalOf(month, source)) };
  });
}

function sourceTotals(rows: SourceRow[]): AggregatesOf<'sources'> {
  return perSource((source) => {
    const row = rows.find((candidate) => candidate.source === source);
    return { firstEntryDate: row?.first ?? null, cumulative: row?.total ?? '0.00' };
  });
}

type AggregatesOf<K extends keyof RevenueAggregates> = RevenueAggregates[K];
