import { REVENUE_TARGET, type RevenueMetrics, type Settings } from '@journey/contracts';
import { monthOf, revenueAggregates } from '@journey/db';
import type { Services } from '../../trpc/context';
import { readSettings } from '../settings/read';
import {
  daysSince,
  monthlyGrowthRate,
  projectionPath,
  reachesTargetIn,
  requiredMonthlyGrowth,
} from './forecast';

const TARGET = `${REVENUE_TARGET}.00`;

/** The owner's pick on the Site tab, else the month ten years after the journey's start. */
const targetMonthOf = (settings: Pick<Settings, 'forecastTargetMonth' | 'journeyStartDate'>) =>
  settings.forecastTargetMonth ||
  `${Number(settings.journeyStartDate.slice(0, 4)) + 10}${settings.journeyStartDate.slice(4, 7)}`;

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
  projection:
    'The running total month by month at the monthly growth rate, from this month to the forecast month (at most 120 evenly spaced months).',
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
  const targetMonth = targetMonthOf(settings);
  const reaches = reachesTargetIn({ ...money, growth }, now);
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
      reachesTargetIn: reaches,
      targetMonth,
      requiredMonthlyGrowth: requiredMonthlyGrowth({ ...money, targetMonth }, now),
      projection: projectionPath({ ...money, growth, reachesTargetIn: reaches }, now),
    },
    howCalculated: HOW_CALCULATED,
  };
}
