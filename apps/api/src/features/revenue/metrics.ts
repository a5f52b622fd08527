import { REVENUE_TARGET, type RevenueMetrics } from '@journey/contracts';
import { monthOf, revenueAggregates } from '@journey/db';
import type { Services } from '../../trpc/context';
import { readSettings } from '../settings/read';
import { daysSince, monthlyGrowthRate, reachesTargetIn, requiredMonthlyGrowth } from './forecast';

const TARGET = `${REVENUE_TARGET}.00`;

/** Until the owner picks one on the Site tab: the month ten years after the journey's start. */
const defaultTargetMonth = (journeyStart: string) =>
  `${Number(journeyStart.slice(0, 4)) + 10}${journeyStart.slice(4, 7)}`;

const HOW_CALCULATED: RevenueMetrics['howCalculated'] = {
  currentMonth: 'The sum of the revenue entries dated in the current calendar month (UTC).',
  previousMonth: 'The sum of the revenue entries dated in the calendar month before this one (UTC).',
  bestMonth: 'The calendar month with the highest sum of revenue entries; the earliest one if several tie.',
  monthlyGrowthRate:
    'Compound monthly growth over the last three complete months: (last month ÷ the month two before it)^(1/2) − 1.',
  daysElapsed: 'Whole days from the journey start date set by the owner to today (UTC).',
  activeSources: 'How many of the revenue sources have at least one entry in the last 90 days.',
  cumulativeTotal: 'The sum of every revenue entry so far.',
  reachesTargetIn:
    'If every month from this one earns last month’s revenue grown once more by the monthly growth rate, the month the running total passes $1,000,000,000.',
  requiredMonthlyGrowth:
    'The monthly growth, applied to last month’s revenue from this month on, that brings the running total to $1,000,000,000 by the end of the target month.',
};

/** docs/decisions/042-revenue-metrics.md: the aggregates in SQL, the forecast from them. */
export async function revenueMetrics(
  services: Pick<Services, 'config' | 'database' | 'now'>,
): Promise<RevenueMetrics> {
  const now = services.now();
  const [aggregates, settings] = await Promise.all([
    revenueAggregates(services.database.db, now),
    readSettings(services),
  ]);
  const growth = monthlyGrowthRate(aggregates, now);
  const money = {
    cumulative: Number(aggregates.cumulative),
    base: Number(aggregates.lastCompleteMonth),
    target: REVENUE_TARGET,
  };
  const targetMonth = defaultTargetMonth(settings.journeyStartDate);
  return {
    currentMonth: { month: monthOf(now), total: aggregates.currentMonth },
    previousMonth: { month: monthOf(now, -1), total: aggregates.previousMonth },
    bestMonth: aggregates.bestMonth,
    monthlyGrowthRate: growth,
    daysElapsed: daysSince(settings.journeyStartDate, now),
    activeSources: aggregates.activeSources,
    cumulativeTotal: aggregates.cumulative,
    forecast: {
      target: TARGET,
      reachesTargetIn: reachesTargetIn({ ...money, growth }, now),
      targetMonth,
      requiredMonthlyGrowth: requiredMonthlyGrowth({ ...money, targetMonth }, now),
    },
    howCalculated: HOW_CALCULATED,
  };
}
