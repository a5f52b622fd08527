import {
  FORECAST_TARGET_MAX,
  perSource,
  REVENUE_TARGET,
  type RevenueMetrics,
  type RevenueSource,
  type Settings,
} from '@journey/contracts';
import { monthOf, revenueAggregates, type RevenueAggregates } from '@journey/db';
import type { Services } from '../../trpc/context';
import type { ExactMetrics } from '../privacy/shown-figures';
import { readSettings } from '../settings/read';
import { daysSince, growthAndForecast, type MonthlyHistory } from './forecast';
import { RECURRING_HOW_CALCULATED, recurringRevenue } from './recurring';

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
    'The trend of the last six complete months: a straight line fitted by least squares to the logarithm of each month’s revenue, its slope turned into growth per month, so one weak or strong month moves it little. It takes six complete months, each with revenue (the first month counts only if it began on the 1st).',
  growth:
    'The trend’s growth per month, with its 80 % confidence interval (from the slope’s t interval over the six months) and R², the share of the months’ variation the line explains.',
  daysElapsed: 'Whole days from the journey start date set by the owner to today (UTC).',
  activeSources: 'How many of the revenue sources have at least one entry in the last 90 days.',
  cumulativeTotal: 'The sum of every revenue entry so far.',
  reachesTargetIn:
    'A forecast only once it means something: six complete months, a rising trend, and a line that explains at least half of the months’ variation (R² ≥ 0.5). Then every month from this one earns what the trend line gives it (this month at least what is logged), and the likely month is the one the running total passes $1,000,000,000; the earliest and the latest come from the high and the low end of the growth’s 80 % interval. No month after December 2100 is named.',
  projection:
    'The running total month by month along the trend, from this month to the likely forecast month (at most 120 evenly spaced months).',
  requiredMonthlyGrowth:
    'The monthly growth, applied from this month on to the trend’s level in the last complete month (without a trend, that month’s revenue), that brings the running total to $1,000,000,000 by the end of the target month.',
  ...RECURRING_HOW_CALCULATED,
};

/** One history of the aggregates: all sources together, or one. */
function historyOf(aggregates: RevenueAggregates, source?: RevenueSource): MonthlyHistory {
  return {
    recent: aggregates.recentMonths.map((month) => Number(source ? month.bySource[source] : month.total)),
    firstEntryDate: source ? aggregates.sources[source].firstEntryDate : aggregates.firstEntryDate,
    cumulative: Number(source ? aggregates.sources[source].cumulative : aggregates.cumulative),
  };
}

/** docs/decisions/042-revenue-metrics.md: the aggregates in SQL; the trend and the forecast from them (055). */
export async function revenueMetrics(
  services: Pick<Services, 'config' | 'database' | 'now'>,
): Promise<ExactMetrics> {
  const now = services.now();
  const [aggregates, settings, recurring] = await Promise.all([
    revenueAggregates(services.database.db, now),
    readSettings(services),
    recurringRevenue(services.database.db, now),
  ]);
  const goal = { target: REVENUE_TARGET, targetMonth: targetMonthOf(settings) };
  const all = growthAndForecast(historyOf(aggregates), goal, now);
  const bySource = perSource((source) => {
    const { forecast, ...trend } = growthAndForecast(historyOf(aggregates, source), goal, now);
    const { projection: _projection, ...withoutLine } = forecast;
    return { ...trend, forecast: withoutLine };
  });
  return {
    currentMonth: { month: monthOf(now), total: aggregates.currentMonth },
    previousMonth: { month: monthOf(now, -1), total: aggregates.previousMonth },
    bestMonth: aggregates.bestMonth,
    monthlyGrowthRate: all.monthlyGrowthRate,
    growth: all.growth,
    daysElapsed: daysSince(settings.journeyStartDate, now),
    activeSources: aggregates.activeSources,
    cumulativeTotal: aggregates.cumulative,
    forecast: {
      ...all.forecast,
      target: TARGET,
      targetMonth: goal.targetMonth,
      horizon: FORECAST_TARGET_MAX,
    },
    bySource,
    ...recurring,
    howCalculated: HOW_CALCULATED,
  };
}
