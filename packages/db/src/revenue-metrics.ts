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
  /** The last and the first of the three complete months before the current one. */
  lastCompleteMonth: string;
  thirdCompleteMonth: string;
  /** `YYYY-MM-DD` of the first entry, null without revenue. */
  firstEntryDate: string | null;
  /** Sources with revenue in the 90 days up to `now`. */
  activeSources: number;
  /** Everything earned so far. */
  cumulative: string;
}

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
  const result = await db.execute(sql`
    with monthly as (
      select to_char(${revenueDays.day}, 'YYYY-MM') as month, sum(${revenueDays.amount}) as total
      from ${revenueDays}
      group by 1
    ),
    best as (select month, total from monthly order by total desc, month asc limit 1)
    select
      ${monthTotal(0)} as "currentMonth",
      ${monthTotal(-1)} as "previousMonth",
      (select month from best) as "bestMonthMonth",
      (select round(total, 2)::text from best) as "bestMonthTotal",
      ${monthTotal(-1)} as "lastCompleteMonth",
      ${monthTotal(-3)} as "thirdCompleteMonth",
      (select to_char(min(${revenueDays.day}), 'YYYY-MM-DD') from ${revenueDays}) as "firstEntryDate",
      (select count(distinct ${revenues.source})::int from ${revenues}
        where ${revenues.date} > ${instant} - interval '90 days' and ${revenues.date} <= ${instant}) as "activeSources",
      ${money(sql`(select sum(${revenueDays.amount}) from ${revenueDays})`)} as "cumulative"
  `);
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  const row = rows[0] as Record<string, string | number | null>;
  return {
    currentMonth: String(row.currentMonth),
    previousMonth: String(row.previousMonth),
    bestMonth:
      row.bestMonthMonth === null
        ? null
        : { month: String(row.bestMonthMonth), total: String(row.bestMonthTotal) },
    lastCompleteMonth: String(row.lastCompleteMonth),
    thirdCompleteMonth: String(row.thirdCompleteMonth),
    firstEntryDate: row.firstEntryDate === null ? null : String(row.firstEntryDate),
    activeSources: Number(row.activeSources),
    cumulative: String(row.cumulative),
  };
}
